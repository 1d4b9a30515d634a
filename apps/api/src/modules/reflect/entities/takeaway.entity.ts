import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('reflection_takeaways')
export class TakeawayEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'reflection_id', type: 'uuid' }) reflectionId: string;
  /** The owner again, so ownership checks and deletion never need a join. */
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ type: 'varchar', length: 200 }) title: string;
  /** Markdown. */
  @Column({ type: 'varchar', length: 2000 }) content: string;
  /** The order Clari (or the user) gave them in. */
  @Column({ type: 'integer' }) position: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
