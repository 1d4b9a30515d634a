import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import express, { NextFunction, Request, Response } from 'express';
import { markRoutine } from '../logging/request-logging.middleware';
import { FRONTEND_DIST } from '../paths';
import { routePreloadLinks } from './route-preloads';

/** The encodings the build writes beside each file (scripts/precompress.mjs), in the order we prefer them. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** The files (URL paths) that have a precompressed copy, per encoding: read once, at start. */
function precompressedFiles(distDir: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>(PRECOMPRESSED.map(({ encoding }) => [encoding, new Set<string>()]));
  const walk = (dir: string, urlPrefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name !== '.vite') walk(path.join(dir, entry.name), `${urlPrefix}${entry.name}/`);
        continue;
      }
      for (const { encoding, suffix } of PRECOMPRESSED) {
        if (entry.name.endsWith(suffix)) found.get(encoding)!.add(`${urlPrefix}${entry.name.slice(0, -suffix.length)}`);
      }
    }
  };
  walk(distDir, '/');
  return found;
}

/**
 * Serves the built SPA. Hashed assets are cached for a year; any other GET that asks for
 * HTML (a browser navigating to /reflect/id/…, say) gets index.html so the client router
 * decides, while API calls made with fetch (Accept: JSON or *\/*) reach the controllers.
 * Files the build compressed are sent as they are (brotli, else gzip, as the browser accepts),
 * so no answer of the SPA is compressed twice; the compression middleware skips them.
 */
export function spaMiddleware(distDir: string = FRONTEND_DIST, options: { sessionCookieName?: string } = {}) {
  const indexFile = path.join(distDir, 'index.html');
  const available = existsSync(indexFile);
  const pages = available ? pagesWithPreloads(indexFile, distDir, options.sessionCookieName) : undefined;
  const compressed = available ? precompressedFiles(distDir) : new Map<string, Set<string>>();
  const cacheControl = (urlPath: string) =>
    urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
  const assets = express.static(distDir, {
    index: false,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  /** Sends the precompressed copy of `urlPath` if there is one the browser accepts; false otherwise. */
  const sendPrecompressed = (req: Request, res: Response, next: NextFunction): boolean => {
    const urlPath = req.path;
    const offered = PRECOMPRESSED.filter(({ encoding }) => compressed.get(encoding)?.has(urlPath));
    if (!offered.length) return false;
    // The answer differs by Accept-Encoding whichever copy is chosen, for every cache on the way.
    res.vary('Accept-Encoding');
    const accepted = req.acceptsEncodings(...offered.map(({ encoding }) => encoding));
    const choice = offered.find(({ encoding }) => encoding === accepted);
    if (!choice) return false;
    res.setHeader('Content-Encoding', choice.encoding);
    // The type of the file itself, not of its .br or .gz copy (send keeps a type that is already set).
    res.type(path.extname(urlPath));
    res.setHeader('Cache-Control', cacheControl(urlPath));
    res.sendFile(
      `${urlPath}${choice.suffix}`,
      { root: distDir, dotfiles: 'deny', cacheControl: false },
      (error?: Error) => {
        if (error && !res.headersSent) next(error);
      },
    );
    return true;
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (!available || (req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/')) return next();
    markRoutine(res);
    if (sendPrecompressed(req, res, next)) return;
    assets(req, res, () => {
      const wantsHtml = (req.headers.accept ?? '').includes('text/html');
      if (!wantsHtml) {
        // Not a file of the SPA: a controller answers, and that is worth an info line.
        markRoutine(res, false);
        return next();
      }
      res.setHeader('Cache-Control', 'no-cache');
      const page = pages!.pageFor(req);
      // The links in the page depend on whether the browser has a session.
      if (pages!.variesByCookie) res.vary('Cookie');
      // The page is checked on every visit (no-cache): unchanged, it is a 304 without a body.
      res.setHeader('ETag', page.etag);
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      res.type('html').send(page.html);
    });
  };
}

/** How many addresses' pages are kept ready; a visit past that starts the memo over. */
const PAGE_MEMO_SIZE = 500;

interface Page {
  html: Buffer;
  etag: string;
}

/**
 * index.html for each address, with the `<link>` tags of what its route loads at once
 * (route-preloads.ts), made once per address and session state. Read at the first page asked
 * for: a new build means a new process (npm start builds before it starts the server).
 */
function pagesWithPreloads(indexFile: string, distDir: string, sessionCookieName?: string) {
  let template: string | undefined;
  let links: ReturnType<typeof routePreloadLinks>;
  const memo = new Map<string, Page>();
  const hasSession = sessionCookieName
    ? (req: Request) =>
        (req.headers.cookie ?? '').split(';').some((part) => part.trimStart().startsWith(`${sessionCookieName}=`))
    : () => false;
  const page = (html: string): Page => {
    const body = Buffer.from(html);
    return { html: body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  };
  return {
    get variesByCookie() {
      return Boolean(sessionCookieName && links);
    },
    pageFor(req: Request): Page {
      if (template === undefined) {
        template = readFileSync(indexFile, 'utf8');
        links = routePreloadLinks(distDir);
      }
      const signedIn = hasSession(req);
      const key = `${signedIn ? 1 : 0}${req.path}`;
      const known = memo.get(key);
      if (known) return known;
      const tags = links?.(req.path, signedIn);
      const made = page(tags ? template.replace('</head>', `  ${tags}\n  </head>`) : template);
      if (memo.size >= PAGE_MEMO_SIZE) memo.clear();
      memo.set(key, made);
      return made;
    },
  };
}

export function spaIsBuilt(distDir: string = FRONTEND_DIST): boolean {
  return existsSync(path.join(distDir, 'index.html'));
}
