import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The picture of an image box: re-encoded WebP bytes, served only to their owner. */
@Entity('year_compass_images')
export class YearCompassImageEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId: string;
  @PrimaryColumn({ name: 'section_number', type: 'smallint' }) sectionNumber: number;
  @PrimaryColumn({ name: 'box_id', type: 'varchar', length: 40 }) boxId: string;
  @Column({ type: 'bytea' }) data: Buffer;
  @Column({ name: 'mime_type', type: 'varchar', length: 40 }) mimeType: string;
  @Column({ type: 'integer' }) width: number;
  @Column({ type: 'integer' }) height: number;
  @Column({ type: 'varchar', length: 10 }) source: 'generated' | 'uploaded';
  /** The generation job that stored this picture: a retried attempt finds its own result. */
  @Column({ name: 'generation_id', type: 'uuid', nullable: true }) generationId: string | null;
  /** Set by the repository (strictly increasing per box); its milliseconds are the URL version. */
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
