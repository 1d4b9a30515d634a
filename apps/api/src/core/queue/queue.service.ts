import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ProcessorDiscovery } from './processor-discovery';
import { QUEUE_DRIVER } from './queue.tokens';
import {
  ConsumerStatus,
  JobDefinition,
  jobKey,
  QueueDriver,
  QueueJob,
  QueueName,
  RunOptions,
  ScheduleReport,
} from './queue.types';

/**
 * The one entry point features use for background work; the driver is chosen from config.
 * Jobs are processed by `@Processor` classes: on Bull, @nestjs/bull binds them; without Redis,
 * the in-process runner calls the same methods, which this service hands it at start.
 */
@Injectable()
export class QueueService implements OnModuleInit {
  private readonly logger = new Logger('QueueService');
  private readonly registered = new Set<string>();

  constructor(
    @Inject(QUEUE_DRIVER) private readonly driver: QueueDriver,
    private readonly discovery: ProcessorDiscovery,
  ) {}

  get driverKind(): QueueDriver['kind'] {
    return this.driver.kind;
  }

  /** Every provider exists by now; processor modules are only imported where jobs run (app.module.ts). */
  onModuleInit(): void {
    for (const processor of this.discovery.find()) {
      this.driver.addProcessor(processor.queue, processor.name, processor.handler);
      this.logger.debug(`Job ${processor.queue}:${processor.name} runs ${processor.method}`);
    }
  }

  /** A job whose processor is a function rather than a `@Processor` class (tests use it). */
  register<TData, TResult>(job: QueueJob<TData, TResult>): void {
    const key = jobKey(job.queue, job.name);
    if (this.registered.has(key)) return;
    this.registered.add(key);
    this.driver.register(job as QueueJob);
  }

  run<TData, TResult>(job: JobDefinition<TData, TResult>, data: TData, options: RunOptions): Promise<TResult> {
    return this.driver.run(job, data, options);
  }

  enqueue<TData>(job: JobDefinition<TData>, data: TData): Promise<void> {
    return this.driver.enqueue(job, data);
  }

  repeat(job: JobDefinition<Record<string, never>>, everyMs: number): Promise<void> {
    return this.driver.repeat(job, everyMs);
  }

  health(): Promise<'up' | 'down'> {
    return this.driver.health();
  }

  consumers(): Promise<Partial<Record<QueueName, ConsumerStatus>>> {
    return this.driver.consumers();
  }

  schedules(): Promise<ScheduleReport[]> {
    return this.driver.schedules();
  }

  /** Lets running jobs finish, then disconnects; called at shutdown by QueueModule (queue.module.ts). */
  async close(): Promise<void> {
    this.logger.log('Closing queues');
    await this.driver.close();
  }
}
