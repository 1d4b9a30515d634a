import { DataSource, DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../../../../migrations';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from '../config/app-config';
import { onPoolError, poolConfig } from './pg-pool';

/**
 * Options shared by the Nest TypeORM module, the CLI and the tests. Never `synchronize`.
 * The pool gets the shared timeouts and error handling (see pg-pool.ts).
 */
export function dataSourceOptions(
  url: string,
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    connectTimeoutMS: timeouts.connectTimeoutMs,
    poolErrorHandler: onPoolError('TypeORM'),
    extra: { ...poolConfig(timeouts), max: 10 },
  };
}

/** An arbitrary, fixed key: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 7_265_109;

/**
 * Runs pending migrations under a PostgreSQL advisory lock so that several API and worker
 * processes starting together apply each migration exactly once. All pending migrations run
 * in one transaction: one commit on a first start, and a failing migration leaves the
 * schema as it was, never half migrated.
 */
export async function runMigrations(url: string): Promise<string[]> {
  // No statement limit here: waiting for another process's migrations, or building an index, may take long.
  const dataSource = new DataSource(
    dataSourceOptions(url, { ...DEFAULT_DATABASE_TIMEOUTS, statementTimeoutMs: 0, idleInTransactionTimeoutMs: 0 }),
  );
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await dataSource.runMigrations({ transaction: 'all' });
    return applied.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await runner.release();
    await dataSource.destroy();
  }
}
