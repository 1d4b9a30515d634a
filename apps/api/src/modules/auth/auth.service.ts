import { BadRequestException, ConflictException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import {
  TOKEN_LIFETIMES_MS,
  type AuthCheckResponse,
  type Language,
  type LoginResponse,
  type MessageResponse,
  type VerifyEmailResponse,
} from '@clari/contracts';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { MailService, type MailTemplate } from '../../core/mail/mail.service';
import { RateLimitedException, RateLimiter, type RateLimit } from '../../core/security/rate-limiter';
import { AuthTokensRepository } from '../users/auth-tokens.repository';
import type { AuthTokenPurpose } from '../users/entities/auth-token.entity';
import type { UserEntity } from '../users/entities/user.entity';
import { UsersRepository } from '../users/users.repository';
import { AccountsPolicy, normaliseEmail } from './accounts.policy';
import { PasswordsService } from './passwords.service';
import { clientIp } from '../../core/security/client-ip.decorator';
import { destroySession, signIn } from './session.util';
import { LoginRefusedException } from './login-refused';
import { hashToken, newToken } from './tokens';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const AUTH_RATE_LIMITS = {
  loginPerIp: { limit: 30, windowSeconds: 15 * MINUTE },
  loginPerAccount: { limit: 10, windowSeconds: 15 * MINUTE },
  // rate-limiter-flexible's login endpoint protection: failures in a row on one account from one
  // address, across the per-account windows, until a successful login ends the run; the failure
  // after the tenth refuses that account from that address for an hour.
  loginFailuresInARow: { limit: 10, windowSeconds: 7 * DAY, blockSeconds: HOUR },
  signupPerIp: { limit: 10, windowSeconds: HOUR },
  signupPerEmail: { limit: 3, windowSeconds: HOUR },
  emailLinkPerIp: { limit: 10, windowSeconds: HOUR },
  emailLinkPerEmail: { limit: 3, windowSeconds: HOUR },
  tokenPerIp: { limit: 20, windowSeconds: HOUR },
  changePasswordPerUser: { limit: 10, windowSeconds: 15 * MINUTE },
  emailChangePerUser: { limit: 5, windowSeconds: HOUR },
  emailChangePerAddress: { limit: 3, windowSeconds: HOUR },
} satisfies Record<string, RateLimit>;

/**
 * Register, resend and reset answer no sooner than this, whether or not the address has an
 * account: the work differs (a password hash, a token and a mail, or nothing), the time must not.
 */
export const ENUMERATION_SAFE_FLOOR_MS = 250;

/** What the enumeration-safe calls answer, whether or not the e-mail has an account. */
export const AUTH_MESSAGES = {
  registered: 'Account created. We have sent you an e-mail: open the link in it to verify your address, then log in.',
  resent:
    'If that e-mail address has an account waiting for verification, we have sent a new link. Please check your inbox.',
  resetRequested:
    'If that e-mail address has an account, we have sent a link to reset the password. Please check your inbox.',
  verified: 'Your e-mail address is verified. You can now log in.',
  alreadyVerified: 'Your e-mail address is already verified. You can log in.',
  emailChanged: 'Your new e-mail address is verified and now used for your account.',
  passwordReset: 'Your password has been changed. You can now log in with the new password.',
  passwordChanged: 'Your password has been changed. You have been logged out everywhere else.',
  invalidCredentials: 'Invalid e-mail or password.',
  notVerified:
    'Please verify your e-mail address before logging in. Check your inbox for the link, or ask for a new one.',
  invalidToken: 'This link is invalid or has expired. Please ask for a new one.',
} as const;

@Injectable()
export class AuthService {
  private readonly logger = new Logger('AuthService');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly tokens: AuthTokensRepository,
    private readonly passwords: PasswordsService,
    private readonly policy: AccountsPolicy,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
  ) {}

  async check(req: Request): Promise<AuthCheckResponse> {
    const userId = req.session?.userId;
    if (!userId) return { authenticated: false };
    const user = await this.users.findById(userId);
    if (!user) {
      await destroySession(req);
      return { authenticated: false };
    }
    return { authenticated: true, user: this.policy.sessionUser(user) };
  }

  /**
   * Login's first step, before the credentials are looked at: every attempt counts per IP, and
   * an account that has used up its failures is refused even with the right password.
   */
  async assertLoginAllowed(req: Request, emailInput: string): Promise<void> {
    const email = normaliseEmail(emailInput);
    const ip = clientIp(req);
    try {
      // At once rather than in turn, so a Redis that does not answer costs one deadline, not three.
      await Promise.all([
        this.limiter.consume(`login:ip:${ip}`, AUTH_RATE_LIMITS.loginPerIp),
        // Per account only failures count, so a user who logs in often is never locked out.
        this.limiter.assertNotExceeded(`login:account:${email}`, AUTH_RATE_LIMITS.loginPerAccount),
        this.limiter.assertNotBlocked(failuresInARowKey(email, ip), AUTH_RATE_LIMITS.loginFailuresInARow),
      ]);
    } catch (error) {
      throw this.rateLimited(error);
    }
  }

  /**
   * The credential check (LocalStrategy calls it): the verified account, or a LoginRefusedException
   * with the login body. An unknown e-mail is verified against a dummy hash, so it takes as long
   * as a wrong password; both count as a failure for the account. A successful login ends the
   * account's run of failures from this address.
   */
  async verifyCredentials(emailInput: string, password: string, ip: string): Promise<UserEntity> {
    const email = normaliseEmail(emailInput);
    const user = await this.users.findByEmail(email);
    const valid = await this.passwords.verify(user?.passwordHash, password);
    if (!user || !valid) {
      try {
        await Promise.all([
          this.limiter.consume(`login:account:${email}`, AUTH_RATE_LIMITS.loginPerAccount),
          this.limiter.consume(failuresInARowKey(email, ip), AUTH_RATE_LIMITS.loginFailuresInARow),
        ]);
      } catch (error) {
        throw this.rateLimited(error);
      }
      throw new LoginRefusedException(HttpStatus.UNAUTHORIZED, AUTH_MESSAGES.invalidCredentials, 'invalid_credentials');
    }
    if (!user.emailVerifiedAt)
      throw new LoginRefusedException(HttpStatus.FORBIDDEN, AUTH_MESSAGES.notVerified, 'email_not_verified');
    await this.limiter.reset(failuresInARowKey(email, ip), AUTH_RATE_LIMITS.loginFailuresInARow);
    return user;
  }

  /** Login's last step: a new session id carrying only this user (fixation-safe). */
  async completeLogin(req: Request, user: UserEntity): Promise<LoginResponse> {
    await signIn(req, user.id);
    return { success: true, user: this.policy.sessionUser(user) };
  }

  private rateLimited(error: unknown): LoginRefusedException {
    if (!(error instanceof RateLimitedException)) throw error;
    const { message } = error.getResponse() as { message: string };
    return new LoginRefusedException(HttpStatus.TOO_MANY_REQUESTS, message, 'rate_limited');
  }

  async logout(req: Request): Promise<void> {
    await destroySession(req);
  }

  async register(
    req: Request,
    input: { email: string; password: string; fullName: string; language: Language },
  ): Promise<MessageResponse> {
    return withFloor(() => this.registerNow(req, input));
  }

  private async registerNow(
    req: Request,
    input: { email: string; password: string; fullName: string; language: Language },
  ): Promise<MessageResponse> {
    const email = normaliseEmail(input.email);
    await this.limiter.consume(`signup:ip:${clientIp(req)}`, AUTH_RATE_LIMITS.signupPerIp);
    await this.limiter.consume(`signup:email:${email}`, AUTH_RATE_LIMITS.signupPerEmail);
    this.passwords.assertAcceptable(input.password);
    const fullName = input.fullName.trim();
    if (!fullName) throw new BadRequestException('Please enter your full name.');
    const created = await this.users.create({
      email,
      fullName,
      language: input.language,
      passwordHash: await this.passwords.hash(input.password),
    });
    if (created) {
      await this.sendLink(created, 'verify_email', created.email, 'verifyEmail');
    } else {
      // Same answer as a new signup, so the form does not reveal who has an account.
      const existing = await this.users.findByEmail(email);
      if (existing && !existing.emailVerifiedAt)
        await this.sendLink(existing, 'verify_email', existing.email, 'verifyEmail');
      else if (existing)
        await this.mail.send(existing.email, 'accountExists', existing.language, {
          name: existing.fullName,
          link: `${this.config.publicUrl}/login`,
        });
    }
    return { message: AUTH_MESSAGES.registered };
  }

  async verifyEmail(req: Request, token: string): Promise<VerifyEmailResponse> {
    await this.limiter.consume(`token:ip:${clientIp(req)}`, AUTH_RATE_LIMITS.tokenPerIp);
    const record = await this.tokens.consume(hashToken(token), ['verify_email', 'change_email']);
    if (!record) {
      // A signup link clicked a second time: the account is verified, so say that rather than "invalid".
      const used = await this.tokens.findUsed(hashToken(token), ['verify_email']);
      const user = used ? await this.users.findById(used.userId) : null;
      if (user?.emailVerifiedAt && user.email === used?.email)
        return { message: AUTH_MESSAGES.alreadyVerified, alreadyVerified: true };
      throw new BadRequestException({ message: AUTH_MESSAGES.invalidToken, code: 'token_invalid' });
    }
    if (record.purpose === 'change_email') {
      if (!(await this.users.changeEmail(record.userId, record.email))) {
        throw new ConflictException({
          message: 'That e-mail address is already used by another account.',
          code: 'email_taken',
        });
      }
      return { message: AUTH_MESSAGES.emailChanged };
    }
    const user = await this.users.findById(record.userId);
    if (!user || user.email !== record.email)
      throw new BadRequestException({ message: AUTH_MESSAGES.invalidToken, code: 'token_invalid' });
    if (!user.emailVerifiedAt) await this.users.update(user.id, { emailVerifiedAt: new Date() });
    return { message: AUTH_MESSAGES.verified };
  }

  resendVerification(req: Request, emailInput: string): Promise<MessageResponse> {
    return withFloor(() => this.resendNow(req, emailInput));
  }

  private async resendNow(req: Request, emailInput: string): Promise<MessageResponse> {
    const email = normaliseEmail(emailInput);
    await this.limiter.consume(`resend:ip:${clientIp(req)}`, AUTH_RATE_LIMITS.emailLinkPerIp);
    await this.limiter.consume(`resend:email:${email}`, AUTH_RATE_LIMITS.emailLinkPerEmail);
    const user = await this.users.findByEmail(email);
    if (user && !user.emailVerifiedAt) await this.sendLink(user, 'verify_email', user.email, 'verifyEmail');
    return { message: AUTH_MESSAGES.resent };
  }

  requestPasswordReset(req: Request, emailInput: string): Promise<MessageResponse> {
    return withFloor(() => this.requestResetNow(req, emailInput));
  }

  private async requestResetNow(req: Request, emailInput: string): Promise<MessageResponse> {
    const email = normaliseEmail(emailInput);
    await this.limiter.consume(`reset:ip:${clientIp(req)}`, AUTH_RATE_LIMITS.emailLinkPerIp);
    await this.limiter.consume(`reset:email:${email}`, AUTH_RATE_LIMITS.emailLinkPerEmail);
    const user = await this.users.findByEmail(email);
    if (user) await this.sendLink(user, 'reset_password', user.email, 'resetPassword');
    return { message: AUTH_MESSAGES.resetRequested };
  }

  /** Sets a new password from a reset link and ends every session of the account. */
  async confirmPasswordReset(req: Request, token: string, newPassword: string): Promise<MessageResponse> {
    await this.limiter.consume(`token:ip:${clientIp(req)}`, AUTH_RATE_LIMITS.tokenPerIp);
    // Checked before the token is used, so a refused password does not spend the link.
    this.passwords.assertAcceptable(newPassword);
    const record = await this.tokens.consume(hashToken(token), ['reset_password']);
    if (!record) throw new BadRequestException({ message: AUTH_MESSAGES.invalidToken, code: 'token_invalid' });
    const user = await this.users.findById(record.userId);
    if (!user) throw new BadRequestException({ message: AUTH_MESSAGES.invalidToken, code: 'token_invalid' });
    // Following the link proves the mailbox, so an unverified account becomes verified.
    await this.users.update(user.id, {
      passwordHash: await this.passwords.hash(newPassword),
      emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
    });
    await this.users.endSessions(user.id);
    return { message: AUTH_MESSAGES.passwordReset };
  }

  /** Changes the password, ends the user's other sessions and renews this one's id. */
  async changePassword(
    req: Request,
    user: UserEntity,
    currentPassword: string,
    newPassword: string,
  ): Promise<MessageResponse> {
    await this.limiter.consume(`change-password:${user.id}`, AUTH_RATE_LIMITS.changePasswordPerUser);
    if (!(await this.passwords.verify(user.passwordHash, currentPassword))) {
      throw new BadRequestException({ message: 'Your current password is not correct.', code: 'password_incorrect' });
    }
    this.passwords.assertAcceptable(newPassword);
    await this.users.update(user.id, { passwordHash: await this.passwords.hash(newPassword) });
    await this.users.endSessions(user.id, req.sessionID);
    await signIn(req, user.id);
    return { message: AUTH_MESSAGES.passwordChanged };
  }

  /** Creates a single-use token and mails its link; the link is never logged in production. */
  async sendLink(user: UserEntity, purpose: AuthTokenPurpose, to: string, template: MailTemplate): Promise<void> {
    const { token, hash } = newToken();
    const lifetime = purpose === 'reset_password' ? TOKEN_LIFETIMES_MS.resetPassword : TOKEN_LIFETIMES_MS.verifyEmail;
    await this.tokens.replace({
      userId: user.id,
      purpose,
      tokenHash: hash,
      email: to,
      expiresAt: new Date(Date.now() + lifetime),
    });
    const page = purpose === 'reset_password' ? 'reset-password' : 'verify-email';
    await this.mail.send(to, template, user.language, {
      name: user.fullName,
      link: `${this.config.publicUrl}/${page}?token=${token}`,
    });
    this.logger.debug(`Sent ${purpose} link`);
  }
}

/** The counter of one account's failed logins in a row from one address. */
function failuresInARowKey(email: string, ip: string): string {
  return `login:account-ip:${email}:${ip}`;
}

/**
 * Runs `work` and answers no sooner than the floor after it started, also when it fails with a
 * 400 for the address itself (rate limits answer at once: they say nothing about accounts).
 */
async function withFloor<T>(work: () => Promise<T>, floorMs = ENUMERATION_SAFE_FLOOR_MS): Promise<T> {
  const started = Date.now();
  const wait = () => new Promise((resolve) => setTimeout(resolve, Math.max(0, floorMs - (Date.now() - started))));
  try {
    const result = await work();
    await wait();
    return result;
  } catch (error) {
    if (!(error instanceof RateLimitedException)) await wait();
    throw error;
  }
}
