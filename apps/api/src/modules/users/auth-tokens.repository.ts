import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { AuthTokenEntity, type AuthTokenPurpose } from './entities/auth-token.entity';

@Injectable()
export class AuthTokensRepository {
  constructor(@InjectRepository(AuthTokenEntity) private readonly tokens: Repository<AuthTokenEntity>) {}

  /** Stores a new token and invalidates the user's earlier unused ones for the same purpose. */
  async replace(
    token: Pick<AuthTokenEntity, 'userId' | 'purpose' | 'tokenHash' | 'email' | 'expiresAt'>,
  ): Promise<void> {
    await this.tokens.manager.transaction(async (manager) => {
      await manager.update(
        AuthTokenEntity,
        { userId: token.userId, purpose: token.purpose, usedAt: IsNull() },
        { usedAt: new Date() },
      );
      await manager.insert(AuthTokenEntity, token);
    });
  }

  /**
   * Marks the token used and returns it, atomically, so a token works once even when two
   * requests race. Null when unknown, used, expired or of another purpose.
   */
  async consume(tokenHash: Buffer, purposes: AuthTokenPurpose[]): Promise<AuthTokenEntity | null> {
    const rows = await this.tokens.manager.query<
      Array<{ id: string; user_id: string; purpose: AuthTokenPurpose; email: string }>
    >(
      `UPDATE auth_tokens SET used_at = now()
       WHERE token_hash = $1 AND purpose = ANY($2) AND used_at IS NULL AND expires_at > now()
       RETURNING id, user_id, purpose, email`,
      [tokenHash, purposes],
    );
    const [row] = Array.isArray(rows[0]) ? (rows[0] as typeof rows) : rows;
    if (!row) return null;
    return Object.assign(new AuthTokenEntity(), {
      id: row.id,
      userId: row.user_id,
      purpose: row.purpose,
      email: row.email,
    });
  }

  /** A token of these purposes that has already been used (a verification link clicked twice), or null. */
  async findUsed(
    tokenHash: Buffer,
    purposes: AuthTokenPurpose[],
  ): Promise<Pick<AuthTokenEntity, 'userId' | 'email'> | null> {
    const rows = await this.tokens.manager.query<Array<{ user_id: string; email: string }>>(
      `SELECT user_id, email FROM auth_tokens WHERE token_hash = $1 AND purpose = ANY($2) AND used_at IS NOT NULL LIMIT 1`,
      [tokenHash, purposes],
    );
    return rows[0] ? { userId: rows[0].user_id, email: rows[0].email } : null;
  }
}
