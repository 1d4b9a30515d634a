/** The queues of the product. `maintenance` carries periodic clean-up jobs. */
export const QUEUE_NAMES = ['transcription', 'images', 'mail', 'maintenance'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** Jobs of one name that one process runs at the same time (the `concurrency` of `@Process`). */
export const JOB_CONCURRENCY = 2;

export interface JobOptions {
  /** Tries in all, including the first. */
  attempts: number;
  /** First retry delay; doubles on each further retry. */
  backoffMs: number;
  /** One attempt is failed after this long. */
  timeoutMs: number;
}

/**
 * A job type as callers see it: its queue, its name (the `@Process` name of its processor)
 * and its options. Callers need only this, so processes that run no processors can add jobs.
 * `TData` and `TResult` type the data and the result of `QueueService.run()`.
 */
export interface JobDefinition<TData = unknown, TResult = unknown> {
  readonly queue: QueueName;
  readonly name: string;
  readonly options: JobOptions;
  /** Type only, never set: carries TData and TResult to the callers. */
  readonly types?: { data: TData; result: TResult };
}

/**
 * What a processor method (`@Process`) receives: the part of Bull's `Job` that the in-process
 * runner provides too, so one processor class serves both.
 */
export interface ProcessorJob<TData = unknown> {
  readonly id: string | number;
  readonly name: string;
  readonly data: TData;
  /** Attempts made before this one: 0 on the first. */
  readonly attemptsMade: number;
  /** Reports progress (0–100) to whoever waits for the job. */
  progress(percent: number): Promise<void>;
  /** Fails the job after this attempt without retrying it (Bull's own `Job.discard()`). */
  discard(): void;
}

/** A processor method, as both runners call it. */
export type ProcessorHandler = (job: ProcessorJob) => Promise<unknown>;

export interface JobContext {
  /** 1 for the first try. */
  attempt: number;
  /** Reports progress (0–100) to whoever waits for the job. */
  progress(percent: number): Promise<void>;
}

/**
 * A job with its processor as a function, registered at run time with QueueService.register()
 * (tests use it for jobs of their own). The product's jobs are `@Processor` classes instead.
 * Processors must be idempotent: a retried attempt may repeat work already done.
 */
export interface QueueJob<TData = unknown, TResult = unknown> extends JobDefinition<TData, TResult> {
  process(data: TData, context: JobContext): Promise<TResult>;
}

export interface RunOptions {
  /** How long the caller waits for the result before giving up. */
  waitTimeoutMs: number;
  onProgress?: (percent: number) => void;
}

/** Whether some process consumes a queue: 'unknown' while Redis does not answer. */
export type ConsumerStatus = 'up' | 'none' | 'unknown';

/** A periodic job as health shows it: whether its schedule exists, and when it runs next. */
export interface ScheduleReport {
  job: string;
  queue: QueueName;
  everyMs: number;
  /** 'missing' until the periodic self-check declares it again; 'unknown' while Redis does not answer. */
  status: 'scheduled' | 'missing' | 'unknown';
  nextRunAt?: string;
}

export interface QueueDriver {
  readonly kind: 'bull' | 'in-process';
  /**
   * A processor method found on a `@Processor` class of this process. On Bull, @nestjs/bull has
   * bound it to its queue already; the driver notes the queue as consumed and keeps the method
   * for running jobs in this process while Redis is away.
   */
  addProcessor(queue: QueueName, name: string, handler: ProcessorHandler): void;
  /** A job whose processor is a function (QueueJob); bound to Bull here when this process runs processors. */
  register(job: QueueJob): void;
  /** Adds a job and waits for its result (or its final failure). */
  run<TData, TResult>(job: JobDefinition<TData, TResult>, data: TData, options: RunOptions): Promise<TResult>;
  /** Adds a job without waiting. */
  enqueue<TData>(job: JobDefinition<TData>, data: TData): Promise<void>;
  /** Runs a job every `everyMs`, once per cluster. */
  repeat(job: JobDefinition<Record<string, never>>, everyMs: number): Promise<void>;
  health(): Promise<'up' | 'down'>;
  /** Per queue with registered jobs: whether a consumer is alive. */
  consumers(): Promise<Partial<Record<QueueName, ConsumerStatus>>>;
  /** The periodic jobs this process declared, with their state. */
  schedules(): Promise<ScheduleReport[]>;
  close(): Promise<void>;
}

/** The caller stopped waiting; the job may still finish later. */
export class JobWaitTimeoutError extends Error {
  constructor(readonly jobName: string) {
    super(`Job ${jobName} did not finish in time`);
  }
}

/** The job failed on its last attempt. */
export class JobFailedError extends Error {
  constructor(
    readonly jobName: string,
    reason: string,
  ) {
    super(`Job ${jobName} failed: ${reason}`);
  }
}

/**
 * Thrown by a processor when retrying cannot help (the input itself was refused): the job
 * fails at once instead of using its remaining attempts. Processor methods create it with
 * permanentFailure(), which also discards the job, as Bull needs before the error is thrown.
 */
export class PermanentJobError extends Error {}

/** `throw permanentFailure(job, reason)`: the attempt fails and no further attempt is made. */
export function permanentFailure(job: Pick<ProcessorJob, 'discard'>, reason: string): PermanentJobError {
  job.discard();
  return new PermanentJobError(reason);
}

/** The key under which a job's processor is known: queue and job name. */
export function jobKey(queue: QueueName, name: string): string {
  return `${queue}:${name}`;
}
