import { Logger } from '@nestjs/common';
import { Process, Processor } from '@nestjs/bull';
import { CONVERSATION_RETENTION_MS } from '@clari/contracts';
import { JOB_CONCURRENCY, type JobDefinition } from '../../../core/queue/queue.types';
import { ConversationsRepository } from '../conversations.repository';

/** Scheduled by AssistantModule every RETENTION_SWEEP_EVERY_MS. */
export const DELETE_EXPIRED_CONVERSATIONS: JobDefinition<Record<string, never>, number> = {
  queue: 'maintenance',
  name: 'delete-expired-conversations',
  options: { attempts: 3, backoffMs: 30_000, timeoutMs: 60_000 },
};

/** Deletes conversations 24 h after their last message (the legal pages promise it). */
@Processor(DELETE_EXPIRED_CONVERSATIONS.queue)
export class ConversationRetentionProcessor {
  private readonly logger = new Logger('ConversationRetention');

  constructor(private readonly conversations: ConversationsRepository) {}

  @Process({ name: DELETE_EXPIRED_CONVERSATIONS.name, concurrency: JOB_CONCURRENCY })
  async deleteExpired(): Promise<number> {
    const deleted = await this.conversations.deleteLastUpdatedBefore(new Date(Date.now() - CONVERSATION_RETENTION_MS));
    if (deleted > 0) this.logger.log(`Deleted ${deleted} conversation(s) idle for 24 h`);
    return deleted;
  }
}
