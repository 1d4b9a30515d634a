import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type AuthTokenPurpose = 'verify_email' | 'change_email' | 'reset_password';

/** Single-use tokens for e-mail links. Only a SHA-256 hash of the token is stored. */
@Entity('auth_tokens')
export class AuthTokenEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ type: 'varchar', length: 20 }) purpose: AuthTokenPurpose;
  @Column({ name: 'token_hash', type: 'bytea' }) tokenHash: Buffer;
  /** The address the link was sent to (the new one, for an e-mail change). */
  @Column({ type: 'varchar', length: 254 }) email: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
