import connectPgSimple from 'connect-pg-simple';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import { Pool } from 'pg';
import { SESSION_LIFETIME_MS } from '@clari/contracts';
import type { AppConfig } from '../config/app-config';
import { unavailableBody, unavailableDependency } from '../health/unavailable';
import { spaIsBuilt } from '../web/spa';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
  }
}

/**
 * Sessions live in PostgreSQL (the `session` table, created by a migration), so any API
 * process can serve any request. The cookie is HttpOnly, SameSite=Lax, Secure in
 * production, and lives 24 h from login (not extended by activity).
 */
export function sessionMiddleware(config: AppConfig, pool: Pool, secret: string) {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({
    pool: withPreparedStatements(pool),
    tableName: 'session',
    createTableIfMissing: false,
    // Expired rows are pruned every 15 minutes; off in tests to leave no timers behind.
    pruneSessionInterval: config.nodeEnv === 'test' ? false : 15 * 60,
    // Sessions are not extended by activity: no UPDATE per request (a write for every read),
    // and a copied cookie stops working 24 h after the login, as the legal pages say.
    disableTouch: true,
  });
  const middleware = session({
    name: config.session.cookieName,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: config.trustProxy,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.session.secureCookie,
      maxAge: SESSION_LIFETIME_MS,
      path: '/',
    },
  });
  return { store, middleware: withoutSessionWhereUnused(withStoreOutages(middleware)) };
}

/**
 * The store runs a handful of fixed statements, the read on nearly every request. Named, each
 * connection parses and plans them once (a prepared statement; see core/database/sql.ts for
 * the measured difference).
 */
function withPreparedStatements(pool: Pool): Pool {
  const names = new Map<string, string>();
  const prepared = {
    query: (text: string, values?: unknown[]) => {
      let name = names.get(text);
      if (!name) names.set(text, (name = `session-store-${names.size + 1}`));
      return pool.query({ name, text, values });
    },
  };
  // connect-pg-simple calls nothing but query(text, values) on the pool it is given (and ends
  // only a pool it created itself), so this object stands in for the Pool its types ask for.
  return prepared as unknown as Pool;
}

/** API routes that never read the session. */
const SESSIONLESS_API_PATHS = new Set(['/api/health', '/api/config']);

/**
 * Requests that never read the session: health, the public settings and the SPA's files and
 * pages. Skipping the store there keeps them answering while the database is away, even for a
 * browser that sends a session cookie.
 */
function withoutSessionWhereUnused(middleware: RequestHandler): RequestHandler {
  const spaServed = spaIsBuilt();
  return (req, res, next) => {
    if (SESSIONLESS_API_PATHS.has(req.path)) return next();
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (read && !req.path.startsWith('/api/')) {
      const file = req.path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(req.path);
      const page = spaServed && (req.headers.accept ?? '').includes('text/html');
      if (file || page) return next();
    }
    return middleware(req, res, next);
  };
}

/**
 * express-session hands store errors to Express's default handler (a 500 page), outside Nest's
 * exception filter. An unreachable store is answered here as the same 503 the filter gives.
 */
function withStoreOutages(middleware: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) =>
    middleware(req, res, (error?: unknown) => {
      const dependency = error ? unavailableDependency(error) : null;
      if (!dependency) return next(error);
      if (res.headersSent) return;
      const body = unavailableBody(dependency);
      res.setHeader('Retry-After', String(body.retryAfter));
      res.status(503).json(body);
    });
}
