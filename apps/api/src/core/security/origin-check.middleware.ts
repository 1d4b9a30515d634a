import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../config/app-config';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sends from another site (CSRF defence on
 * top of SameSite=Lax cookies). Browsers always send Origin on such requests and, in modern
 * ones, Sec-Fetch-Site; clients that send neither (curl, server-to-server) are not browsers
 * carrying a victim's cookies, so they pass.
 */
export function originCheck(config: AppConfig) {
  const allowed = new Set([new URL(config.publicUrl).origin, ...config.allowedOrigins]);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.header('origin');
    const fetchSite = req.header('sec-fetch-site');
    let permitted: boolean;
    if (origin && origin !== 'null') {
      permitted = allowed.has(origin) || isSameHost(origin, req);
    } else if (origin === 'null') {
      permitted = false;
    } else {
      permitted = fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
    }
    if (permitted) return next();
    res.status(403).json({ statusCode: 403, message: 'Cross-origin request refused', error: 'Forbidden' });
  };
}

function isSameHost(origin: string, req: Request): boolean {
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}
