import { randomUUID } from 'node:crypto';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { getQueueToken, Process, Processor } from '@nestjs/bull';
import { Test } from '@nestjs/testing';
import type { Job, Queue } from 'bull';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../../apps/api/src/core/config/app-config';
import { ConfigModule } from '../../../apps/api/src/core/config/config.module';
import { QueueModule } from '../../../apps/api/src/core/queue/queue.module';
import { QueueService } from '../../../apps/api/src/core/queue/queue.service';
import {
  JobFailedError,
  permanentFailure,
  QUEUE_NAMES,
  type JobDefinition,
  type ProcessorJob,
  type QueueJob,
} from '../../../apps/api/src/core/queue/queue.types';
import { startTestApp, type TestApp } from '../../support/app-harness';

interface EchoData {
  text: string;
  failTimes?: number;
}

/** A job that fails its first `failTimes` attempts, like a provider with a transient outage. */
function echoJob(name: string): QueueJob<EchoData, { text: string; attempt: number }> {
  return {
    queue: 'images',
    name,
    options: { attempts: 3, backoffMs: 10, timeoutMs: 5000 },
    async process(data, context) {
      await context.progress(40);
      if (context.attempt <= (data.failTimes ?? 0)) throw new Error('temporarily unavailable');
      return { text: data.text.toUpperCase(), attempt: context.attempt };
    },
  };
}

/** The Bull heartbeat is written once the connection is ready; poll rather than race it. */
async function waitForConsumer(queue: QueueService): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await queue.consumers()).images !== 'up' && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
}

function queueSuite(title: string, redis: boolean) {
  describe(title, () => {
    let t: TestApp;
    let queue: QueueService;
    const job = echoJob(`echo-${redis ? 'bull' : 'inprocess'}`);
    beforeAll(async () => {
      t = await startTestApp({ redis });
      queue = t.app.get(QueueService);
      queue.register(job);
    });
    afterAll(() => t.close());

    it('uses the expected driver', () => {
      expect(queue.driverKind).toBe(redis ? 'bull' : 'in-process');
    });

    it('runs a job and hands its result to the waiting caller, with progress', async () => {
      const progress: number[] = [];
      const result = await queue.run(
        job,
        { text: 'hej' },
        { waitTimeoutMs: 10000, onProgress: (p) => progress.push(p) },
      );
      expect(result).toEqual({ text: 'HEJ', attempt: 1 });
      expect(progress).toContain(40);
    });

    it('retries a transient failure', async () => {
      const result = await queue.run(job, { text: 'again', failTimes: 2 }, { waitTimeoutMs: 10000 });
      expect(result).toEqual({ text: 'AGAIN', attempt: 3 });
    });

    it('reports the final failure', async () => {
      await expect(queue.run(job, { text: 'never', failTimes: 5 }, { waitTimeoutMs: 10000 })).rejects.toBeInstanceOf(
        JobFailedError,
      );
    });

    it('reports healthy', async () => {
      expect(await queue.health()).toBe('up');
    });

    it('reports a consumer for its queue (this process runs the processors; the in-process runner always does)', async () => {
      await waitForConsumer(queue);
      expect((await queue.consumers()).images).toBe('up');
    });
  });
}

queueSuite('queue on the in-process runner', false);

const redisSkip = process.env.TEST_REDIS_SKIP_REASON;
if (redisSkip) {
  describe('queue on Bull', () => {
    it.skip(`skipped: ${redisSkip}`, () => undefined);
  });
} else {
  queueSuite('queue on Bull (Redis)', true);

  describe('Bull job data', () => {
    it('leaves nothing in Redis once a job has finished', async () => {
      const t = await startTestApp();
      try {
        const queue = t.app.get(QueueService);
        const job = echoJob('echo-cleanup');
        queue.register(job);
        await queue.run(job, { text: 'private words' }, { waitTimeoutMs: 10000 });
        const Redis = (await import('ioredis')).default;
        const redis = new Redis(process.env.TEST_REDIS_URL as string);
        const keys = await redis.keys(`${process.env.TEST_REDIS_PREFIX}:bull:images:*`);
        const values = await Promise.all(
          keys.map(async (k) => ((await redis.type(k)) === 'hash' ? JSON.stringify(await redis.hgetall(k)) : '')),
        );
        await redis.quit();
        expect(values.join('')).not.toContain('private words');
      } finally {
        await t.close();
      }
    });
  });
}

interface ProbeData {
  text: string;
  failTimes?: number;
}

const PROBE_ECHO: JobDefinition<ProbeData, { text: string; instance: string }> = {
  queue: 'images',
  name: 'probe-echo',
  options: { attempts: 3, backoffMs: 10, timeoutMs: 5000 },
};
const PROBE_REFUSE: JobDefinition<Record<string, never>, never> = {
  queue: 'images',
  name: 'probe-refuse',
  options: { attempts: 3, backoffMs: 10, timeoutMs: 5000 },
};

/** One processor class, written once with @nestjs/bull's decorators, for both runners. */
@Processor('images')
class ProbeProcessor {
  readonly instance = randomUUID();
  readonly attempts: Array<{ job: string; attemptsMade: number }> = [];

