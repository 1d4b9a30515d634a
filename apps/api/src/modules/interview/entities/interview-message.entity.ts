import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ChatRole } from '@clari/contracts';

/** One message of an interview session's conversation (identifiers removed from the participant's). */
@Entity('interview_messages')
export class InterviewMessageEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' }) id: string;
  @Column({ name: 'session_id', type: 'uuid' }) sessionId: string;
  @Column({ type: 'varchar', length: 10 }) role: ChatRole;
  @Column({ type: 'text' }) content: string;
  /** For the participant's messages: the index of the guide question they were answering. */
  @Column({ name: 'question_index', type: 'smallint', nullable: true }) questionIndex: number | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
