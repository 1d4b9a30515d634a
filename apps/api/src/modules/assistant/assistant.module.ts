import { Module, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
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
import { ConversationRetentionJob } from './jobs/conversation-retention.job';
import { TranscriptionJob } from './jobs/transcription.job';
import { SafetyEventsRepository } from './safety/safety-events.repository';
import { SafetyService } from './safety/safety.service';
import { TranscriptionService } from './transcription.service';

/** Clari: conversations by domain, transcription, and the 24 h retention sweep. */
@Module({
  imports: [AuthModule, TypeOrmModule.forFeature([ConversationEntity])],
  controllers: [AssistantController],
  providers: [AssistantService, TranscriptionService, ConversationsRepository, DomainHandlerRegistry, TranscriptionJob, ConversationRetentionJob, ChatAccessGuard, SafetyService, SafetyEventsRepository],
  exports: [DomainHandlerRegistry, AssistantService, TranscriptionService, SafetyService, SafetyEventsRepository],
})
export class AssistantModule implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly queue: QueueService,
    private readonly retention: ConversationRetentionJob,
  ) {}

  onModuleInit(): void {
    this.queue.register(this.retention);
  }

  /** Every process adds the schedule; Bull keeps one per cluster (the in-process runner has one process). */
  async onApplicationBootstrap(): Promise<void> {
    await this.queue.repeat(this.retention, RETENTION_SWEEP_EVERY_MS);
  }
}
