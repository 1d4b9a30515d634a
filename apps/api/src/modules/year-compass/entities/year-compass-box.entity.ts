import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One saved box of a user's Year Compass; boxes never saved have no row. */
@Entity('year_compass_boxes')
export class YearCompassBoxEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId: string;
  @PrimaryColumn({ name: 'section_number', type: 'smallint' }) sectionNumber: number;
  @PrimaryColumn({ name: 'box_id', type: 'varchar', length: 40 }) boxId: string;
  @Column({ type: 'text' }) content: string;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
