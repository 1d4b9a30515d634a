import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { LifeAreaId, ReflectTopicId } from '@clari/contracts';

@Entity('reflections')
export class ReflectionEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ type: 'varchar', length: 200 }) title: string;
  /** Markdown. */
  @Column({ type: 'text' }) content: string;
  @Column({ type: 'varchar', length: 40 }) topic: ReflectTopicId;
  @Column({ name: 'life_areas', type: 'jsonb' }) lifeAreas: LifeAreaId[];
  @Column({ type: 'jsonb' }) tags: string[];
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
