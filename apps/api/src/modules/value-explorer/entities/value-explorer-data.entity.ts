import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { LifeAreaId, ValueExplorerData } from '@clari/contracts';

@Entity('value_explorer_data')
export class ValueExplorerDataEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ name: 'life_areas', type: 'jsonb' }) lifeAreas: LifeAreaId[];
  @Column({ name: 'selected_values', type: 'jsonb' }) selectedValues: ValueExplorerData['selectedValues'];
  @Column({ type: 'jsonb' }) goals: ValueExplorerData['goals'];
  @Column({ type: 'jsonb' }) obstacles: ValueExplorerData['obstacles'];
  @Column({ type: 'text' }) summary: string;
  @Column({ name: 'summary_generated_at', type: 'timestamptz', nullable: true }) summaryGeneratedAt: Date | null;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
