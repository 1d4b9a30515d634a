import Redis from 'ioredis';
import { RateLimitedException, RateLimiter } from '../../../apps/api/src/core/security/rate-limiter';
import { AUTH_RATE_LIMITS } from '../../../apps/api/src/modules/auth/auth.service';
import { createUser, expectRateLimited, GOOD_PASSWORD, uniqueEmail, type TestUser } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/app-harness';
import { freePort } from '../../support/private-services';

/**
 * The rate limits with Redis (counted there, shared by every API process) and with Redis
 * unreachable (each process counts in memory, and the limits still hold).
 */

const redisSkip = process.env.TEST_REDIS_SKIP_REASON;
const signup = (email: string) => ({
  email,
  password: GOOD_PASSWORD,
  full_name: 'Rate Limited',
  language: 'en',
  termsAccepted: true,
});

(redisSkip ? describe.skip : describe)('rate limits counted in Redis', () => {
  let t: TestApp;
  let redis: Redis;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ env: { REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX}-ratelimits` } });
    // Another connection with the app's key prefix, as another API process has.
    redis = new Redis(process.env.TEST_REDIS_URL as string, { keyPrefix: `${t.config.redis.prefix}:` });
    await redis.ping();
    user = await createUser(t);
  });
  afterAll(async () => {
    redis?.disconnect();
    await t?.close();
  });

  it('keeps each counter under ratelimit:<key> with its window, shared with other processes', async () => {
    const email = uniqueEmail('shared');
    for (let i = 0; i < 3; i++) await t.agent().post('/api/auth/register').send(signup(email)).expect(201);
    expect(await redis.get(`ratelimit:signup:email:${email}`)).toBe('3');
    const ttl = await redis.ttl(`ratelimit:signup:email:${email}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(AUTH_RATE_LIMITS.signupPerEmail.windowSeconds);

    // Another process sees the app's count, and the app sees its.
    const other = new RateLimiter(redis, t.config);
    await expect(other.consume(`signup:email:${email}`, AUTH_RATE_LIMITS.signupPerEmail)).rejects.toBeInstanceOf(
      RateLimitedException,
    );
    const otherEmail = uniqueEmail('shared-other');
    for (let i = 0; i < 3; i++) await other.consume(`signup:email:${otherEmail}`, AUTH_RATE_LIMITS.signupPerEmail);
    const blocked = await t.agent().post('/api/auth/register').send(signup(otherEmail)).expect(429);
    expect(blocked.body).toMatchObject({ statusCode: 429, code: 'rate_limited', retryAfter: expect.any(Number) });
    expect(Number(blocked.headers['retry-after'])).toBe(blocked.body.retryAfter);
    expect(blocked.body.retryAfter).toBeGreaterThan(0);
    expect(blocked.body.retryAfter).toBeLessThanOrEqual(AUTH_RATE_LIMITS.signupPerEmail.windowSeconds);
  });

  it('ends a run of failed logins with a successful one, and refuses the address an hour when the run goes on', async () => {
    const runKey = (ip: string) => `ratelimit:login:account-ip:${user.email}:${ip}`;
    const wrong = (ip: string) => t.agent(ip).post('/api/auth/login').send({ email: user.email, password: 'wrong' });
    const right = (ip: string) =>
      t.agent(ip).post('/api/auth/login').send({ email: user.email, password: user.password });

    for (let i = 0; i < 3; i++) await wrong('192.0.2.150').expect(401);
    expect(await redis.get(runKey('192.0.2.150'))).toBe('3');
    await right('192.0.2.150').expect(200);
    expect(await redis.exists(runKey('192.0.2.150'))).toBe(0);

    // The per-account limit has room left for 7 failures in its window.
    for (let i = 0; i < 7; i++) await wrong('192.0.2.151').expect(401);
    await right('192.0.2.151').expect(429);
    // The per-account window ends (its counter expires); the run of 7 from this address goes on.
    await redis.del(`ratelimit:login:account:${user.email}`);
    for (let i = 0; i < 3; i++) await wrong('192.0.2.151').expect(401);
    const refused = await wrong('192.0.2.151').expect(429);
    expect(refused.body).toEqual({
      success: false,
      error: 'Too many attempts. Please wait a while and try again.',
      code: 'rate_limited',
    });
    const blockedFor = await redis.ttl(runKey('192.0.2.151'));
    expect(blockedFor).toBeGreaterThan(AUTH_RATE_LIMITS.loginPerAccount.windowSeconds);
    expect(blockedFor).toBeLessThanOrEqual(AUTH_RATE_LIMITS.loginFailuresInARow.blockSeconds);
    await right('192.0.2.151').expect(429);
    // The account itself is not locked: from another address the right password logs in.
    await right('192.0.2.152').expect(200);
  });
});

describe('rate limits while Redis is unreachable', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Nothing listens there: the connection never becomes ready, so each limit's in-memory insurance counts.
    t = await startTestApp({
      env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}`, REDIS_PREFIX: 'unreachable' },
    });
  });
  afterAll(() => t?.close());

  it('still limits sign-ups per e-mail, with Retry-After', async () => {
    const email = uniqueEmail('no-redis');
    for (let i = 0; i < 3; i++) await t.agent().post('/api/auth/register').send(signup(email)).expect(201);
    expectRateLimited(await t.agent().post('/api/auth/register').send(signup(email)));
  });

  it('still limits failed logins per account and logins per address', async () => {
    const email = uniqueEmail('no-redis-login');
    const attempt = (ip: string, to = email) =>
      t.agent(ip).post('/api/auth/login').send({ email: to, password: 'wrong-password' });
    for (let i = 0; i < AUTH_RATE_LIMITS.loginPerAccount.limit; i++) await attempt(`192.0.2.${160 + i}`).expect(401);
    expect((await attempt('192.0.2.170').expect(429)).body).toMatchObject({ code: 'rate_limited' });

    for (let i = 0; i < AUTH_RATE_LIMITS.loginPerIp.limit; i++)
      await attempt('192.0.2.171', uniqueEmail('spray')).expect(401);
    await attempt('192.0.2.171', uniqueEmail('spray')).expect(429);
  });
});
