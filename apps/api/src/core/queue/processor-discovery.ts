import { Injectable, type Type } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { QUEUE_NAMES, type ProcessorHandler, type ProcessorJob, type QueueName } from './queue.types';

/**
 * The metadata keys @nestjs/bull's `@Processor` and `@Process` write (its bull.constants.js,
 * which the package does not export). processor-discovery.spec.ts checks them against the
 * decorators themselves, so a change in the library fails a test, not a start.
 */
export const BULL_PROCESSOR_METADATA = 'bull:module_queue';
export const BULL_PROCESS_METADATA = 'bull:module_queue_process';

export interface DiscoveredProcessor {
  queue: QueueName;
  name: string;
  /** Calls the method on the provider's instance, looked up at call time. */
  handler: ProcessorHandler;
  /** `Class.method`, for messages. */
  method: string;
}

type ProcessorInstance = Record<string, unknown>;

function isQueueName(name: unknown): name is QueueName {
  return typeof name === 'string' && (QUEUE_NAMES as readonly string[]).includes(name);
}

/**
 * Finds the `@Process` methods of every `@Processor` provider, the way @nestjs/bull's own
 * explorer does (DiscoveryService and the decorators' metadata). On Bull, @nestjs/bull binds
 * those methods to Redis itself; the in-process runner calls the very same methods.
 */
@Injectable()
export class ProcessorDiscovery {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  find(): DiscoveredProcessor[] {
    const found: DiscoveredProcessor[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object') continue;
      // As @nestjs/bull: value and factory providers are known by their instance's class.
      const type = (!wrapper.metatype || wrapper.inject ? instance.constructor : wrapper.metatype) as Type<unknown>;
      const processor = this.reflector.get<{ name?: string } | undefined>(BULL_PROCESSOR_METADATA, type);
      if (!processor) continue;
      if (!isQueueName(processor.name))
        throw new Error(`${type.name}: @Processor names no queue of ${QUEUE_NAMES.join(', ')}`);
      if (!wrapper.isDependencyTreeStatic())
        throw new Error(`${type.name}: request-scoped processors are not supported`);
      const target = instance as ProcessorInstance;
      for (const key of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object)) {
        const method = target[key];
        if (typeof method !== 'function') continue;
        const process = this.reflector.get<{ name?: string } | undefined>(BULL_PROCESS_METADATA, method);
        if (!process) continue;
        // Jobs are added by name; a nameless @Process would take every job of its queue on Bull.
        if (!process.name) throw new Error(`${type.name}.${key}: @Process needs the job's name`);
        found.push({
          queue: processor.name,
          name: process.name,
          method: `${type.name}.${key}`,
          handler: (job: ProcessorJob) => (target[key] as ProcessorHandler).call(target, job),
        });
      }
    }
    return found;
  }
}
