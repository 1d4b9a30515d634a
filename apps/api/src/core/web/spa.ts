import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import express, { NextFunction, Request, Response } from 'express';
import { markRoutine } from '../logging/request-logging.middleware';
import { FRONTEND_DIST } from '../paths';

/**
 * Serves the built SPA. Hashed assets are cached for a year; any other GET that asks for
 * HTML (a browser navigating to /reflect/id/…, say) gets index.html so the client router
 * decides, while API calls made with fetch (Accept: JSON or *\/*) reach the controllers.
 */
export function spaMiddleware(distDir: string = FRONTEND_DIST) {
  const indexFile = path.join(distDir, 'index.html');
  const available = existsSync(indexFile);
  const indexHtml = () => readFileSync(indexFile);
  const assets = express.static(distDir, {
    index: false,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  return (req: Request, res: Response, next: NextFunction) => {
    if (!available || (req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/')) return next();
    markRoutine(res);
    assets(req, res, () => {
      const wantsHtml = (req.headers.accept ?? '').includes('text/html');
      if (!wantsHtml) {
        // Not a file of the SPA: a controller answers, and that is worth an info line.
        markRoutine(res, false);
        return next();
      }
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(indexHtml());
    });
  };
}

export function spaIsBuilt(distDir: string = FRONTEND_DIST): boolean {
  return existsSync(path.join(distDir, 'index.html'));
}
