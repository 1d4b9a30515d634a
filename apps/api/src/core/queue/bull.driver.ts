import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import Bull, { Job, Queue } from 'bull';
import { JobFailedError, JobWaitTimeoutError, PermanentJobError, QueueDriver, QueueJob, QueueName, RunOptions } from './queue.types';

const CONCURRENCY_PER_JOB = 2;

interface Waiter {
  resolve(result: unknown): void;
  reject(error: Error): void;
  onProgress?: (percent: number) => void;
  jobName: string;
}

/**
 * Bull on Redis: jobs survive a process restart and any worker process in the cluster may
 * run them. Completed and failed jobs are removed at once, so job data (audio included)
 * leaves Redis when the job ends; results reach the waiting request through Bull's global
 * events, which is why the waiter is registered before the job is added.
 */
export class BullQueueDriver implements QueueDriver {
  readonly kind = 'bull' as const;
  private readonly logger = new Logger('BullQueue');
  private readonly queues = new Map<QueueName, Queue>();
  private readonly waiters = new Map<string, Waiter>();

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly runProcessors: boolean,
  ) {}

  register(job: QueueJob): void {
    if (!this.runProcessors) return;
    const queue = this.queue(job.queue);
    void queue.process(job.name, CONCURRENCY_PER_JOB, async (bullJob: Job) => {
      try {
        return await job.process(bullJob.data, {
          attempt: bullJob.attemptsMade + 1,
          progress: async (percent) => {
            await bullJob.progress(percent);
          },
        });
      } catch (error) {
        if (error instanceof PermanentJobError) await bullJob.discard();
        throw error;
      }
    });
  }

  async run<TData, TResult>(job: QueueJob<TData, TResult>, data: TData, options: RunOptions): Promise<TResult> {
    const queue = this.queue(job.queue);
    await queue.isReady();
    const jobId = randomUUID();
    const result = new Promise<TResult>((resolve, reject) => {
      this.waiters.set(jobId, { resolve: resolve as (r: unknown) => void, reject, onProgress: options.onProgress, jobName: job.name });
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new JobWaitTimeoutError(job.name)), options.waitTimeoutMs);
    });
    try {
      await queue.add(job.name, data, { ...this.jobOptions(job), jobId });
      return await Promise.race([result, timeout]);
    } catch (error) {
      if (error instanceof JobWaitTimeoutError) {
        // Nobody waits any more: drop the job unless a worker is already running it.
        const stale = await queue.getJob(jobId);
        if (stale && !(await stale.isActive())) await stale.remove().catch(() => undefined);
      }
      throw error;
    } finally {
      clearTimeout(timer);
      this.waiters.delete(jobId);
    }
  }

  async enqueue<TData>(job: QueueJob<TData>, data: TData): Promise<void> {
    await this.queue(job.queue).add(job.name, data, this.jobOptions(job));
  }

  async repeat(job: QueueJob<Record<string, never>>, everyMs: number): Promise<void> {
    // Bull keys repeatable jobs by name and interval, so every process adding it yields one schedule.
    await this.queue(job.queue).add(job.name, {}, { ...this.jobOptions(job), repeat: { every: everyMs }, jobId: job.name });
  }

  async health(): Promise<'up' | 'down'> {
    try {
      const client = this.queue('maintenance').client;
      return (await client.ping()) === 'PONG' ? 'up' : 'down';
    } catch {
      return 'down';
    }
  }

  async close(): Promise<void> {
    // close() lets active jobs finish before disconnecting.
    await Promise.allSettled([...this.queues.values()].map((queue) => queue.close()));
    for (const waiter of this.waiters.values()) waiter.reject(new JobFailedError(waiter.jobName, 'the queue is shutting down'));
  }

  private jobOptions(job: QueueJob): Bull.JobOptions {
    return {
      attempts: job.options.attempts,
      backoff: { type: 'exponential', delay: job.options.backoffMs },
      timeout: job.options.timeoutMs,
      removeOnComplete: true,
      removeOnFail: true,
    };
  }

  private queue(name: QueueName): Queue {
    const existing = this.queues.get(name);
    if (existing) return existing;
    const queue = new Bull(name, this.redisUrl, { prefix: this.prefix });
    handleWorkerNameFailures(queue, (error) => this.logger.warn(`Queue ${name}: could not name its worker connection (${error.message})`));
    queue.on('error', (error) => this.logger.error(`Queue ${name}: ${error.message}`));
    queue.on('global:completed', (jobId: string, result: string) => {
      this.waiters.get(jobId)?.resolve(parseResult(result));
    });
    queue.on('global:progress', (jobId: string, progress: number) => {
      this.waiters.get(jobId)?.onProgress?.(progress);
    });
    queue.on('global:failed', (jobId: string, reason: string) => {
      void this.settleFailure(queue, jobId, reason);
    });
    this.queues.set(name, queue);
    return queue;
  }

  /** Bull reports every failed attempt; only a job that will not be retried fails its waiter. */
  private async settleFailure(queue: Queue, jobId: string, reason: string) {
    const waiter = this.waiters.get(jobId);
    if (!waiter) return;
    const job = await queue.getJob(jobId).catch(() => null);
    const state = job ? await job.getState().catch(() => 'unknown') : 'removed';
    if (state === 'delayed' || state === 'waiting' || state === 'active') return;
    waiter.reject(new JobFailedError(waiter.jobName, reason));
  }
}

function parseResult(result: string): unknown {
  try {
    return JSON.parse(result);
  } catch {
    return result;
  }
}

/** Bull's (untyped) worker-naming method, see handleWorkerNameFailures. */
type NamedWorkerQueue = Queue & { setWorkerName?: () => Promise<unknown> };

/**
 * Bull's process() calls setWorkerName() without handling the promise it returns. A second
 * processor registered on a queue whose worker connection is already waiting in BRPOPLPUSH
 * queues its CLIENT SETNAME behind that wait; a queue closed meanwhile rejects it as an
 * unhandled rejection ("Connection is closed."). The name is only for `CLIENT LIST`, so a
 * failure is reported and otherwise ignored.
 */
function handleWorkerNameFailures(queue: Queue, report: (error: Error) => void): void {
  const named = queue as NamedWorkerQueue;
  const setWorkerName = named.setWorkerName?.bind(queue);
  if (!setWorkerName) return;
  named.setWorkerName = () =>
    setWorkerName().catch((error: unknown) => {
      if (!(error instanceof Error && error.message === 'Connection is closed.')) report(error instanceof Error ? error : new Error(String(error)));
    });
}
