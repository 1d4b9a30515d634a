import type { Request } from 'express';
import type { AppConfig } from '../../core/config/app-config';
import { RateLimiter } from '../../core/security/rate-limiter';
import type { UserEntity } from '../users/entities/user.entity';
import type { UsersRepository } from '../users/users.repository';
import { AccountsPolicy } from './accounts.policy';
import { AUTH_RATE_LIMITS, AuthService } from './auth.service';
import { LoginRefusedException } from './login-refused';
import type { PasswordsService } from './passwords.service';

const PASSWORD = 'correct horse battery staple';
const EMAIL = 'anna@example.com';
const MINUTE_MS = 60_000;
const PER_ACCOUNT = AUTH_RATE_LIMITS.loginPerAccount;

describe('AuthService login limits', () => {
  const config = { adminEmails: [], rateLimitScale: 1 } as unknown as AppConfig;
  const user = { id: 'id-anna', email: EMAIL, passwordHash: 'hash', emailVerifiedAt: new Date() } as UserEntity;
  const users = { findByEmail: async (email: string) => (email === EMAIL ? user : null) } as unknown as UsersRepository;
  // The limits are under test, not argon2: the right password is simply PASSWORD.
  const passwords = { verify: async (_hash: string | undefined, password: string) => password === PASSWORD };
  let auth: AuthService;

  /** Both login steps as the route runs them: the limits guard, then the credential check. */
  async function login(password: string, ip: string): Promise<number> {
    try {
      await auth.assertLoginAllowed({ ip } as Request, EMAIL);
      await auth.verifyCredentials(EMAIL, password, ip);
      return 200;
    } catch (error) {
      if (error instanceof LoginRefusedException) return error.getStatus();
      throw error;
    }
  }

  async function fail(times: number, ip: string): Promise<number[]> {
    const answers: number[] = [];
    for (let i = 0; i < times; i++) answers.push(await login('wrong-password', ip));
    return answers;
  }

  beforeEach(() => {
    jest.useFakeTimers();
    auth = new AuthService(
      config,
      users,
      {} as never,
      passwords as unknown as PasswordsService,
      new AccountsPolicy(config),
      {} as never,
      new RateLimiter(null, config),
    );
  });
  afterEach(() => jest.useRealTimers());

  it('refuses the account from that address for an hour once failures in a row go past ten, across the per-account windows', async () => {
    expect(await fail(PER_ACCOUNT.limit, '192.0.2.1')).toEqual(Array(PER_ACCOUNT.limit).fill(401));
    expect(await login(PASSWORD, '192.0.2.1')).toBe(429); // the per-account limit
    jest.advanceTimersByTime(PER_ACCOUNT.windowSeconds * 1000 + MINUTE_MS);
    // The per-account window is over, the run of failures from this address is not.
    expect(await fail(1, '192.0.2.1')).toEqual([429]);
    expect(await login(PASSWORD, '192.0.2.1')).toBe(429);
    // Another address is not part of that run.
    expect(await login(PASSWORD, '192.0.2.2')).toBe(200);
    jest.advanceTimersByTime(30 * MINUTE_MS);
    expect(await login(PASSWORD, '192.0.2.1')).toBe(429);
    jest.advanceTimersByTime(31 * MINUTE_MS);
    expect(await login(PASSWORD, '192.0.2.1')).toBe(200);
  });

  it('ends a run of failures with a successful login', async () => {
    expect(await fail(PER_ACCOUNT.limit - 1, '192.0.2.1')).toEqual(Array(PER_ACCOUNT.limit - 1).fill(401));
    expect(await login(PASSWORD, '192.0.2.1')).toBe(200);
    jest.advanceTimersByTime(PER_ACCOUNT.windowSeconds * 1000 + MINUTE_MS);
    // Without the success these would have made 19 in a row, refused from the 11th on.
    expect(await fail(PER_ACCOUNT.limit, '192.0.2.1')).toEqual(Array(PER_ACCOUNT.limit).fill(401));
  });
});
