import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import { Pool } from 'pg';
import { SESSION_LIFETIME_MS } from '@clari/contracts';
import type { AppConfig } from '../config/app-config';

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
    pool,
    tableName: 'session',
    createTableIfMissing: false,
    // Expired rows are pruned every 15 minutes; off in tests to leave no timers behind.
    pruneSessionInterval: config.nodeEnv === 'test' ? false : 15 * 60,
  });
  return {
    store,
    middleware: session({
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
    }),
  };
}
