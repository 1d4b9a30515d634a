import { Logger } from '@nestjs/common';
import { ConsumerStatus, JobFailedError, JobWaitTimeoutError, PermanentJobError, QueueDriver, QueueJob, QueueName, RunOptions, ScheduleReport } from './queue.types';

/** Jobs of one queue that may run at the same time in this process. */
const CONCURRENCY_PER_QUEUE = 2;

/**
 * Runs jobs in this process with the same semantics as the Bull driver (attempts, exponential
 * backoff, per-attempt timeout, progress). Used when REDIS_URL is not set.
 */
export class InProcessQueueDriver implements QueueDriver {
  readonly kind = 'in-process' as const;
  private readonly logger = new Logger('InProcessQueue');
  private readonly running = new Set<Promise<unknown>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly slots = new Map<string, { active: number; waiting: Array<() => void> }>();
  private readonly used = new Set<QueueName>();
  private readonly schedule = new Map<string, { queue: QueueName; everyMs: number; startedAt: number }>();
  private closed = false;

  register(job: QueueJob): void {
    // Nothing to attach (run() calls the processor directly); only noted for health.
    this.used.add(job.queue);
  }

  async run<TData, TResult>(job: QueueJob<TData, TResult>, data: TData, options: RunOptions): Promise<TResult> {
    const execution = this.track(this.execute(job, data, options.onProgress));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new JobWaitTimeoutError(job.name)), options.waitTimeoutMs);
    });
    try {
      return await Promise.race([execution, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async enqueue<TData>(job: QueueJob<TData>, data: TData): Promise<void> {
    this.track(this.execute(job, data)).catch((error: Error) => this.logger.error(error.message));
  }

  async repeat(job: QueueJob<Record<string, never>>, everyMs: number): Promise<void> {
    this.schedule.set(job.name, { queue: job.queue, everyMs, startedAt: Date.now() });
    const timer = setInterval(() => {
      if (!this.closed) void this.enqueue(job, {});
    }, everyMs);
    timer.unref();
    this.timers.add(timer);
  }

  async health(): Promise<'up'> {
    return 'up';
  }

  /** This process runs every job itself, so each queue always has its consumer. */
  async consumers(): Promise<Partial<Record<QueueName, ConsumerStatus>>> {
    return Object.fromEntries([...this.used].sort().map((name) => [name, 'up']));
  }

  async schedules(): Promise<ScheduleReport[]> {
    const now = Date.now();
    return [...this.schedule].map(([job, { queue, everyMs, startedAt }]) => ({
      job,
      queue,
      everyMs,
      status: 'scheduled' as const,
      nextRunAt: new Date(startedAt + Math.ceil((now - startedAt + 1) / everyMs) * everyMs).toISOString(),
    }));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    await Promise.allSettled([...this.running]);
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.running.add(promise);
    void promise.finally(() => this.running.delete(promise)).catch(() => undefined);
    return promise;
  }

  private async execute<TData, TResult>(job: QueueJob<TData, TResult>, data: TData, onProgress?: (p: number) => void): Promise<TResult> {
    if (this.closed) throw new JobFailedError(job.name, 'the queue is shutting down');
    const release = await this.acquire(job.queue);
    try {
      let lastError: unknown;
      for (let attempt = 1; attempt <= job.options.attempts; attempt++) {
        try {
          return await withTimeout(
            job.process(data, { attempt, progress: async (percent) => onProgress?.(percent) }),
            job.options.timeoutMs,
          );
        } catch (error) {
          lastError = error;
          if (error instanceof PermanentJobError) break;
          if (attempt < job.options.attempts && !this.closed) {
            await sleep(job.options.backoffMs * 2 ** (attempt - 1));
          }
        }
      }
      throw new JobFailedError(job.name, lastError instanceof Error ? lastError.message : String(lastError));
    } finally {
      release();
    }
  }

  private async acquire(queue: string): Promise<() => void> {
    const slot = this.slots.get(queue) ?? { active: 0, waiting: [] };
    this.slots.set(queue, slot);
    if (slot.active >= CONCURRENCY_PER_QUEUE) await new Promise<void>((resolve) => slot.waiting.push(resolve));
    slot.active++;
    return () => {
      slot.active--;
      slot.waiting.shift()?.();
    };
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
