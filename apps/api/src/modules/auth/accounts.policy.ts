import { Inject, Injectable } from '@nestjs/common';
import type { ProfileResponse, SessionUser, UserRole } from '@clari/contracts';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import type { UserEntity } from '../users/entities/user.entity';

/** How an account is presented: its role (stored, or granted by ADMIN_EMAILS) and public shapes. */
@Injectable()
export class AccountsPolicy {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  roleOf(user: UserEntity): UserRole {
    return user.role === 'admin' || this.config.adminEmails.includes(user.email) ? 'admin' : 'user';
  }

  sessionUser(user: UserEntity): SessionUser {
    return {
      email: user.email,
      full_name: user.fullName,
      language: user.language,
      is_clinician: user.isClinician,
      role: this.roleOf(user),
    };
  }

  profile(user: UserEntity): ProfileResponse {
    return {
      email: user.email,
      full_name: user.fullName,
      language: user.language,
      pending_email: user.pendingEmail,
      is_clinician: user.isClinician,
      role: this.roleOf(user),
      created_at: user.createdAt.toISOString(),
    };
  }
}

/** E-mail addresses are compared and stored trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
