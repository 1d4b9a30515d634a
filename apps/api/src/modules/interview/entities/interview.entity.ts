import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { LocalizedText } from '@clari/contracts';
import type { InterviewGuide } from '../interview-definition';

/** An interview anyone with its link can take (no user data: see the Interview migration). */
@Entity('interviews')
export class InterviewEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'jsonb' }) title: LocalizedText;
  @Column({ type: 'jsonb' }) description: LocalizedText;
  /** What Clari follows: goal, tone and the questions, per language. */
  @Column({ type: 'jsonb' }) guide: InterviewGuide;
  @Column({ type: 'boolean' }) active: boolean;
  /** Sessions and their messages are deleted this many days after they started. */
  @Column({ name: 'retention_days', type: 'integer' }) retentionDays: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
