import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  ConsumerStatus,
  JobDefinition,
  JobFailedError,
  JobWaitTimeoutError,
  jobKey,
  PermanentJobError,
  ProcessorHandler,
  QueueDriver,
  QueueJob,
  QueueName,
  RunOptions,
  ScheduleReport,
} from './queue.types';

/** Jobs of one queue that may run at the same time in this process. */
const CONCURRENCY_PER_QUEUE = 2;

/**
 * Runs jobs in this process with the same semantics as Bull (attempts, exponential backoff,
 * per-attempt timeout, progress, `discard()`), calling the same `@Process` methods Bull calls.
 * Used when REDIS_URL is not set, and by the Bull driver while Redis is away.
 */
export class InProcessQueueDriver implements QueueDriver {
  readonly kind = 'in-process' as const;
  private readonly logger = new Logger('InProcessQueue');
  private readonly running = new Set<Promise<unknown>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly slots = new Map<string, { active: number; waiting: Array<() => void> }>();
  private readonly processors = new Map<string, ProcessorHandler>();
  private readonly used = new Set<QueueName>();
  private readonly schedule = new Map<string, { queue: QueueName; everyMs: number; startedAt: number }>();
  private closed = false;

  addProcessor(queue: QueueName, name: string, handler: ProcessorHandler): void {
    const key = jobKey(queue, name);
    // Bull refuses a second handler of one name too ("Cannot define the same handler twice").
    if (this.processors.has(key)) throw new Error(`Two processors for job ${key}`);
    this.processors.set(key, handler);
    this.used.add(queue);
  }

  register(job: QueueJob): void {
    this.addProcessor(job.queue, job.name, (run) =>
      job.process(run.data, { attempt: run.attemptsMade + 1, progress: (percent) => run.progress(percent) }),
    );
  }

  /** Whether this process has the job's processor (the Bull driver's fallback needs it). */
  canRun(job: JobDefinition): boolean {
    return this.processors.has(jobKey(job.queue, job.name));
  }

  async run<TData, TResult>(job: JobDefinition<TData, TResult>, data: TData, options: RunOptions): Promise<TResult> {
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

  async enqueue<TData>(job: JobDefinition<TData>, data: TData): Promise<void> {
    this.track(this.execute(job, data)).catch((error: Error) => this.logger.error(error.message));
  }

  async repeat(job: JobDefinition<Record<string, never>>, everyMs: number): Promise<void> {
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

  private async execute<TData, TResult>(
    job: JobDefinition<TData, TResult>,
    data: TData,
    onProgress?: (p: number) => void,
  ): Promise<TResult> {
    if (this.closed) throw new JobFailedError(job.name, 'the queue is shutting down');
    const processor = this.processors.get(jobKey(job.queue, job.name));
    if (!processor) throw new JobFailedError(job.name, 'no processor for it in this process');
    const release = await this.acquire(job.queue);
    try {
      const id = randomUUID();
      let discarded = false;
      let lastError: unknown;
      for (let attempt = 1; attempt <= job.options.attempts; attempt++) {
        try {
          const run = processor({
            id,
            name: job.name,
            data,
            attemptsMade: attempt - 1,
            progress: async (percent) => onProgress?.(percent),
            discard: () => {
              discarded = true;
            },
          });
          // The processor's result type is its method's; the definition names the same type.
          return (await withTimeout(run, job.options.timeoutMs)) as TResult;
        } catch (error) {
          lastError = error;
          if (discarded || error instanceof PermanentJobError) break;
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
