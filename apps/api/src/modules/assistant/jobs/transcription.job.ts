import { Inject, Injectable } from '@nestjs/common';
import { APIError } from 'openai';
import type { Language } from '@clari/contracts';
import { AI_PROVIDER, AiProvider, TranscriptionNotConfiguredError } from '../../../core/ai/ai.types';
import { PermanentJobError, type JobContext, type QueueJob } from '../../../core/queue/queue.types';

export interface TranscriptionJobData {
  /** The audio bytes, base64: job data must be JSON. Removed from Redis when the job ends. */
  audio: string;
  mimeType: string;
  extension: string;
  language: Language;
}

/**
 * Speech to text on the `transcription` queue. Idempotent: a retried attempt simply asks
 * the provider again. A refusal of the input itself (4xx other than 408/429) is not retried.
 */
@Injectable()
export class TranscriptionJob implements QueueJob<TranscriptionJobData, string> {
  readonly queue = 'transcription' as const;
  readonly name = 'transcribe-audio';
  readonly options = { attempts: 3, backoffMs: 1000, timeoutMs: 120_000 };

  constructor(@Inject(AI_PROVIDER) private readonly provider: AiProvider) {}

  async process(data: TranscriptionJobData, context: JobContext): Promise<string> {
    await context.progress(10);
    try {
      const text = await this.provider.transcribe({
        audio: Buffer.from(data.audio, 'base64'),
        mimeType: data.mimeType,
        fileName: `audio.${data.extension}`,
        language: data.language,
      });
      await context.progress(100);
      return text;
    } catch (error) {
      if (error instanceof TranscriptionNotConfiguredError) throw new PermanentJobError(error.message);
      if (error instanceof APIError && error.status && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
        throw new PermanentJobError(`the provider refused the audio (${error.status})`);
      }
      throw error;
    }
  }
}
