import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { Language, UserRole } from '@clari/contracts';
import { queryRows, type Statement } from '../../core/database/sql';
import { UserEntity } from './entities/user.entity';

export interface NewUser {
  email: string;
  fullName: string;
  language: Language;
  passwordHash: string;
}

/**
 * The name in lower case whatever the database's locale: lower() alone leaves "Å" as it is
 * under the C locale (the embedded cluster's), so the accented capitals are mapped as well.
 */
const UPPER_ACCENTED = 'ÅÄÖÆØÉÈÊËÜÛÙÚÍÌÎÏÓÒÔÕÑÇÁÀÂÃŠŽ';
const FOLDED_NAME = `translate(lower(full_name), '${UPPER_ACCENTED}', '${UPPER_ACCENTED.toLowerCase()}')`;

interface UserRow {
  id: string;
  email: string;
  full_name: string;
  language: Language;
  password_hash: string;
  role: UserRole;
  is_clinician: boolean;
  email_verified_at: Date | null;
  pending_email: string | null;
  terms_accepted_at: Date;
  created_at: Date;
  updated_at: Date;
}

/** The signed-in user, read on every authenticated request (by the session guard). */
const USER_BY_ID: Statement = {
  name: 'users-by-id',
  text: `SELECT id, email, full_name, language, password_hash, role, is_clinician, email_verified_at, pending_email, terms_accepted_at, created_at, updated_at
         FROM users WHERE id = $1`,
};

function toUser(row: UserRow): UserEntity {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    language: row.language,
    passwordHash: row.password_hash,
    role: row.role,
    isClinician: row.is_clinician,
    emailVerifiedAt: row.email_verified_at,
    pendingEmail: row.pending_email,
    termsAcceptedAt: row.terms_accepted_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** SQL for users and their sessions. */
@Injectable()
export class UsersRepository {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly dataSource: DataSource,
  ) {}

  /** Plain SQL, not findOneBy: it runs on every authenticated request (see core/database/sql.ts). */
  async findById(id: string): Promise<UserEntity | null> {
    const rows = await queryRows<UserRow>(this.dataSource, USER_BY_ID, [id]);
    return rows.length ? toUser(rows[0]) : null;
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email });
  }

  /** Creates the user, or returns null when the e-mail is taken (unique index). */
  async create(user: NewUser): Promise<UserEntity | null> {
    const rows = await this.dataSource.query<UserEntity[]>(
      `INSERT INTO users (email, full_name, language, password_hash, terms_accepted_at)
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (email) DO NOTHING
       RETURNING id`,
      [user.email, user.fullName, user.language, user.passwordHash],
    );
    return rows.length ? this.findById((rows[0] as unknown as { id: string }).id) : null;
  }

  async update(
    id: string,
    changes: Partial<
      Pick<
        UserEntity,
        'fullName' | 'language' | 'passwordHash' | 'emailVerifiedAt' | 'pendingEmail' | 'role' | 'isClinician'
      >
    >,
  ): Promise<void> {
    await this.users.update({ id }, changes);
  }

  /** Replaces the e-mail with a verified new one; false when another account took it meanwhile. */
  async changeEmail(id: string, email: string): Promise<boolean> {
    const result = await this.dataSource.query<[unknown[], number]>(
      `UPDATE users SET email = $2, pending_email = NULL, email_verified_at = now(), updated_at = now()
       WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users WHERE email = $2 AND id <> $1)`,
      [id, email],
    );
    return result[1] > 0;
  }

  /** Deletes the user; every table of user data follows by ON DELETE CASCADE (sessions too). */
  async delete(id: string): Promise<void> {
    await this.users.delete({ id });
  }

  /** Ends the user's sessions, except `keepSessionId` when given. */
  async endSessions(userId: string, keepSessionId?: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM session WHERE user_id = $1 AND sid <> $2`, [userId, keepSessionId ?? '']);
  }

  /** One page of names and e-mails, optionally filtered by a case-insensitive search. */
  async listNamesAndEmails(
    search: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: Array<{ full_name: string; email: string }>; total: number }> {
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = search ? `WHERE email LIKE $1 OR ${FOLDED_NAME} LIKE $1` : '';
    const params = search ? [pattern] : [];
    const [rows, count] = await Promise.all([
      this.dataSource.query<Array<{ full_name: string; email: string }>>(
        `SELECT full_name, email FROM users ${where} ORDER BY ${FOLDED_NAME}, email LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
        params,
      ),
      this.dataSource.query<Array<{ total: string }>>(`SELECT count(*) AS total FROM users ${where}`, params),
    ]);
    return { rows, total: Number(count[0].total) };
  }
}
