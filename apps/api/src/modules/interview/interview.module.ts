import { Module, OnApplicationBootstrap } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QueueService } from '../../core/queue/queue.service';
import { AssistantModule } from '../assistant/assistant.module';
import { InterviewEntity } from './entities/interview.entity';
import { InterviewMessageEntity } from './entities/interview-message.entity';
import { InterviewSessionEntity } from './entities/interview-session.entity';
import { InterviewHandler } from './handlers/interview.handler';
import { INTERVIEW_RETENTION_SWEEP_EVERY_MS } from './interview.constants';
import { InterviewController } from './interview.controller';
import { InterviewRepository } from './interview.repository';
import { InterviewService } from './interview.service';
import { InterviewThreadStore } from './interview-thread.store';
import { DELETE_EXPIRED_INTERVIEW_SESSIONS, InterviewRetentionProcessor } from './jobs/interview-retention.processor';

/** The anonymous AI Interview (part 2): interviews, sessions with 6-digit codes, Clari's interview domain, retention. */
@Module({
  imports: [
    AssistantModule,
    TypeOrmModule.forFeature([InterviewEntity, InterviewSessionEntity, InterviewMessageEntity]),
  ],
  controllers: [InterviewController],
  providers: [InterviewService, InterviewRepository, InterviewThreadStore, InterviewHandler],
  exports: [InterviewRepository],
})
export class InterviewModule implements OnApplicationBootstrap {
  constructor(private readonly queue: QueueService) {}

  /** Every process adds the schedule; Bull keeps one per cluster (the in-process runner has one process). */
  async onApplicationBootstrap(): Promise<void> {
    await this.queue.repeat(DELETE_EXPIRED_INTERVIEW_SESSIONS, INTERVIEW_RETENTION_SWEEP_EVERY_MS);
  }
}

/** The interview's queue processors; imported only by processes that run jobs (app.module.ts). */
@Module({ imports: [InterviewModule], providers: [InterviewRetentionProcessor] })
export class InterviewProcessorsModule {}
