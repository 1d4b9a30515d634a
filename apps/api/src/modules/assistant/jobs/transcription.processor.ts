import { Inject } from '@nestjs/common';
import { Process, Processor } from '@nestjs/bull';
import { APIError } from 'openai';
import type { Language } from '@clari/contracts';
import { AI_PROVIDER, AiProvider, TranscriptionNotConfiguredError } from '../../../core/ai/ai.types';
import {
  JOB_CONCURRENCY,
  permanentFailure,
  type JobDefinition,
  type ProcessorJob,
} from '../../../core/queue/queue.types';

export interface TranscriptionJobData {
  /** The audio bytes, base64: job data must be JSON. Removed from Redis when the job ends. */
  audio: string;
  mimeType: string;
  extension: string;
  language: Language;
}

/** Speech to text: added by TranscriptionService (the assistant's and the Journal's). */
export const TRANSCRIBE_AUDIO: JobDefinition<TranscriptionJobData, string> = {
  queue: 'transcription',
  name: 'transcribe-audio',
  options: { attempts: 3, backoffMs: 1000, timeoutMs: 120_000 },
};

/**
 * The `transcription` queue. Idempotent: a retried attempt simply asks the provider again.
 * A refusal of the input itself (4xx other than 408/429) is not retried.
 */
@Processor(TRANSCRIBE_AUDIO.queue)
export class TranscriptionProcessor {
  constructor(@Inject(AI_PROVIDER) private readonly provider: AiProvider) {}

  @Process({ name: TRANSCRIBE_AUDIO.name, concurrency: JOB_CONCURRENCY })
  async transcribe(job: ProcessorJob<TranscriptionJobData>): Promise<string> {
    const { data } = job;
    await job.progress(10);
    try {
      const text = await this.provider.transcribe({
        audio: Buffer.from(data.audio, 'base64'),
        mimeType: data.mimeType,
        fileName: `audio.${data.extension}`,
        language: data.language,
      });
      await job.progress(100);
      return text;
    } catch (error) {
      if (error instanceof TranscriptionNotConfiguredError) throw permanentFailure(job, error.message);
      if (
        error instanceof APIError &&
        error.status &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 408 &&
        error.status !== 429
      ) {
        throw permanentFailure(job, `the provider refused the audio (${error.status})`);
      }
      throw error;
    }
  }
}
