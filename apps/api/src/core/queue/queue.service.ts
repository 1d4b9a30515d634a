import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { QUEUE_DRIVER } from './queue.tokens';
import { ConsumerStatus, QueueDriver, QueueJob, QueueName, RunOptions, ScheduleReport } from './queue.types';

/** The one entry point features use for background work; the driver is chosen from config. */
@Injectable()
export class QueueService implements OnApplicationShutdown {
  private readonly logger = new Logger('QueueService');
  private readonly registered = new Set<string>();

  constructor(@Inject(QUEUE_DRIVER) private readonly driver: QueueDriver) {}

  get driverKind(): QueueDriver['kind'] {
    return this.driver.kind;
  }

  register(job: QueueJob<never, unknown>): void {
    const key = `${job.queue}:${job.name}`;
    if (this.registered.has(key)) return;
    this.registered.add(key);
    this.driver.register(job as QueueJob);
  }

  run<TData, TResult>(job: QueueJob<TData, TResult>, data: TData, options: RunOptions): Promise<TResult> {
    return this.driver.run(job, data, options);
  }

  enqueue<TData>(job: QueueJob<TData>, data: TData): Promise<void> {
    return this.driver.enqueue(job, data);
  }

  repeat(job: QueueJob<Record<string, never>>, everyMs: number): Promise<void> {
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

  async onApplicationShutdown(): Promise<void> {
    this.logger.log('Closing queues');
    await this.driver.close();
  }
}
