import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Job, JobOptions, Queue } from 'bull';
import { DependencyUnavailableError, withDeadline } from '../health/unavailable';
import { InProcessQueueDriver } from './in-process.driver';
import {
  ConsumerStatus,
  JOB_CONCURRENCY,
  JobDefinition,
  JobFailedError,
  JobWaitTimeoutError,
  jobKey,
  PermanentJobError,
  ProcessorHandler,
  ProcessorJob,
  QUEUE_NAMES,
  QueueDriver,
  QueueJob,
  QueueName,
  RunOptions,
  ScheduleReport,
} from './queue.types';

/** How often each process checks that its periodic jobs are still scheduled. */
const SCHEDULE_CHECK_EVERY_MS = 60_000;

export interface BullDriverOptions {
  /** Whether this process runs the processors (and so sends worker heartbeats). */
  runProcessors: boolean;
  /** Adding a job (or waiting for the connection first) fails after this long. */
  addTimeoutMs: number;
  /** Heartbeat lifetime: a queue without one for this long has no consumer. */
  workerTimeoutMs: number;
}

/** The queue's connection is usable now. */
function isReady(queue: Queue): boolean {
  return queue.client.status === 'ready';
}

interface Waiter {
  resolve(result: unknown): void;
  reject(error: Error): void;
  onProgress?: (percent: number) => void;
  jobName: string;
}

/**
 * Bull on Redis: jobs survive a process restart and any worker process in the cluster may
 * run them. The queues are @nestjs/bull's (BullModule.registerQueueAsync), and so is the
 * binding of the `@Processor` classes to them; this driver adds jobs, waits for their
 * results, and watches consumers and schedules. Completed and failed jobs are removed at
 * once, so job data (audio included) leaves Redis when the job ends; results reach the
 * waiting request through Bull's global events, which is why the waiter is registered before
 * the job is added.
 *
 * While Redis is unreachable, adding a job fails within `addTimeoutMs` (a 503 for the request)
 * instead of waiting in ioredis's offline queue for the whole outage; a job nobody waits for
 * (an e-mail) runs in this process instead. Processes that consume a queue refresh a heartbeat
 * key with a TTL, which health reads to tell whether anyone is working on each queue.
 */
export class BullQueueDriver implements QueueDriver {
  readonly kind = 'bull' as const;
  private readonly logger = new Logger('BullQueue');
  private readonly waiters = new Map<string, Waiter>();
  /** Queues this process runs processors for. */
  private readonly consumed = new Set<QueueName>();
  private readonly declared = new Map<string, { job: JobDefinition<Record<string, never>>; everyMs: number }>();
  private readonly fallback = new InProcessQueueDriver();
  private heartbeatTimer?: NodeJS.Timeout;
  private scheduleCheckTimer?: NodeJS.Timeout;
  /** Queues whose connection was ready at least once: once lost, callers fail at once instead of waiting. */
  private readonly connectedOnce = new Set<QueueName>();
  private closed = false;

  /**
   * @param queues every product queue, as @nestjs/bull created them (its `getQueueToken` providers)
   * @param prefix the queues' key prefix, under which the heartbeats are kept too
   */
  constructor(
    private readonly queues: Record<QueueName, Queue>,
    private readonly prefix: string,
    private readonly options: BullDriverOptions,
  ) {
    for (const name of QUEUE_NAMES) this.watch(name, queues[name]);
  }

  addProcessor(queue: QueueName, name: string, handler: ProcessorHandler): void {
    // @nestjs/bull has bound the method to the queue: this process consumes it.
    this.consume(queue);
    this.fallback.addProcessor(queue, name, handler);
  }

  register(job: QueueJob): void {
    this.fallback.register(job);
    if (!this.options.runProcessors) return;
    this.consume(job.queue);
    const handler = async (bullJob: Job) => {
      // Checks that Bull's Job is what processors are written against.
      const run: ProcessorJob = bullJob;
      try {
        return await job.process(run.data, {
          attempt: run.attemptsMade + 1,
          progress: (percent) => run.progress(percent),
        });
      } catch (error) {
        if (error instanceof PermanentJobError) run.discard();
        throw error;
      }
    };
    void this.queue(job.queue).process(job.name, JOB_CONCURRENCY, handler);
  }

