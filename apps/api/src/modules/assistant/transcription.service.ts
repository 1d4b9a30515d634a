import {
  BadGatewayException,
  BadRequestException,
  GatewayTimeoutException,
  Inject,
  Injectable,
  ServiceUnavailableException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { isLanguage, isTranscriptionCredit, type TranscribeResponse } from '@clari/contracts';
import { AI_PROVIDER, AiProvider } from '../../core/ai/ai.types';
import { QueueService } from '../../core/queue/queue.service';
import { JobWaitTimeoutError } from '../../core/queue/queue.types';
import { RateLimiter } from '../../core/security/rate-limiter';
import type { UserEntity } from '../users/entities/user.entity';
import { ASSISTANT_RATE_LIMITS, TRANSCRIPTION_WAIT_MS } from './assistant.constants';
import { resolveLanguage } from './assistant.service';
import { detectAudioType } from './audio-type';
import { TRANSCRIBE_AUDIO } from './jobs/transcription.processor';
import { DependencyUnavailableError } from '../../core/health/unavailable';

export const TRANSCRIPTION_MESSAGES = {
  notConfigured: 'Transcription is not configured on this server. Please type your text instead.',
  noFile: 'Please choose an audio file.',
  unsupported: 'Please choose an audio recording (WebM, Ogg, MP4/M4A, WAV, MP3 or AAC).',
  failed: 'Failed to transcribe audio',
  tooSlow: 'Transcription took too long. Please try again, or try a shorter recording.',
} as const;

/** Whole transcriptions that speech models invent for silence. */
const SILENCE_HALLUCINATIONS = [
  'thank you for watching',
  'thanks for watching',
  'tack för att du tittade',
  'tack för att ni tittade',
];

/**
 * '' when a transcription holds no speech: nothing but punctuation, a subtitle or
 * translation credit (part 1 §5), or a known silence hallucination.
 */
export function speechOf(transcription: string): string {
  const text = transcription.trim();
  const lower = text.toLowerCase();
  if (!/[\p{L}\p{N}]/u.test(text)) return '';
  if (isTranscriptionCredit(text)) return '';
  const bare = lower.replace(/[^\p{L}\p{N} ]+/gu, '').trim();
  if (SILENCE_HALLUCINATIONS.includes(bare)) return '';
  return text;
}

@Injectable()
export class TranscriptionService {
  constructor(
    private readonly queue: QueueService,
    @Inject(AI_PROVIDER) private readonly provider: AiProvider,
    private readonly limiter: RateLimiter,
  ) {}

  /** The request waits for its queue job; the audio lives only in memory and in the job. */
  async transcribe(user: UserEntity, audio: Buffer | undefined, language: unknown): Promise<TranscribeResponse> {
    // The request itself first (a 4xx says what to fix), then whether this server can do it at all (503).
    if (
      language !== undefined &&
      language !== '' &&
      !isLanguage(typeof language === 'string' ? language.trim().slice(0, 2).toLowerCase() : language)
    ) {
      throw new BadRequestException({ message: 'language must be en or sv.', code: 'invalid_language' });
    }
    if (!audio || audio.length === 0)
      throw new BadRequestException({ message: TRANSCRIPTION_MESSAGES.noFile, code: 'no_file' });
    const type = detectAudioType(audio);
    if (!type)
      throw new UnsupportedMediaTypeException({
        message: TRANSCRIPTION_MESSAGES.unsupported,
        code: 'unsupported_file_type',
      });
    if (!this.provider.canTranscribe)
      throw new ServiceUnavailableException({
        message: TRANSCRIPTION_MESSAGES.notConfigured,
        code: 'transcription_not_configured',
      });
    await this.limiter.consume(`assistant:transcribe:${user.id}`, ASSISTANT_RATE_LIMITS.transcribePerUser);
    try {
      const text = await this.queue.run(
        TRANSCRIBE_AUDIO,
        {
          audio: audio.toString('base64'),
          mimeType: type.mimeType,
          extension: type.extension,
          language: resolveLanguage(language, undefined, user.language),
        },
        { waitTimeoutMs: TRANSCRIPTION_WAIT_MS },
      );
      return { transcription: speechOf(typeof text === 'string' ? text : '') };
    } catch (error) {
      // Redis away: a clear 503 from the exception filter, not a failed transcription.
      if (error instanceof DependencyUnavailableError) throw error;
      if (error instanceof JobWaitTimeoutError)
        throw new GatewayTimeoutException({ message: TRANSCRIPTION_MESSAGES.tooSlow, code: 'transcription_failed' });
      throw new BadGatewayException({ message: TRANSCRIPTION_MESSAGES.failed, code: 'transcription_failed' });
    }
  }
}
