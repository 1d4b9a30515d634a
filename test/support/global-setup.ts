import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { runMigrations } from '../../apps/api/src/core/database/data-source';
import { startTestServices, type TestServices } from './test-services';

declare global {
  var __CLARI_TEST_SERVICES__: TestServices | undefined;
}

/** One fresh database (migrated) and Redis prefix per run, shared with the tests through env. */
export default async function globalSetup(): Promise<void> {
  const services = await startTestServices();
  await runMigrations(services.databaseUrl);
  globalThis.__CLARI_TEST_SERVICES__ = services;
  process.env.TEST_DATABASE_URL = services.databaseUrl;
  process.env.TEST_REDIS_PREFIX = services.redisPrefix;
  if (services.redisUrl) process.env.TEST_REDIS_URL = services.redisUrl;
  else process.env.TEST_REDIS_SKIP_REASON = services.redisSkipReason;
  // Each test file writes its OpenAPI contract figures here; the teardown adds them up.
  process.env.TEST_CONTRACT_DIR = mkdtempSync(path.join(tmpdir(), 'clari-contract-'));
  if (services.redisSkipReason)
    console.warn(`\n[integration] Bull-only tests will be skipped: ${services.redisSkipReason}`);
}
