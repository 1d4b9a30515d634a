import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ChatHistoryItem } from '@clari/contracts';

@Entity('assistant_conversations')
export class ConversationEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ type: 'varchar', length: 40 }) domain: string;
  @Column({ name: 'thread_id', type: 'varchar', length: 200 }) threadId: string;
  @Column({ type: 'jsonb' }) messages: ChatHistoryItem[];
  @Column({ type: 'varchar', length: 40 }) phase: string;
  /** The suggestions of the last reply. */
  @Column({ type: 'jsonb' }) suggestions: string[];
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
