import { spawnSync } from 'node:child_process';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import Redis from 'ioredis';
import type supertest from 'supertest';
import { DataSource } from 'typeorm';
import { WorkerModule } from '../../../apps/api/src/app.module';
import { runMigrations } from '../../../apps/api/src/core/database/data-source';
import { createLogger } from '../../../apps/api/src/core/logging/logger';
import { createUser, GOOD_PASSWORD, uniqueEmail, type TestUser } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/app-harness';
import {
  startPrivatePostgres,
  startPrivateRedis,
  waitUntil,
  type PrivatePostgres,
  type PrivateRedis,
} from '../../support/private-services';

/**
 * Outages of PostgreSQL and Redis, on servers this file starts and stops itself (never the
 * shared ones). Deadlines are generous where only eventual recovery matters; the 2 s bounds
 * are what the service promises, measured per request.
 */
jest.setTimeout(240_000);

const PROMISED_MS = 2000;

interface Timed {
  status: number;
  ms: number;
  body: Record<string, unknown>;
}

async function timed(request: supertest.Test): Promise<Timed> {
  const started = performance.now();
  const res = await request;
  return { status: res.status, ms: Math.round(performance.now() - started), body: res.body as Record<string, unknown> };
}

function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version']).status === 0;
}

const skipReason = hasRedisServer()
  ? undefined
  : 'redis-server is not installed, so this test cannot start and stop its own Redis';

