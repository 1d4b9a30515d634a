import { InProcessQueueDriver } from './in-process.driver';
import { JobFailedError, JobWaitTimeoutError, type QueueJob } from './queue.types';

function job<T>(process: QueueJob<T, string>['process'], options: Partial<QueueJob['options']> = {}): QueueJob<T, string> {
  return { queue: 'images', name: 'test-job', options: { attempts: 3, backoffMs: 5, timeoutMs: 1000, ...options }, process };
}

describe('InProcessQueueDriver', () => {
  let driver: InProcessQueueDriver;
  beforeEach(() => (driver = new InProcessQueueDriver()));
  afterEach(() => driver.close());

  it('runs a job and returns its result with progress reports', async () => {
    const progress: number[] = [];
    const result = await driver.run(
      job(async (data: { word: string }, ctx) => {
        await ctx.progress(50);
        return data.word.toUpperCase();
      }),
      { word: 'clari' },
      { waitTimeoutMs: 1000, onProgress: (p) => progress.push(p) },
    );
    expect(result).toBe('CLARI');
    expect(progress).toEqual([50]);
  });

  it('retries a failing attempt and succeeds', async () => {
    const attempts: number[] = [];
    const result = await driver.run(
      job(async (_data: object, ctx) => {
        attempts.push(ctx.attempt);
        if (ctx.attempt < 3) throw new Error('provider unavailable');
        return 'ok';
      }),
      {},
      { waitTimeoutMs: 1000 },
    );
    expect(result).toBe('ok');
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('fails after the last attempt with the reason', async () => {
    await expect(
      driver.run(job(async () => Promise.reject(new Error('bad audio')), { attempts: 2 }), {}, { waitTimeoutMs: 1000 }),
    ).rejects.toThrow(new JobFailedError('test-job', 'bad audio'));
  });

  it('times out an attempt that hangs', async () => {
    await expect(
      driver.run(job(() => new Promise<string>(() => undefined), { attempts: 1, timeoutMs: 20 }), {}, { waitTimeoutMs: 1000 }),
    ).rejects.toThrow(/timed out after 20 ms/);
  });

  it('stops waiting after waitTimeoutMs', async () => {
    await expect(
      driver.run(job(() => new Promise<string>((resolve) => setTimeout(() => resolve('late'), 200)), { attempts: 1 }), {}, { waitTimeoutMs: 20 }),
    ).rejects.toBeInstanceOf(JobWaitTimeoutError);
  });

  it('counts as the consumer of every queue it has jobs for, and reports its schedules', async () => {
    driver.register(job(async () => 'ok'));
    await driver.repeat({ ...job(async () => 'ok'), queue: 'maintenance', name: 'sweep' } as never, 60_000);
    expect(await driver.consumers()).toEqual({ images: 'up' });
    const [schedule] = await driver.schedules();
    expect(schedule).toMatchObject({ job: 'sweep', queue: 'maintenance', everyMs: 60_000, status: 'scheduled' });
    const next = Date.parse(schedule.nextRunAt as string) - Date.now();
    expect(next).toBeGreaterThan(0);
    expect(next).toBeLessThanOrEqual(60_000);
  });
});