  async run<TData, TResult>(job: JobDefinition<TData, TResult>, data: TData, options: RunOptions): Promise<TResult> {
    const queue = this.queue(job.queue);
    await this.whenConnected(queue);
    const jobId = randomUUID();
    const result = new Promise<TResult>((resolve, reject) => {
      this.waiters.set(jobId, {
        resolve: resolve as (r: unknown) => void,
        reject,
        onProgress: options.onProgress,
        jobName: job.name,
      });
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new JobWaitTimeoutError(job.name)), options.waitTimeoutMs);
    });
    try {
      await withDeadline(
        queue.add(job.name, data, { ...this.jobOptions(job), jobId }),
        this.options.addTimeoutMs,
        'queue',
        `adding ${job.name}`,
      );
      return await Promise.race([result, timeout]);
    } catch (error) {
      if (error instanceof JobWaitTimeoutError || error instanceof DependencyUnavailableError) {
        // Nobody waits any more: drop the job unless a worker is already running it. In the
        // background, so the answer is not delayed by a Redis that does not answer; an add that
        // still lands later runs unobserved, which is harmless because processors are idempotent.
        void this.dropUnlessActive(queue, jobId);
      }
      throw error;
    } finally {
      clearTimeout(timer);
      this.waiters.delete(jobId);
    }
  }

  async enqueue<TData>(job: JobDefinition<TData>, data: TData): Promise<void> {
    const queue = this.queue(job.queue);
    try {
      await this.whenConnected(queue);
      await withDeadline(
        queue.add(job.name, data, this.jobOptions(job)),
        this.options.addTimeoutMs,
        'queue',
        `adding ${job.name}`,
      );
    } catch (error) {
      if (!(error instanceof DependencyUnavailableError) || this.closed || !this.fallback.canRun(job)) throw error;
      // Nobody waits for this job's result, so running it here (with the same processor class)
      // keeps e.g. sign-up e-mails going out during a Redis outage (with the same attempts and
      // backoff, but not across a restart).
      this.logger.warn(`Queue ${job.queue}: Redis unavailable, running ${job.name} in this process (${error.message})`);
      await this.fallback.enqueue(job, data);
    }
  }

  /**
   * Bull keys repeatable jobs by name and interval, so every process adding it yields one
   * schedule. The schedule is declared again whenever the connection is (re)established, so it
   * comes back after Redis restarted empty; a failure here never stops the process starting.
   */
  async repeat(job: JobDefinition<Record<string, never>>, everyMs: number): Promise<void> {
    this.declared.set(jobKey(job.queue, job.name), { job, everyMs });
    this.startScheduleCheck();
    await this.declareSchedule(job, everyMs);
  }

  async schedules(): Promise<ScheduleReport[]> {
    const declared = [...this.declared.values()];
    const found = new Map<string, number>();
    let known = true;
    for (const name of new Set(declared.map(({ job }) => job.queue))) {
      const queue = this.queue(name);
      try {
        if (!isReady(queue)) throw new DependencyUnavailableError('queue', queue.client.status);
        const jobs = await withDeadline(
          queue.getRepeatableJobs(),
          this.options.addTimeoutMs,
          'queue',
          'listing schedules',
        );
        for (const info of jobs) found.set(`${name}:${info.name}:${Number(info.every)}`, info.next);
      } catch {
        known = false;
      }
    }
    return declared.map(({ job, everyMs }) => {
      const next = found.get(`${job.queue}:${job.name}:${everyMs}`);
      const status = next !== undefined ? 'scheduled' : known ? 'missing' : 'unknown';
      return {
        job: job.name,
        queue: job.queue,
        everyMs,
        status,
        ...(next !== undefined ? { nextRunAt: new Date(next).toISOString() } : {}),
      };
    });
  }

  async health(): Promise<'up' | 'down'> {
    try {
      const queue = this.queue('maintenance');
      if (!isReady(queue)) return 'down';
      return (await withDeadline(queue.client.ping(), this.options.addTimeoutMs, 'queue', 'PING')) === 'PONG'
        ? 'up'
        : 'down';
    } catch {
      return 'down';
    }
  }

  /** Per queue: whether a consumer's heartbeat is fresh ('unknown' while Redis does not answer). */
  async consumers(): Promise<Partial<Record<QueueName, ConsumerStatus>>> {
    const names = [...QUEUE_NAMES].sort();
    const queue = this.queue('maintenance');
    let beats: Array<string | null>;
    try {
      if (!isReady(queue)) throw new DependencyUnavailableError('queue', queue.client.status);
      beats = names.length
        ? await withDeadline(
            queue.client.mget(...names.map((name) => this.heartbeatKey(name))),
            this.options.addTimeoutMs,
            'queue',
            'MGET',
          )
        : [];
    } catch {
      return Object.fromEntries(names.map((name) => [name, 'unknown']));
    }
    return Object.fromEntries(names.map((name, i) => [name, beats[i] ? 'up' : 'none']));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeatTimer);
    clearInterval(this.scheduleCheckTimer);
    // close() lets active jobs finish before disconnecting. @nestjs/bull closes its queues on
    // shutdown too (Bull's close() is the same promise twice); closing them here as well keeps
    // them closed before the database pools, whatever order Nest closes modules in.
    await Promise.allSettled([...QUEUE_NAMES.map((name) => this.queues[name].close()), this.fallback.close()]);
    for (const waiter of this.waiters.values())
      waiter.reject(new JobFailedError(waiter.jobName, 'the queue is shutting down'));
  }

  private async dropUnlessActive(queue: Queue, jobId: string): Promise<void> {
    try {
      const stale = await queue.getJob(jobId);
      if (stale && !(await stale.isActive())) await stale.remove();
    } catch {
      // Redis is away: nothing to clean up that a worker would not also fail on.
    }
  }

  /** Fails at once once a connection was lost (ioredis reconnecting), and within addTimeoutMs while it first connects. */
  private async whenConnected(queue: Queue): Promise<void> {
    if (isReady(queue)) return;
    if (this.connectedOnce.has(queue.name as QueueName))
      throw new DependencyUnavailableError('queue', `Redis connection is ${queue.client.status}`);
    await withDeadline(queue.isReady(), this.options.addTimeoutMs, 'queue', 'connecting to Redis');
  }

  private async declareSchedule(job: JobDefinition<Record<string, never>>, everyMs: number): Promise<void> {
    if (this.closed) return;
    const queue = this.queue(job.queue);
    try {
      await this.whenConnected(queue);
      await withDeadline(
        queue.add(job.name, {}, { ...this.jobOptions(job), repeat: { every: everyMs }, jobId: job.name }),
        this.options.addTimeoutMs,
        'queue',
        `scheduling ${job.name}`,
      );
    } catch (error) {
      this.logger.warn(
        `Queue ${job.queue}: could not schedule ${job.name} now, will again when Redis is back (${(error as Error).message})`,
      );
    }
  }

  /**
   * A periodic self-check: a schedule removed from Redis (a flush, a failover to an empty
   * replica that happened without a reconnect here) is declared again within a minute.
   */
  private startScheduleCheck(): void {
    if (this.scheduleCheckTimer) return;
    this.scheduleCheckTimer = setInterval(() => {
      void this.schedules().then((reports) => {
        for (const report of reports.filter((r) => r.status === 'missing')) {
          const entry = this.declared.get(jobKey(report.queue, report.job));
          if (!entry) continue;
          this.logger.warn(`Queue ${report.queue}: schedule of ${report.job} was missing, declaring it again`);
          void this.declareSchedule(entry.job, entry.everyMs);
        }
      });
    }, SCHEDULE_CHECK_EVERY_MS);
    this.scheduleCheckTimer.unref();
  }

  private heartbeatKey(name: QueueName): string {
    return `${this.prefix}:${name}:worker-heartbeat`;
  }

  private consume(name: QueueName): void {
    this.consumed.add(name);
    this.startHeartbeat();
    this.beat(name);
  }

  /** Every consuming process refreshes one key per queue; any live consumer keeps it present. */
  private startHeartbeat(): void {
    if (this.heartbeatTimer) return;
    // Several beats per lifetime, so one missed beat does not make a live worker look gone.
    this.heartbeatTimer = setInterval(
      () => {
        for (const name of this.consumed) this.beat(name);
      },
      Math.max(250, Math.floor(this.options.workerTimeoutMs / 4)),
    );
    this.heartbeatTimer.unref();
  }

  private beat(name: QueueName): void {
    if (!this.consumed.has(name) || this.closed) return;
    const queue = this.queue(name);
    if (!isReady(queue)) return;
    queue.client
      .set(this.heartbeatKey(name), new Date().toISOString(), 'PX', this.options.workerTimeoutMs)
      .catch(() => undefined);
  }

  private jobOptions(job: JobDefinition): JobOptions {
    return {
      attempts: job.options.attempts,
      backoff: { type: 'exponential', delay: job.options.backoffMs },
      timeout: job.options.timeoutMs,
      removeOnComplete: true,
      removeOnFail: true,
    };
  }

  private queue(name: QueueName): Queue {
    return this.queues[name];
  }

  /** Connection state, outage reports, schedule re-declaration on reconnect, and waiters' results. */
  private watch(name: QueueName, queue: Queue): void {
    handleWorkerNameFailures(queue, (error) =>
      this.logger.warn(`Queue ${name}: could not name its worker connection (${error.message})`),
    );
    // Each of Bull's connections reports every failed reconnect: say it once per outage.
    let failing = false;
    queue.on('error', (error) => {
      if (!failing) this.logger.error(`Queue ${name}: ${error.message} (retrying until Redis is back)`);
      failing = true;
    });
    // Already connected: the first 'ready' came before this listener.
    if (isReady(queue)) this.connectedOnce.add(name);
    queue.client.on('ready', () => {
      if (failing) this.logger.log(`Queue ${name}: connected to Redis again`);
      failing = false;
      // Redis may have restarted empty: beat and declare this queue's schedules again at once.
      if (this.connectedOnce.has(name)) {
        for (const { job, everyMs } of this.declared.values())
          if (job.queue === name) void this.declareSchedule(job, everyMs);
      }
      this.connectedOnce.add(name);
      this.beat(name);
    });
    queue.on('global:completed', (jobId: string, result: string) => {
      this.waiters.get(jobId)?.resolve(parseResult(result));
    });
    queue.on('global:progress', (jobId: string, progress: number) => {
      this.waiters.get(jobId)?.onProgress?.(progress);
    });
    queue.on('global:failed', (jobId: string, reason: string) => {
      void this.settleFailure(queue, jobId, reason);
    });
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
      if (!(error instanceof Error && error.message === 'Connection is closed.'))
        report(error instanceof Error ? error : new Error(String(error)));
    });
}