  @Process({ name: PROBE_ECHO.name, concurrency: 2 })
  async echo(job: ProcessorJob<ProbeData>): Promise<{ text: string; instance: string }> {
    this.attempts.push({ job: job.name, attemptsMade: job.attemptsMade });
    await job.progress(40);
    if (job.attemptsMade < (job.data.failTimes ?? 0)) throw new Error('temporarily unavailable');
    return { text: job.data.text.toUpperCase(), instance: this.instance };
  }

  @Process({ name: PROBE_REFUSE.name, concurrency: 2 })
  async refuse(job: ProcessorJob): Promise<never> {
    this.attempts.push({ job: job.name, attemptsMade: job.attemptsMade });
    throw permanentFailure(job, 'refused for good');
  }
}

@Module({ providers: [ProbeProcessor] })
class ProbeProcessorsModule {}

/** The queue core alone with the probe processor; Bull on its own prefix, so no other app takes its jobs. */
async function probeContext(redis: boolean): Promise<INestApplicationContext> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    REDIS_URL: redis ? process.env.TEST_REDIS_URL : undefined,
    REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX}-probe`,
  });
  const moduleRef = await Test.createTestingModule({
    imports: [ConfigModule.forRoot(config), QueueModule.forRoot(config), ProbeProcessorsModule],
  }).compile();
  return moduleRef.init();
}

function sameProcessorSuite(title: string, redis: boolean) {
  describe(title, () => {
    let ctx: INestApplicationContext;
    let queue: QueueService;
    let probe: ProbeProcessor;
    beforeAll(async () => {
      ctx = await probeContext(redis);
      queue = ctx.get(QueueService);
      probe = ctx.get(ProbeProcessor);
    });
    afterAll(() => ctx.close());
    beforeEach(() => probe.attempts.splice(0));

    it('runs the job with the @Process method of the provider Nest created: result, progress, retries with Bull’s attempt count', async () => {
      expect(queue.driverKind).toBe(redis ? 'bull' : 'in-process');
      const completed: string[] = [];
      if (redis) {
        // On Bull, the job goes through @nestjs/bull's queue (registerQueueAsync) and its binding.
        const bullQueue = ctx.get<Queue>(getQueueToken('images'));
        bullQueue.on('completed', (job: Job) => completed.push(job.name));
      }
      const progress: number[] = [];
      const result = await queue.run(
        PROBE_ECHO,
        { text: 'hej', failTimes: 2 },
        { waitTimeoutMs: 15_000, onProgress: (p) => progress.push(p) },
      );
      expect(result).toEqual({ text: 'HEJ', instance: probe.instance });
      expect(probe.attempts).toEqual([0, 1, 2].map((attemptsMade) => ({ job: 'probe-echo', attemptsMade })));
      expect(progress).toContain(40);
      if (redis) {
        // The caller's answer can arrive before this queue object emits 'completed': wait for it, bounded.
        for (let waited = 0; completed.length === 0 && waited < 10_000; waited += 50) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(completed).toEqual(['probe-echo']);
      }
    });

    it('makes no further attempt at a job the processor discarded', async () => {
      await expect(queue.run(PROBE_REFUSE, {}, { waitTimeoutMs: 15_000 })).rejects.toBeInstanceOf(JobFailedError);
      expect(probe.attempts).toEqual([{ job: 'probe-refuse', attemptsMade: 0 }]);
    });

    it('counts this process as the consumer of the probe’s queue', async () => {
      await waitForConsumer(queue);
      expect((await queue.consumers()).images).toBe('up');
    });
  });
}

sameProcessorSuite('one @Processor class on the in-process runner', false);
if (redisSkip) {
  describe('one @Processor class on Bull', () => {
    it.skip(`skipped: ${redisSkip}`, () => undefined);
  });
} else {
  sameProcessorSuite('one @Processor class on Bull (Redis)', true);
}

function drainOrderSuite(title: string, redis: boolean) {
  describe(title, () => {
    it('closes the queues (letting running jobs finish) before the database pool', async () => {
      const t = await startTestApp({ redis });
      const order: string[] = [];
      const queueService = t.app.get(QueueService);
      const stopQueues = queueService.close.bind(queueService);
      jest.spyOn(queueService, 'close').mockImplementation(async () => {
        await stopQueues();
        order.push('queue service');
      });
      if (redis) {
        for (const name of QUEUE_NAMES) {
          const bullQueue = t.app.get<Queue>(getQueueToken(name));
          const close = bullQueue.close.bind(bullQueue);
          jest.spyOn(bullQueue, 'close').mockImplementation(async (doNotWaitJobs?: boolean) => {
            await close(doNotWaitJobs);
            order.push(`bull ${name}`);
          });
        }
      }
      const dataSource = t.app.get(DataSource);
      const destroy = dataSource.destroy.bind(dataSource);
      jest.spyOn(dataSource, 'destroy').mockImplementation(async () => {
        order.push('database');
        await destroy();
      });
      await t.close();
      const database = order.indexOf('database');
      expect(database).toBeGreaterThan(-1);
      expect(order.slice(0, database)).toEqual(
        expect.arrayContaining(['queue service', ...(redis ? QUEUE_NAMES.map((name) => `bull ${name}`) : [])]),
      );
    });
  });
}

drainOrderSuite('shutdown with the in-process runner', false);
if (!redisSkip) drainOrderSuite('shutdown with Bull (Redis)', true);
