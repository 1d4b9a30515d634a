import { Module, OnApplicationBootstrap } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QueueService } from '../../core/queue/queue.service';
import { AuthModule } from '../auth/auth.module';
import { AssistantController } from './assistant.controller';
import { RETENTION_SWEEP_EVERY_MS } from './assistant.constants';
import { AssistantService } from './assistant.service';
import { ConversationsRepository } from './conversations.repository';
import { ConversationEntity } from './entities/conversation.entity';
import { ChatAccessGuard } from './guards/chat-access.guard';
import { DomainHandlerRegistry } from './handlers/handler.registry';
import { ConversationRetentionProcessor, DELETE_EXPIRED_CONVERSATIONS } from './jobs/conversation-retention.processor';
import { TranscriptionProcessor } from './jobs/transcription.processor';
import { SafetyEventsRepository } from './safety/safety-events.repository';
import { SafetyService } from './safety/safety.service';
import { TranscriptionService } from './transcription.service';

/** Clari: conversations by domain, transcription, and the 24 h retention sweep. */
@Module({
  imports: [AuthModule, TypeOrmModule.forFeature([ConversationEntity])],
  controllers: [AssistantController],
  providers: [
    AssistantService,
    TranscriptionService,
    ConversationsRepository,
    DomainHandlerRegistry,
    ChatAccessGuard,
    SafetyService,
    SafetyEventsRepository,
  ],
  exports: [
    DomainHandlerRegistry,
    AssistantService,
    TranscriptionService,
    SafetyService,
    SafetyEventsRepository,
    ConversationsRepository,
  ],
})
export class AssistantModule implements OnApplicationBootstrap {
  constructor(private readonly queue: QueueService) {}

  /** Every process adds the schedule; Bull keeps one per cluster (the in-process runner has one process). */
  async onApplicationBootstrap(): Promise<void> {
    await this.queue.repeat(DELETE_EXPIRED_CONVERSATIONS, RETENTION_SWEEP_EVERY_MS);
  }
}

/** The assistant's queue processors (the Journal's transcriptions too); imported only by processes that run jobs (app.module.ts). */
@Module({ imports: [AssistantModule], providers: [TranscriptionProcessor, ConversationRetentionProcessor] })
export class AssistantProcessorsModule {}
