import { Global, Logger, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig, aiTaskProvider, type AiTask } from '../config/app-config';
import { AI_PROVIDER, AiProvider, AiUsage, ModerationVerdict, StructuredTask, TranscriptionInput } from './ai.types';
import { OfflineProvider } from './offline.provider';
import { OpenAiProvider } from './openai.provider';
import { PiiScrubber } from './pii-scrubber';

/** Picks the AI driver from configuration, like the queue and mail modules do. */
@Global()
@Module({
  providers: [
    {
      provide: AI_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): AiProvider => {
        const offline = new OfflineProvider();
        const logger = new Logger('AiModule');
        const forTask = (task: AiTask): AiProvider => {
          const endpoint = config.openai[task];
          if (aiTaskProvider(config, task) === 'offline') {
            logger.log(`AI ${task}: offline`);
            return offline;
          }
          logger.log(`AI ${task}: openai (${endpoint.baseUrl ?? 'api.openai.com'}, ${endpoint.model})`);
          return new OpenAiProvider(config.openai, endpoint, { moderation: task === 'chat' });
        };
        return new TaskRoutedProvider(forTask('chat'), forTask('transcription'), forTask('images'));
      },
    },
    PiiScrubber,
  ],
  exports: [AI_PROVIDER, PiiScrubber],
})
export class AiModule {}

/**
 * One provider per task (chat, transcription, images), so each can have its own server: a
 * local model for chat, a Whisper server for speech, offline pictures. The guides see one
 * AiProvider whose kind is the chat provider's.
 */
export class TaskRoutedProvider implements AiProvider {
  readonly kind: AiProvider['kind'];
  readonly canTranscribe: boolean;
  readonly moderate?: (text: string) => Promise<ModerationVerdict>;

  constructor(
    private readonly chat: AiProvider,
    private readonly transcription: AiProvider,
    private readonly images: AiProvider,
  ) {
    this.kind = chat.kind;
    this.canTranscribe = transcription.canTranscribe;
    if (chat.moderate) this.moderate = (text) => chat.moderate!(text);
  }

  completeJson<T>(task: StructuredTask<T>): Promise<unknown> {
    return this.chat.completeJson(task);
  }

  transcribe(input: TranscriptionInput): Promise<string> {
    return this.transcription.transcribe(input);
  }

  generateImage(prompt: string): Promise<Buffer> {
    return this.images.generateImage(prompt);
  }

  usage(): AiUsage {
    return this.chat.usage?.() ?? { calls: 0, promptTokens: 0, completionTokens: 0 };
  }
}
