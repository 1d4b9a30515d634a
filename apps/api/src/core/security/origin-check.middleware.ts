import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../config/app-config';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sends from another site (CSRF defence on
 * top of SameSite=Lax cookies). Browsers always send Origin on such requests and, in modern
 * ones, Sec-Fetch-Site; without Origin, a Referer from another site is refused too. Clients that
 * send none of these (curl, server-to-server) are not browsers carrying a victim's cookies, so
 * they pass. The Origin is compared with PUBLIC_URL and
 * ALLOWED_ORIGINS only, never with the request's Host header: an attacker's DNS name that
 * resolves to this server (DNS rebinding) sends a matching Host.
 */
export function originCheck(config: AppConfig) {
  const allowed = new Set([...withLoopbackAliases(new URL(config.publicUrl)), ...config.allowedOrigins]);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.header('origin');
    const fetchSite = req.header('sec-fetch-site');
    let permitted: boolean;
    if (origin && origin !== 'null') {
      permitted = allowed.has(origin);
    } else if (origin === 'null') {
      permitted = false;
    } else {
      // No Origin: a Referer from another site still says a browser sent it from there (defence in
      // depth for browsers that send neither Origin nor Sec-Fetch-Site).
      const referer = originOf(req.header('referer'));
      permitted =
        (referer === null || allowed.has(referer)) &&
        (fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none');
    }
    if (permitted) return next();
    res.status(403).json({ statusCode: 403, message: 'Cross-origin request refused', error: 'Forbidden' });
  };
}

/** The origin of a Referer header; null when there is none. An unreadable one counts as foreign. */
function originOf(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origin of PUBLIC_URL; when that is a loopback address (the default http://localhost:PORT),
 * also its other loopback spellings on the same port, so http://127.0.0.1:3000 works on a
 * developer's machine. No other site can be given a loopback name, so this opens nothing.
 */
function withLoopbackAliases(publicUrl: URL): string[] {
  if (!LOOPBACK_HOSTS.includes(publicUrl.hostname)) return [publicUrl.origin];
  const port = publicUrl.port ? `:${publicUrl.port}` : '';
  return LOOPBACK_HOSTS.map((host) => `${publicUrl.protocol}//${host}${port}`);
}
