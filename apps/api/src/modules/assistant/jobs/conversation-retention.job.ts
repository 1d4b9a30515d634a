import { Injectable, Logger } from '@nestjs/common';
import { CONVERSATION_RETENTION_MS } from '@clari/contracts';
import type { QueueJob } from '../../../core/queue/queue.types';
import { ConversationsRepository } from '../conversations.repository';

/** Deletes conversations 24 h after their last message (the legal pages promise it). */
@Injectable()
export class ConversationRetentionJob implements QueueJob<Record<string, never>, number> {
  readonly queue = 'maintenance' as const;
  readonly name = 'delete-expired-conversations';
  readonly options = { attempts: 3, backoffMs: 30_000, timeoutMs: 60_000 };
  private readonly logger = new Logger('ConversationRetention');

  constructor(private readonly conversations: ConversationsRepository) {}

  async process(): Promise<number> {
    const deleted = await this.conversations.deleteLastUpdatedBefore(new Date(Date.now() - CONVERSATION_RETENTION_MS));
    if (deleted > 0) this.logger.log(`Deleted ${deleted} conversation(s) idle for 24 h`);
    return deleted;
  }
}
