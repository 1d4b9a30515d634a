import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { InterviewStatus, Language } from '@clari/contracts';

/** One anonymous participant's run through an interview, resumable with its 6-digit token. */
@Entity('interview_sessions')
export class InterviewSessionEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'interview_id', type: 'uuid' }) interviewId: string;
  /** Six digits from a cryptographic source, unique among existing sessions. */
  @Column({ type: 'char', length: 6 }) token: string;
  /** not_started → in_progress → completed, never backwards. */
  @Column({ type: 'varchar', length: 20 }) status: InterviewStatus;
  @Column({ type: 'varchar', length: 2 }) language: Language;
  /** How many of the guide's questions are answered (or skipped). */
  @Column({ type: 'smallint' }) answered: number;
  /** Clari has asked a follow-up about the current question. */
  @Column({ type: 'boolean' }) probed: boolean;
  /** The suggestions of the last reply. */
  @Column({ type: 'jsonb' }) suggestions: string[];
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true }) completedAt: Date | null;
}
