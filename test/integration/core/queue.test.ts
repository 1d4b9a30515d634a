import { QueueService } from '../../../apps/api/src/core/queue/queue.service';
import { JobFailedError, type QueueJob } from '../../../apps/api/src/core/queue/queue.types';
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
  while ((await queue.consumers()).images !== 'up' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
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
      const result = await queue.run(job, { text: 'hej' }, { waitTimeoutMs: 10000, onProgress: (p) => progress.push(p) });
      expect(result).toEqual({ text: 'HEJ', attempt: 1 });
      expect(progress).toContain(40);
    });

    it('retries a transient failure', async () => {
      const result = await queue.run(job, { text: 'again', failTimes: 2 }, { waitTimeoutMs: 10000 });
      expect(result).toEqual({ text: 'AGAIN', attempt: 3 });
    });

    it('reports the final failure', async () => {
      await expect(queue.run(job, { text: 'never', failTimes: 5 }, { waitTimeoutMs: 10000 })).rejects.toBeInstanceOf(JobFailedError);
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
        const values = await Promise.all(keys.map(async (k) => ((await redis.type(k)) === 'hash' ? JSON.stringify(await redis.hgetall(k)) : '')));
        await redis.quit();
        expect(values.join('')).not.toContain('private words');
      } finally {
        await t.close();
      }
    });
  });
}
