import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, LessThan, Repository } from 'typeorm';
import { ASSISTANT_LIMITS, type ChatHistoryItem } from '@clari/contracts';
import { ConversationEntity } from './entities/conversation.entity';

export interface ThreadKey {
  userId: string;
  domain: string;
  threadId: string;
}

export interface StoredConversation {
  messages: ChatHistoryItem[];
  phase: string;
  suggestions: string[];
}

@Injectable()
export class ConversationsRepository {
  constructor(
    @InjectRepository(ConversationEntity) private readonly conversations: Repository<ConversationEntity>,
    private readonly dataSource: DataSource,
  ) {}

  async find({ userId, domain, threadId }: ThreadKey): Promise<StoredConversation | null> {
    const row = await this.conversations.findOne({
      where: { userId, domain, threadId },
      select: { id: true, messages: true, phase: true, suggestions: true },
    });
    return row ? { messages: row.messages, phase: row.phase, suggestions: row.suggestions } : null;
  }

  /**
   * Appends messages in one statement (so two tabs writing to one thread both keep their
   * messages) and keeps only the newest `historyMax`. Returns the stored conversation.
   */
  async append(
    { userId, domain, threadId }: ThreadKey,
    messages: ChatHistoryItem[],
    phase: string,
    suggestions: string[],
  ): Promise<StoredConversation> {
    const rows = await this.dataSource.query<StoredConversation[]>(
      `INSERT INTO assistant_conversations AS c (user_id, domain, thread_id, messages, phase, suggestions)
       VALUES ($1, $2, $3, $4::jsonb, $5, $7::jsonb)
       ON CONFLICT (user_id, domain, thread_id) DO UPDATE SET
         messages = (
           SELECT COALESCE(jsonb_agg(item ORDER BY position), '[]'::jsonb)
           FROM jsonb_array_elements(c.messages || EXCLUDED.messages) WITH ORDINALITY AS t(item, position)
           WHERE position > jsonb_array_length(c.messages || EXCLUDED.messages) - $6
         ),
         phase = EXCLUDED.phase,
         suggestions = EXCLUDED.suggestions,
         updated_at = now()
       RETURNING messages, phase, suggestions`,
      [
        userId,
        domain,
        threadId,
        JSON.stringify(messages.slice(-ASSISTANT_LIMITS.historyMax)),
        phase,
        ASSISTANT_LIMITS.historyMax,
        JSON.stringify(suggestions),
      ],
    );
    return rows[0];
  }

  async delete({ userId, domain, threadId }: ThreadKey): Promise<boolean> {
    const result = await this.conversations.delete({ userId, domain, threadId });
    return (result.affected ?? 0) > 0;
  }

  /** The retention sweep: conversations whose last message is older than `cutoff`. */
  async deleteLastUpdatedBefore(cutoff: Date): Promise<number> {
    const result = await this.conversations.delete({ updatedAt: LessThan(cutoff) });
    return result.affected ?? 0;
  }

  listForExport(
    userId: string,
  ): Promise<Array<Pick<ConversationEntity, 'domain' | 'threadId' | 'phase' | 'messages' | 'updatedAt'>>> {
    return this.conversations.find({
      where: { userId },
      select: { domain: true, threadId: true, phase: true, messages: true, updatedAt: true },
      order: { updatedAt: 'DESC' },
    });
  }
}
