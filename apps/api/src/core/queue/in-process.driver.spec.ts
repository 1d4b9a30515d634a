import { InProcessQueueDriver } from './in-process.driver';
import { JobFailedError, JobWaitTimeoutError, permanentFailure, type ProcessorJob, type QueueJob } from './queue.types';

function job<T>(
  process: QueueJob<T, string>['process'],
  options: Partial<QueueJob['options']> = {},
): QueueJob<T, string> {
  return {
    queue: 'images',
    name: 'test-job',
    options: { attempts: 3, backoffMs: 5, timeoutMs: 1000, ...options },
    process,
  };
}

describe('InProcessQueueDriver', () => {
  let driver: InProcessQueueDriver;
  beforeEach(() => (driver = new InProcessQueueDriver()));
  afterEach(() => driver.close());

  /** Registers the job's processor, then runs it, as QueueService does. */
  function run<T>(queued: QueueJob<T, string>, data: T, options: Parameters<InProcessQueueDriver['run']>[2]) {
    driver.register(queued as QueueJob);
    return driver.run(queued, data, options);
  }

  it('runs a job and returns its result with progress reports', async () => {
    const progress: number[] = [];
    const result = await run(
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
    const result = await run(
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
      run(
        job(async () => Promise.reject(new Error('bad audio')), { attempts: 2 }),
        {},
        { waitTimeoutMs: 1000 },
      ),
    ).rejects.toThrow(new JobFailedError('test-job', 'bad audio'));
  });

  it('times out an attempt that hangs', async () => {
    await expect(
      run(
        job(() => new Promise<string>(() => undefined), { attempts: 1, timeoutMs: 20 }),
        {},
        { waitTimeoutMs: 1000 },
      ),
    ).rejects.toThrow(/timed out after 20 ms/);
  });

  it('stops waiting after waitTimeoutMs', async () => {
    await expect(
      run(
        job(() => new Promise<string>((resolve) => setTimeout(() => resolve('late'), 200)), { attempts: 1 }),
        {},
        { waitTimeoutMs: 20 },
      ),
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

  it('hands a processor method what Bull hands it: the data, the attempts made, progress and discard()', async () => {
    const seen: Array<{ id: string | number; name: string; attemptsMade: number }> = [];
    const progress: number[] = [];
    driver.addProcessor('images', 'method-job', async (run: ProcessorJob) => {
      seen.push({ id: run.id, name: run.name, attemptsMade: run.attemptsMade });
      await run.progress(30);
      if (run.attemptsMade === 0) throw new Error('provider busy');
      return { word: (run.data as { word: string }).word };
    });
    const definition = {
      queue: 'images' as const,
      name: 'method-job',
      options: { attempts: 3, backoffMs: 5, timeoutMs: 1000 },
    };
    await expect(
      driver.run(definition, { word: 'hej' }, { waitTimeoutMs: 1000, onProgress: (p) => progress.push(p) }),
    ).resolves.toEqual({ word: 'hej' });
    expect(seen.map((s) => s.attemptsMade)).toEqual([0, 1]);
    expect(new Set(seen.map((s) => s.id)).size).toBe(1);
    expect(seen[0].name).toBe('method-job');
    expect(progress).toEqual([30, 30]);
  });

  it('makes no further attempt at a job its processor discarded', async () => {
    let attempts = 0;
    driver.addProcessor('images', 'refused-job', async (run: ProcessorJob) => {
      attempts++;
      throw permanentFailure(run, 'the provider refused the prompt');
    });
    const definition = {
      queue: 'images' as const,
      name: 'refused-job',
      options: { attempts: 3, backoffMs: 5, timeoutMs: 1000 },
    };
    await expect(driver.run(definition, {}, { waitTimeoutMs: 1000 })).rejects.toThrow(
      new JobFailedError('refused-job', 'the provider refused the prompt'),
    );
    expect(attempts).toBe(1);
  });

  it('fails a job no processor of this process runs, and refuses a second processor for one job', async () => {
    const definition = {
      queue: 'mail' as const,
      name: 'nobody',
      options: { attempts: 1, backoffMs: 5, timeoutMs: 1000 },
    };
    expect(driver.canRun(definition)).toBe(false);
    await expect(driver.run(definition, {}, { waitTimeoutMs: 1000 })).rejects.toBeInstanceOf(JobFailedError);
    driver.addProcessor('mail', 'twice', async () => undefined);
    expect(() => driver.addProcessor('mail', 'twice', async () => undefined)).toThrow(/Two processors/);
  });
});