if (skipReason) {
  describe('outages', () => {
    it.skip(`skipped: ${skipReason}`, () => undefined);
  });
} else {
  describe('outages of the database and Redis', () => {
    let pg: PrivatePostgres;
    let redis: PrivateRedis;
    let t: TestApp;
    let user: TestUser;

    beforeAll(async () => {
      pg = await startPrivatePostgres();
      await runMigrations(pg.url);
      redis = await startPrivateRedis();
      t = await startTestApp({
        databaseUrl: pg.url,
        env: { REDIS_URL: redis.url, REDIS_PREFIX: 'outage', RATE_LIMIT_SCALE: '1000' },
      });
      user = await createUser(t);
    });

    afterAll(async () => {
      await t?.close();
      await redis?.stop();
      await pg?.destroy();
    });

    it('survives pg_terminate_backend of all its connections, idle and checked out, and serves again at once', async () => {
      // Open several pooled connections (TypeORM's and the session store's) and hold one in a transaction.
      await Promise.all(Array.from({ length: 6 }, () => user.agent.get('/reflect/reflections').expect(200)));
      const runner = t.app.get(DataSource).createQueryRunner();
      await runner.connect();
      await runner.startTransaction();
      await runner.query('SELECT 1');

      const killed = await pg.terminateBackends();
      expect(killed).toBeGreaterThanOrEqual(2);
      const after = performance.now();

      // The held connection is gone: its next query fails as unavailable, and releasing it drops it from the pool.
      await expect(runner.query('SELECT 1')).rejects.toThrow();
      await runner.release();

      const statuses: number[] = [];
      await waitUntil('a request served after the backends were killed', async () => {
        const res = await timed(user.agent.get('/reflect/reflections'));
        statuses.push(res.status);
        return res.status === 200;
      });
      const recoveredMs = Math.round(performance.now() - after);
      console.log(
        `outage pg_terminate_backend: ${killed} backends killed; served again after ${recoveredMs} ms (statuses ${statuses.join(',')})`,
      );
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      expect(recoveredMs).toBeLessThan(PROMISED_MS);
      const check = await user.agent.get('/api/auth/check').expect(200);
      expect(check.body).toMatchObject({ authenticated: true, user: { email: user.email } });
    });

    it('answers 503 within 2 s while the database is down, recovers within 2 s of it being back, and loses no acknowledged write', async () => {
      // Steady writes from one user throughout the restart.
      const writes: Array<{ title: string; status: number; id?: string; message?: string }> = [];
      let writing = true;
      const writer = (async () => {
        for (let i = 0; writing; i++) {
          const title = `write ${i}`;
          const res = await timed(user.agent.post('/reflect/reflections').send({ title }));
          writes.push({
            title,
            status: res.status,
            id: res.body.id as string | undefined,
            message: res.body.message as string | undefined,
          });
          if (res.status !== 201) await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      await waitUntil('a few acknowledged writes', () => writes.filter((w) => w.status === 201).length >= 3);

      await pg.stop();
      const probes: Array<{ what: string } & Timed> = [];
      const visitor = t.agent();
      const outageEnds = performance.now() + 3000;
      while (performance.now() < outageEnds) {
        const [health, list, login, config] = await Promise.all([
          timed(visitor.get('/api/health')),
          timed(user.agent.get('/reflect/reflections')),
          timed(visitor.post('/api/auth/login').send({ email: user.email, password: GOOD_PASSWORD })),
          // Needs no database, and is asked with the session cookie on purpose.
          timed(user.agent.get('/api/config')),
        ]);
        probes.push(
          { what: 'health', ...health },
          { what: 'list', ...list },
          { what: 'login', ...login },
          { what: 'config', ...config },
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const needsDatabase = probes.filter((p) => p.what !== 'config');
      const slowest = Math.max(...needsDatabase.map((p) => p.ms));
      console.log(
        `outage database down: ${needsDatabase.length} requests needing it, all 503, slowest ${slowest} ms; /api/config kept answering 200`,
      );
      for (const probe of needsDatabase) {
        expect({ what: probe.what, status: probe.status }).toEqual({ what: probe.what, status: 503 });
        expect(probe.ms).toBeLessThan(PROMISED_MS);
      }
      expect(probes.filter((p) => p.what === 'config').every((p) => p.status === 200)).toBe(true);
      const listDown = probes.find((p) => p.what === 'list');
      expect(listDown?.body).toMatchObject({
        statusCode: 503,
        code: 'database_unavailable',
        message: 'The database is not reachable right now. Please try again in a moment.',
      });
      const healthDown = probes.find((p) => p.what === 'health');
      expect(healthDown?.body).toMatchObject({
        status: 'error',
        database: { status: 'down' },
        redis: { status: 'up' },
        queue: { status: 'up' },
      });

      await pg.start();
      const back = performance.now();
      await waitUntil(
        'the first answer after the database is back',
        async () => (await user.agent.get('/reflect/reflections')).status === 200,
        30_000,
        50,
      );
      const recoveredMs = Math.round(performance.now() - back);
      await visitor.get('/api/health').expect(200);
      console.log(`outage database restart: answering again ${recoveredMs} ms after the database was back`);
      expect(recoveredMs).toBeLessThan(PROMISED_MS);

      const writesAfterRecovery = writes.length;
      await waitUntil('writes after the restart', () =>
        writes.slice(writesAfterRecovery).some((w) => w.status === 201),
      );
      writing = false;
      await writer;

      // Anything but 201 or 503 is listed with its message, so that a failure says what it was.
      expect(writes.filter((w) => w.status !== 201 && w.status !== 503)).toEqual([]);
      const acknowledged = writes.filter((w) => w.status === 201);
      const stored = await pg.query<{ id: string; title: string }>(
        'SELECT id, title FROM reflections WHERE id = ANY($1::uuid[])',
        [acknowledged.map((w) => w.id)],
      );
      console.log(
        `outage writes: ${writes.length} attempted, ${acknowledged.length} acknowledged, ${writes.length - acknowledged.length} answered 503; ${stored.length} of the acknowledged found after the restart`,
      );
      expect(new Map(stored.map((row) => [row.id, row.title]))).toEqual(
        new Map(acknowledged.map((w) => [w.id, w.title])),
      );
    });

    it('while Redis is down: health says so within 2 s, sign-in, sign-up, the Value Explorer and Reflect keep working, queue features answer 503, and all recovers', async () => {
      const image = () =>
        user.agent
          .post('/api/yearcompass/yc-generate-image')
          .send({ prompt: 'a calm lake at dawn', sectionNumber: 11, boxId: 's11_picture' });
      await image().expect(200);

      await redis.stop();
      const down = performance.now();
      let health: Timed | undefined;
      await waitUntil('health to report Redis down', async () => {
        health = await timed(t.agent().get('/api/health'));
        expect(health.ms).toBeLessThan(PROMISED_MS);
        return health.status === 503;
      });
      const noticedMs = Math.round(performance.now() - down);
      expect(health?.body).toMatchObject({
        status: 'error',
        database: { status: 'up' },
        redis: { status: 'down' },
        queue: { status: 'down' },
      });

      const login = await timed(t.agent().post('/api/auth/login').send({ email: user.email, password: GOOD_PASSWORD }));
      expect(login.status).toBe(200);
      const email = uniqueEmail('redis-down');
      const signup = await timed(
        t
          .agent()
          .post('/api/auth/register')
          .send({ email, password: GOOD_PASSWORD, full_name: 'Redis Down', language: 'en', termsAccepted: true }),
      );
      expect(signup.status).toBe(201);
      // The verification e-mail is sent from this process while the queue is unreachable.
      await t.mail.waitFor(email);
      await user.agent.get('/reflect/reflections').expect(200);
      // The Value Explorer saves and its offline guide answers (chat limits fall back to memory).
      await user.agent
        .put('/api/value-explorer/data')
        .send({ lifeAreas: ['health'], selectedValues: { health: ['growth'] }, goals: {}, obstacles: {} })
        .expect(200);
      expect((await user.agent.get('/api/value-explorer/data').expect(200)).body).toMatchObject({
        lifeAreas: ['health'],
        selectedValues: { health: ['growth'] },
      });
      const guide = await user.agent.post('/api/ai-assistant/chat').send({
        message: 'I want to walk every morning',
        conversationDomain: 'valueexplorer_lifearea',
        conversationData: { area: { id: 'health' } },
        language: 'en',
      });
      expect(guide.status).toBe(200);
      const queued = await timed(image());
      expect(queued.status).toBe(503);
      expect(queued.body).toMatchObject({
        code: 'queue_unavailable',
        message: 'Background processing is not available right now. Please try again in a moment.',
      });
      expect(queued.ms).toBeLessThan(PROMISED_MS);
      expect(Math.max(login.ms, signup.ms)).toBeLessThan(PROMISED_MS);
      console.log(
        `outage Redis down: health 503 after ${noticedMs} ms (answered in ${health?.ms} ms); login ${login.ms} ms, sign-up ${signup.ms} ms, image request 503 in ${queued.ms} ms`,
      );

      await redis.start();
      const back = performance.now();
      await waitUntil(
        'health after Redis is back',
        async () => (await t.agent().get('/api/health')).status === 200,
        60_000,
        100,
      );
      const recoveredMs = Math.round(performance.now() - back);
      await waitUntil('an image job after Redis is back', async () => (await image()).status === 200, 30_000, 200);
      // Redis came back empty: the periodic clean-up schedules are declared again.
      const client = new Redis(redis.url);
      try {
        await waitUntil(
          'the repeatable jobs to be declared again',
          async () => (await client.zcard('outage:bull:maintenance:repeat')) >= 2,
          30_000,
          200,
        );
      } finally {
        client.disconnect();
      }
      const schedules = (
        (await t.agent().get('/api/health').expect(200)).body as { queue: { schedules: Array<{ status: string }> } }
      ).queue.schedules;
      expect(schedules.map((s) => s.status)).toEqual(['scheduled', 'scheduled']);
      console.log(`outage Redis restart: health 200 again ${recoveredMs} ms after Redis was back`);
    });
  });

  describe('a Redis that hangs', () => {
    let redis: PrivateRedis;
    let t: TestApp;
    let user: TestUser;

    beforeAll(async () => {
      redis = await startPrivateRedis();
      t = await startTestApp({ env: { REDIS_URL: redis.url, REDIS_PREFIX: 'frozen', RATE_LIMIT_SCALE: '1000' } });
      user = await createUser(t);
    });

    afterAll(async () => {
      redis?.thaw();
      await t?.close();
      await redis?.stop();
    });

    it('gets bounded answers while Redis accepts connections but answers nothing, and recovers when it resumes', async () => {
      const image = () =>
        user.agent
          .post('/api/yearcompass/yc-generate-image')
          .send({ prompt: 'a quiet forest', sectionNumber: 11, boxId: 's11_picture' });
      await image().expect(200);
      redis.freeze();
      try {
        const [health, login, queued] = await Promise.all([
          timed(t.agent().get('/api/health')),
          timed(t.agent().post('/api/auth/login').send({ email: user.email, password: GOOD_PASSWORD })),
          timed(image()),
        ]);
        console.log(
          `outage Redis frozen: health ${health.status} in ${health.ms} ms, login ${login.status} in ${login.ms} ms, image request ${queued.status} in ${queued.ms} ms`,
        );
        expect(health.status).toBe(503);
        expect(health.body).toMatchObject({
          database: { status: 'up' },
          redis: { status: 'down' },
          queue: { status: 'down' },
        });
        expect(login.status).toBe(200);
        expect(queued).toMatchObject({ status: 503, body: { code: 'queue_unavailable' } });
        for (const res of [health, login, queued]) expect(res.ms).toBeLessThan(PROMISED_MS);
      } finally {
        redis.thaw();
      }
      await waitUntil('health after Redis resumed', async () => (await t.agent().get('/api/health')).status === 200);
      await waitUntil('an image job after Redis resumed', async () => (await image()).status === 200, 30_000, 200);
    });
  });

  describe('queue consumers in health', () => {
    let redis: PrivateRedis;
    let t: TestApp;
    let worker: INestApplicationContext | undefined;

    beforeAll(async () => {
      redis = await startPrivateRedis();
      // An API process that runs no processors, as in a cluster with separate workers.
      t = await startTestApp({
        env: {
          REDIS_URL: redis.url,
          REDIS_PREFIX: 'consumers',
          RUN_QUEUE_PROCESSORS: 'false',
          QUEUE_WORKER_TIMEOUT_MS: '2000',
        },
      });
    });

    afterAll(async () => {
      await worker?.close();
      await t?.close();
      await redis?.stop();
    });

    it('reports a queue with no worker as 503, a running worker as up, and a stopped worker as gone again', async () => {
      const noWorker = await t.agent().get('/api/health');
      expect(noWorker.status).toBe(503);
      expect(noWorker.body).toMatchObject({
        status: 'error',
        database: { status: 'up' },
        redis: { status: 'up' },
        queue: {
          driver: 'bull',
          status: 'down',
          consumers: { images: 'none', mail: 'none', maintenance: 'none', transcription: 'none' },
        },
      });

      const config = { ...t.config, queue: { ...t.config.queue, runProcessors: true } };
      worker = await NestFactory.createApplicationContext(
        WorkerModule.forRoot({
          config,
          logger: createLogger(config),
          databaseUrl: process.env.TEST_DATABASE_URL as string,
          sessionSecret: 'unused-by-the-worker',
        }),
        { logger: false },
      );
      await waitUntil('health to see the worker', async () => (await t.agent().get('/api/health')).status === 200);
      const withWorker = await t.agent().get('/api/health');
      expect(withWorker.body.queue).toMatchObject({
        driver: 'bull',
        status: 'up',
        consumers: { images: 'up', mail: 'up', maintenance: 'up', transcription: 'up' },
      });

      await worker.close();
      worker = undefined;
      const stopped = performance.now();
      await waitUntil('health to miss the worker', async () => (await t.agent().get('/api/health')).status === 503);
      const res = await t.agent().get('/api/health');
      expect(res.body.queue).toMatchObject({ status: 'down', consumers: { images: 'none' } });
      console.log(
        `outage worker stopped: health 503 for the queue ${Math.round(performance.now() - stopped)} ms later (heartbeat lifetime 2000 ms)`,
      );
    });
  });
}
