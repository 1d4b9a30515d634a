import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';
import pino from 'pino';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../apps/api/src/core/database/embedded-postgres';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';

export interface TestServices {
  /** A fresh database for this run. */
  databaseUrl: string;
  /** Redis for this run, or undefined with the reason in redisSkipReason. */
  redisUrl?: string;
  redisPrefix: string;
  redisSkipReason?: string;
  embedded?: EmbeddedDatabase;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * PostgreSQL: DATABASE_URL when set, else the local server on 5432, else embedded PostgreSQL.
 * Redis: REDIS_URL when set, else the local server on 6379, else none (Bull-only tests skip).
 */
export async function startTestServices(): Promise<TestServices> {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  let serverUrl = process.env.DATABASE_URL;
  let embedded: EmbeddedDatabase | undefined;
  if (!serverUrl) {
    if (await canConnect(LOCAL_POSTGRES)) {
      serverUrl = LOCAL_POSTGRES;
    } else {
      const logger = pino({ level: 'warn' });
      embedded = await startEmbeddedPostgres(path.resolve('.data/test'), 54339, logger);
      serverUrl = embedded.url;
    }
  }
  const database = `clari_test_${runId}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();

  const redisCandidate = process.env.REDIS_URL ?? LOCAL_REDIS;
  const redisUp = await redisAnswers(redisCandidate);
  return {
    databaseUrl: withDatabase(serverUrl, database),
    redisUrl: redisUp ? redisCandidate : undefined,
    redisPrefix: `clari-test-${runId}`,
    redisSkipReason: redisUp ? undefined : `no Redis answers at ${redisCandidate}`,
    embedded,
  };
}

/**
 * The pattern of every Redis key a run writes: the app's keys under `<prefix>:`, and those of
 * apps given a prefix of their own, `<prefix>-<name>:` (startAppWithFakeOpenAi and others).
 * The run id makes the prefix unique, so no other run's keys match.
 */
export function runKeyPattern(prefix: string): string {
  return `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
}

/** Deletes every key of the run; returns how many. */
export async function deleteRunKeys(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl);
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', runKeyPattern(prefix), 'COUNT', 500);
      cursor = next;
      if (keys.length) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
  return deleted;
}

export async function stopTestServices(services: TestServices): Promise<void> {
  const url = new URL(services.databaseUrl);
  const database = url.pathname.slice(1);
  const admin = new Client({ connectionString: withDatabase(services.databaseUrl, 'postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.end();
  if (services.redisUrl) await deleteRunKeys(services.redisUrl, services.redisPrefix);
  await services.embedded?.stop();
}
