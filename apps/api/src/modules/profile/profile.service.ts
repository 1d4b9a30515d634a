import { createHash } from 'node:crypto';
import { Inject, Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import type { Request } from 'express';
import {
  PORTRAIT_SIZE_PX,
  UPLOAD_LIMITS,
  type MessageResponse,
  type PortraitResponse,
  type ProfileResponse,
  type ProfileUpdateResponse,
} from '@clari/contracts';
import { AccountsPolicy, normaliseEmail } from '../auth/accounts.policy';
import { AUTH_RATE_LIMITS, AuthService } from '../auth/auth.service';
import { destroySession } from '../auth/session.util';
import type { UserEntity } from '../users/entities/user.entity';
import { UserDataRegistry } from '../users/user-data.registry';
import { UsersRepository } from '../users/users.repository';
import { PortraitsRepository } from './profile.repository';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { reencodeImage } from '../../core/images/image-upload';
import { MailService } from '../../core/mail/mail.service';
import { RateLimiter } from '../../core/security/rate-limiter';
import type { ProfileUpdateDto } from './dto/profile.dto';

export const PORTRAIT_IMAGE_PATH = '/api/profile/portrait/image';

/**
 * The portrait's URL, unique per user and version: the image is cached for a year, so on a
 * shared browser the next account must never reuse the previous one's URL.
 */
export function portraitUrl(userId: string, version: number): string {
  const tag = createHash('sha256').update(`${userId}:${version}`).digest('base64url').slice(0, 12);
  return `${PORTRAIT_IMAGE_PATH}?v=${version}-${tag}`;
}

@Injectable()
export class ProfileService implements OnModuleInit {
  constructor(
    private readonly users: UsersRepository,
    private readonly portraits: PortraitsRepository,
    private readonly policy: AccountsPolicy,
    private readonly auth: AuthService,
    private readonly registry: UserDataRegistry,
    private readonly limiter: RateLimiter,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.registry.register({ key: 'account', export: (userId) => this.exportAccount(userId) });
    this.registry.register({ key: 'portrait', export: (userId) => this.exportPortrait(userId) });
  }

  get(user: UserEntity): ProfileResponse {
    return this.policy.profile(user);
  }

  /**
   * Name and language change at once. A new e-mail address is only stored as pending; the
   * account keeps the old one until the link sent to the new address is followed.
   */
  async update(user: UserEntity, input: ProfileUpdateDto): Promise<ProfileUpdateResponse> {
    const email = normaliseEmail(input.email);
    const changes: Partial<UserEntity> = { fullName: input.fullName.trim(), language: input.language };
    let emailChangePending = false;
    let owner: UserEntity | null = null;
    if (email !== user.email) {
      // Confirmations are limited per account and per address, so nobody can mail an address over and over.
      await this.limiter.consume(`email-change:user:${user.id}`, AUTH_RATE_LIMITS.emailChangePerUser);
      await this.limiter.consume(`email-change:address:${email}`, AUTH_RATE_LIMITS.emailChangePerAddress);
      owner = await this.users.findByEmail(email);
      changes.pendingEmail = email;
      emailChangePending = true;
    }
    await this.users.update(user.id, changes);
    const updated = { ...user, ...changes } as UserEntity;
    if (owner) {
      // The same answer as for a free address, so the form does not tell who has an account;
      // the address's owner hears of it instead, and no link can move it.
      await this.mail.send(owner.email, 'addressInUse', owner.language, {
        name: owner.fullName,
        link: `${this.config.publicUrl}/login`,
      });
    } else if (emailChangePending) {
      await this.auth.sendLink(updated, 'change_email', email, 'changeEmail');
    }
    return {
      message: emailChangePending
        ? `Your profile has been updated. We have sent a link to ${email}: your new address is used once you open it.`
        : 'Your profile has been updated.',
      profile: this.policy.profile(updated),
      emailChangePending,
    };
  }

  /** Deletes the account and, through ON DELETE CASCADE, every row of the user's data and sessions. */
  async delete(req: Request, user: UserEntity): Promise<MessageResponse> {
    await this.users.delete(user.id);
    await destroySession(req);
    return { message: 'Your account and all your data have been deleted.' };
  }

  async export(user: UserEntity): Promise<Record<string, unknown>> {
    return {
      exportedAt: new Date().toISOString(),
      format: 'clari-export/1',
      ...(await this.registry.exportAll(user.id)),
    };
  }

  async portrait(user: UserEntity): Promise<PortraitResponse> {
    const version = await this.portraits.version(user.id);
    return { url: version === null ? null : portraitUrl(user.id, version) };
  }

  async portraitImage(user: UserEntity): Promise<{ data: Buffer; mimeType: string }> {
    const portrait = await this.portraits.find(user.id);
    if (!portrait) throw new NotFoundException('No portrait has been uploaded.');
    return { data: portrait.data, mimeType: portrait.mimeType };
  }

  async uploadPortrait(user: UserEntity, bytes: Buffer | undefined): Promise<PortraitResponse> {
    const image = await reencodeImage(bytes, UPLOAD_LIMITS.portraitBytes, {
      width: PORTRAIT_SIZE_PX,
      height: PORTRAIT_SIZE_PX,
      fit: 'cover',
    });
    const version = await this.portraits.save(user.id, image, 'image/webp');
    return { url: portraitUrl(user.id, version) };
  }

  private async exportAccount(userId: string) {
    const user = await this.users.findById(userId);
    if (!user) return null;
    return {
      email: user.email,
      full_name: user.fullName,
      language: user.language,
      role: this.policy.roleOf(user),
      is_clinician: user.isClinician,
      email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
      pending_email: user.pendingEmail,
      terms_accepted_at: user.termsAcceptedAt.toISOString(),
      created_at: user.createdAt.toISOString(),
    };
  }

  private async exportPortrait(userId: string) {
    const portrait = await this.portraits.find(userId);
    return portrait
      ? {
          mime_type: portrait.mimeType,
          updated_at: portrait.updatedAt.toISOString(),
          data_base64: portrait.data.toString('base64'),
        }
      : null;
  }
}
