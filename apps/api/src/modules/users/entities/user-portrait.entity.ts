import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity('user_portraits')
export class UserPortraitEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ type: 'bytea' }) data: Buffer;
  @Column({ name: 'mime_type', type: 'varchar', length: 40 }) mimeType: string;
  @Column({ type: 'integer' }) version: number;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
