import type { Request, Response } from 'express';
import passport from 'passport';
import type { AppConfig } from '../../../core/config/app-config';
import { RateLimiter } from '../../../core/security/rate-limiter';
import type { UserEntity } from '../../users/entities/user.entity';
import type { UsersRepository } from '../../users/users.repository';
import { AccountsPolicy } from '../accounts.policy';
import { AUTH_MESSAGES, AUTH_RATE_LIMITS, AuthService } from '../auth.service';
import { LoginRefusedException } from '../login-refused';
import { PasswordsService } from '../passwords.service';
import { LocalStrategy } from './local.strategy';

const PASSWORD = 'correct horse battery staple';

interface Outcome {
  error?: unknown;
  user?: UserEntity | false;
  status?: number;
}

/** Runs passport's 'local' strategy on a request with this body, as LocalAuthGuard does. */
function authenticate(body: Record<string, unknown>): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = { body, query: {}, headers: {}, ip: '192.0.2.1' } as unknown as Request;
    passport.authenticate(
      'local',
      { session: false },
      (error: unknown, user: UserEntity | false, _info: unknown, status?: number) => resolve({ error, user, status }),
    )(req, {} as Response, (error: unknown) => resolve({ error }));
  });
}

function refusal(outcome: Outcome): { status: number; body: unknown } {
  expect(outcome.error).toBeInstanceOf(LoginRefusedException);
  const error = outcome.error as LoginRefusedException;
  return { status: error.getStatus(), body: error.getResponse() };
}

describe('LocalStrategy', () => {
  const config = { adminEmails: [], rateLimitScale: 1 } as unknown as AppConfig;
  const passwords = new PasswordsService();
  let accounts: Map<string, UserEntity>;
  let strategy: LocalStrategy;
  let verify: jest.SpyInstance;

  const account = async (email: string, verified: boolean): Promise<UserEntity> => {
    const user = {
      id: `id-${email}`,
      email,
      fullName: 'Anna Svensson',
      language: 'sv',
      passwordHash: await passwords.hash(PASSWORD),
      role: 'user',
      isClinician: false,
      emailVerifiedAt: verified ? new Date() : null,
    } as UserEntity;
    accounts.set(email, user);
    return user;
  };

  beforeEach(() => {
    accounts = new Map();
    const users = { findByEmail: async (email: string) => accounts.get(email) ?? null } as unknown as UsersRepository;
    const auth = new AuthService(
      config,
      users,
      {} as never,
      passwords,
      new AccountsPolicy(config),
      {} as never,
      new RateLimiter(null, config),
    );
    verify = jest.spyOn(passwords, 'verify');
    strategy = new LocalStrategy(auth);
  });

  afterEach(() => {
    strategy.onModuleDestroy();
    verify.mockRestore();
  });

  it('gives the account for the right password, reading the e-mail from the email field', async () => {
    const user = await account('anna@example.com', true);
    const outcome = await authenticate({ email: ' Anna@Example.com ', password: PASSWORD });
    expect(outcome.error).toBeNull();
    expect(outcome.user).toBe(user);
  });

  it('refuses a wrong password with the login body, and counts it as a failure for the account', async () => {
    await account('anna@example.com', true);
    for (let i = 0; i < AUTH_RATE_LIMITS.loginPerAccount.limit; i++) {
      expect(refusal(await authenticate({ email: 'anna@example.com', password: 'wrong-password' }))).toEqual({
        status: 401,
        body: { success: false, error: AUTH_MESSAGES.invalidCredentials, code: 'invalid_credentials' },
      });
    }
    expect(refusal(await authenticate({ email: 'anna@example.com', password: 'wrong-password' }))).toEqual({
      status: 429,
      body: { success: false, error: 'Too many attempts. Please wait a while and try again.', code: 'rate_limited' },
    });
  });

  it('refuses an unknown e-mail with the same answer, after checking the password against the dummy hash', async () => {
    await account('anna@example.com', true);
    expect(refusal(await authenticate({ email: 'nobody@example.com', password: PASSWORD }))).toEqual({
      status: 401,
      body: { success: false, error: AUTH_MESSAGES.invalidCredentials, code: 'invalid_credentials' },
    });
    // Verified against the dummy hash (no account hash), so it takes as long as a wrong password.
    expect(verify).toHaveBeenCalledWith(undefined, PASSWORD);
  });

  it('refuses an unverified account with its own answer, only when the password is right', async () => {
    await account('new@example.com', false);
    expect(refusal(await authenticate({ email: 'new@example.com', password: PASSWORD }))).toEqual({
      status: 403,
      body: { success: false, error: AUTH_MESSAGES.notVerified, code: 'email_not_verified' },
    });
    expect(refusal(await authenticate({ email: 'new@example.com', password: 'wrong-password' })).status).toBe(401);
  });

  it('would answer a missing field itself, which is why ValidBodyGuard runs before it', async () => {
    const outcome = await authenticate({ email: 'anna@example.com' });
    expect(outcome).toEqual({ error: null, user: false, status: 400 });
  });

  it('leaves passport with the strategy of an app that is still open when another closes', async () => {
    await account('anna@example.com', true);
    const emptyUsers = { findByEmail: async () => null } as unknown as UsersRepository;
    const other = new LocalStrategy(
      new AuthService(
        config,
        emptyUsers,
        {} as never,
        passwords,
        new AccountsPolicy(config),
        {} as never,
        new RateLimiter(null, config),
      ),
    );
    // The newest app's strategy answers while it is open…
    expect(refusal(await authenticate({ email: 'anna@example.com', password: PASSWORD })).status).toBe(401);
    other.onModuleDestroy();
    // …and the earlier one again once it has closed.
    expect((await authenticate({ email: 'anna@example.com', password: PASSWORD })).user).toMatchObject({
      email: 'anna@example.com',
    });
    strategy.onModuleDestroy();
    expect((await authenticate({ email: 'anna@example.com', password: PASSWORD })).error).toBeInstanceOf(Error);
  });
});
