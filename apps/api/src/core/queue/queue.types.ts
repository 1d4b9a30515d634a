/** The queues of the product. `maintenance` carries periodic clean-up jobs. */
export type QueueName = 'transcription' | 'images' | 'mail' | 'maintenance';

export interface JobOptions {
  /** Tries in all, including the first. */
  attempts: number;
  /** First retry delay; doubles on each further retry. */
  backoffMs: number;
  /** One attempt is failed after this long. */
  timeoutMs: number;
}

export interface JobContext {
  /** 1 for the first try. */
  attempt: number;
  /** Reports progress (0–100) to whoever waits for the job. */
  progress(percent: number): Promise<void>;
}

/**
 * A job type and its processor. Features implement this in an @Injectable class under
 * `modules/<feature>/jobs/` and register it with QueueService.register() in onModuleInit.
 * Processors must be idempotent: a retried attempt may repeat work already done.
 */
export interface QueueJob<TData = unknown, TResult = unknown> {
  readonly queue: QueueName;
  readonly name: string;
  readonly options: JobOptions;
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
  register(job: QueueJob): void;
  /** Adds a job and waits for its result (or its final failure). */
  run<TData, TResult>(job: QueueJob<TData, TResult>, data: TData, options: RunOptions): Promise<TResult>;
  /** Adds a job without waiting. */
  enqueue<TData>(job: QueueJob<TData>, data: TData): Promise<void>;
  /** Runs a job every `everyMs`, once per cluster. */
  repeat(job: QueueJob<Record<string, never>>, everyMs: number): Promise<void>;
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
  constructor(readonly jobName: string, reason: string) {
    super(`Job ${jobName} failed: ${reason}`);
  }
}

/**
 * Thrown by a processor when retrying cannot help (the input itself was refused): the job
 * fails at once instead of using its remaining attempts.
 */
export class PermanentJobError extends Error {}

export const DEFAULT_JOB_OPTIONS: JobOptions = { attempts: 3, backoffMs: 1000, timeoutMs: 120_000 };
