import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from './config/app-config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded-postgres';

/** What the process resolved before Nest starts: the database to use and the session secret. */
export interface Runtime {
  config: AppConfig;
  logger: Logger;
  databaseUrl: string;
  sessionSecret: string;
  embedded?: EmbeddedDatabase;
}

/**
 * role: an `app` (server) keeps the embedded PostgreSQL running and takes over one left by a
 * process that died; a `cli` command uses whichever runs and stops only one it started itself.
 */
export async function prepareRuntime(config: AppConfig, logger: Logger, role: 'app' | 'cli' = 'app'): Promise<Runtime> {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.database.url;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.database.embeddedPort, logger, role);
    databaseUrl = embedded.url;
  }
  return {
    config,
    logger,
    databaseUrl,
    sessionSecret: config.session.secret ?? localSessionSecret(config.dataDir),
    embedded,
  };
}

/**
 * Without SESSION_SECRET (development only; production refuses to start) a random secret is
 * kept in the data folder so sessions survive restarts.
 */
function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}
