import { DynamicModule, Injectable, Module, OnApplicationShutdown, type Provider } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullModule, getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { BullQueueDriver } from './bull.driver';
import { InProcessQueueDriver } from './in-process.driver';
import { ProcessorDiscovery } from './processor-discovery';
import { QUEUE_DRIVER } from './queue.tokens';
import { QueueService } from './queue.service';
import { QUEUE_NAMES, type QueueName } from './queue.types';

/** Whether this process runs the `@Processor` classes: always without Redis (nobody else would). */
export function runsQueueProcessors(config: AppConfig): boolean {
  return !config.redis.url || config.queue.runProcessors;
}

/** Bull's key prefix: the configured prefix (per test run, per deployment) plus `:bull`. */
export function bullPrefix(config: AppConfig): string {
  return `${config.redis.prefix}:bull`;
}

/**
 * With REDIS_URL: the product's queues through @nestjs/bull (one Redis connection setting for
 * all, each queue registered by name), and the Bull driver on top of them. Without: the
 * in-process runner. Either way features use QueueService (global), and the `@Processor`
 * classes that processor modules provide (imported only where jobs run, see app.module.ts) do
 * the work.
 */
@Module({})
class QueueCoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    const bull = config.redis.url !== undefined;
    const imports = bull
      ? [
          // The connection, shared by every queue.
          BullModule.forRootAsync({
            inject: [APP_CONFIG],
            useFactory: (appConfig: AppConfig) => ({ url: appConfig.redis.url, prefix: bullPrefix(appConfig) }),
          }),
          // Each queue's own policy. The driver adds every job with these (and its definition's
          // attempts, backoff and timeout) too; here they hold for jobs added by other means.
          BullModule.registerQueueAsync(
            ...QUEUE_NAMES.map((name) => ({
              name,
              useFactory: () => ({ defaultJobOptions: { removeOnComplete: true, removeOnFail: true } }),
            })),
          ),
        ]
      : [];
    const driver: Provider = bull
      ? {
          provide: QUEUE_DRIVER,
          inject: [APP_CONFIG, ...QUEUE_NAMES.map((name) => getQueueToken(name))],
          useFactory: (appConfig: AppConfig, ...queues: Queue[]) =>
            new BullQueueDriver(
              Object.fromEntries(QUEUE_NAMES.map((name, i) => [name, queues[i]])) as Record<QueueName, Queue>,
              bullPrefix(appConfig),
              appConfig.queue,
            ),
        }
      : { provide: QUEUE_DRIVER, useFactory: () => new InProcessQueueDriver() };
    return {
      module: QueueCoreModule,
      global: true,
      imports: [DiscoveryModule, ...imports],
      providers: [driver, ProcessorDiscovery, QueueService],
      exports: [QueueService],
    };
  }
}

/** Closes the queues at shutdown; see QueueModule for when. */
@Injectable()
class QueueCloser implements OnApplicationShutdown {
  constructor(private readonly queue: QueueService) {}

  onApplicationShutdown(): Promise<void> {
    return this.queue.close();
  }
}

/**
 * The queues, with their shutdown. Nest runs shutdown hooks from the root module outwards and
 * global modules last, in an order among them that is not ours to choose. This module is not
 * global, so it closes the queues (running jobs finish first) after the HTTP server has
 * drained and before the global database and Redis modules close their pools.
 */
@Module({})
export class QueueModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: QueueModule, imports: [QueueCoreModule.forRoot(config)], providers: [QueueCloser] };
  }
}
