import { Module } from '@nestjs/common';
import { Process, Processor } from '@nestjs/bull';
import { Test } from '@nestjs/testing';
import { loadConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { BULL_PROCESS_METADATA, BULL_PROCESSOR_METADATA } from './processor-discovery';
import { QueueModule } from './queue.module';
import { QueueService } from './queue.service';
import { JobFailedError, permanentFailure, type JobDefinition, type ProcessorJob } from './queue.types';

const ECHO: JobDefinition<{ text: string; failTimes?: number }, { text: string; by: ProbeProcessor }> = {
  queue: 'images',
  name: 'probe-echo',
  options: { attempts: 3, backoffMs: 5, timeoutMs: 1000 },
};
const REFUSE: JobDefinition<Record<string, never>, never> = {
  queue: 'images',
  name: 'probe-refuse',
  options: { attempts: 3, backoffMs: 5, timeoutMs: 1000 },
};

/** Written as for Bull: @nestjs/bull's decorators, a Bull-shaped job. */
@Processor('images')
class ProbeProcessor {
  readonly attempts: number[] = [];

  @Process({ name: ECHO.name, concurrency: 2 })
  async echo(job: ProcessorJob<{ text: string; failTimes?: number }>): Promise<{ text: string; by: ProbeProcessor }> {
    this.attempts.push(job.attemptsMade);
    await job.progress(50);
    if (job.attemptsMade < (job.data.failTimes ?? 0)) throw new Error('busy');
    return { text: job.data.text.toUpperCase(), by: this };
  }

  @Process(REFUSE.name)
  async refuse(job: ProcessorJob): Promise<never> {
    this.attempts.push(job.attemptsMade);
    throw permanentFailure(job, 'refused');
  }

  /** Not a processor method: never called by a runner. */
  helper(): string {
    return 'helper';
  }
}

@Processor('images')
class NamelessProcessor {
  @Process()
  async any(): Promise<void> {}
}

@Processor('no-such-queue')
class UnknownQueueProcessor {
  @Process('x')
  async x(): Promise<void> {}
}

async function inProcessContext(...providers: Array<new (...args: never[]) => unknown>) {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  @Module({ providers })
  class Probes {}
  const moduleRef = await Test.createTestingModule({
    imports: [ConfigModule.forRoot(config), QueueModule.forRoot(config), Probes],
  }).compile();
  return moduleRef;
}

describe('@nestjs/bull metadata', () => {
  it('is written under the keys the in-process runner reads', () => {
    expect(Reflect.getMetadata(BULL_PROCESSOR_METADATA, ProbeProcessor)).toEqual({ name: 'images' });
    expect(Reflect.getMetadata(BULL_PROCESS_METADATA, ProbeProcessor.prototype.echo)).toEqual({
      name: 'probe-echo',
      concurrency: 2,
    });
    expect(Reflect.getMetadata(BULL_PROCESS_METADATA, ProbeProcessor.prototype.refuse)).toEqual({
      name: 'probe-refuse',
    });
  });
});

describe('the in-process runner', () => {
  it('calls the @Process methods of the @Processor provider itself: result, progress, retries', async () => {
    const moduleRef = await inProcessContext(ProbeProcessor);
    const app = await moduleRef.init();
    try {
      const queue = app.get(QueueService);
      const probe = app.get(ProbeProcessor);
      expect(queue.driverKind).toBe('in-process');
      const progress: number[] = [];
      const result = await queue.run(
        ECHO,
        { text: 'hej', failTimes: 2 },
        { waitTimeoutMs: 5000, onProgress: (p) => progress.push(p) },
      );
      expect(result.text).toBe('HEJ');
      // The very instance Nest created (and would hand to Bull): no second copy of the handler.
      expect(result.by).toBe(probe);
      expect(probe.attempts).toEqual([0, 1, 2]);
      expect(progress).toEqual([50, 50, 50]);
      expect(await queue.consumers()).toEqual({ images: 'up' });
    } finally {
      await app.close();
    }
  });

  it('stops at a job the processor discarded, as Bull does', async () => {
    const app = await (await inProcessContext(ProbeProcessor)).init();
    try {
      await expect(app.get(QueueService).run(REFUSE, {}, { waitTimeoutMs: 5000 })).rejects.toThrow(
        new JobFailedError('probe-refuse', 'refused'),
      );
      expect(app.get(ProbeProcessor).attempts).toEqual([0]);
    } finally {
      await app.close();
    }
  });

  it('refuses at start a @Process without a job name, and a @Processor of an unknown queue', async () => {
    await expect((await inProcessContext(NamelessProcessor)).init()).rejects.toThrow(
      /NamelessProcessor.any: @Process needs the job's name/,
    );
    await expect((await inProcessContext(UnknownQueueProcessor)).init()).rejects.toThrow(
      /UnknownQueueProcessor: @Processor names no queue/,
    );
  });
});
