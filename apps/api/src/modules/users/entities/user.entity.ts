import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Language, UserRole } from '@clari/contracts';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  /** Always stored lower-cased and trimmed. */
  @Column({ type: 'varchar', length: 254 }) email: string;
  @Column({ name: 'full_name', type: 'varchar', length: 100 }) fullName: string;
  @Column({ type: 'varchar', length: 2 }) language: Language;
  @Column({ name: 'password_hash', type: 'text' }) passwordHash: string;
  @Column({ type: 'varchar', length: 10 }) role: UserRole;
  @Column({ name: 'is_clinician', type: 'boolean' }) isClinician: boolean;
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true }) emailVerifiedAt: Date | null;
  @Column({ name: 'pending_email', type: 'varchar', length: 254, nullable: true }) pendingEmail: string | null;
  @Column({ name: 'terms_accepted_at', type: 'timestamptz' }) termsAcceptedAt: Date;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
