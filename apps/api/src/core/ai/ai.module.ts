import { Global, Logger, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig, aiProviderOf } from '../config/app-config';
import { AI_PROVIDER, AiProvider } from './ai.types';
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
        const kind = aiProviderOf(config);
        new Logger('AiModule').log(kind === 'openai' ? `AI: openai (${config.openai.baseUrl ?? 'api.openai.com'}, ${config.openai.chatModel})` : 'AI: offline guide (no OPENAI_API_KEY or OPENAI_BASE_URL)');
        return kind === 'openai' ? new OpenAiProvider(config.openai) : new OfflineProvider();
      },
    },
    PiiScrubber,
  ],
  exports: [AI_PROVIDER, PiiScrubber],
})
export class AiModule {}
