import type Redis from 'ioredis';
import { loadConfig } from '../config/app-config';
import { RateLimitedException, RateLimiter, REDIS_DEADLINE_MS } from './rate-limiter';

const LIMIT = { limit: 2, windowSeconds: 60 };

/**
 * A stand-in ioredis client in connection state `status` whose every command answers with
 * `answer()` (hangs, fails). `sent` lists the commands whose answer was awaited.
 */
function fakeRedis(status: string, answer: () => Promise<never>): { client: Redis; sent: string[] } {
  const sent: string[] = [];
  // A command's result, also for chained calls such as multi().get().pttl().exec().
  const pending = (name: string): unknown =>
    new Proxy(() => undefined, {
      get: (_target, property) =>
        property === 'then'
          ? (onAnswer?: (value: unknown) => unknown, onError?: (reason: unknown) => unknown) => {
              sent.push(name);
              return answer().then(onAnswer, onError);
            }
          : () => pending(name),
    });
  const client = new Proxy(
    {},
    {
      get: (_target, property) => {
        if (property === 'status') return status;
        if (typeof property !== 'string' || property === 'then') return undefined;
        return () => pending(property);
      },
    },
  );
  return { client: client as Redis, sent };
}

function limiterWith(redis: Redis | null, env: Record<string, string> = {}): RateLimiter {
  return new RateLimiter(redis, loadConfig(env));
}

describe('RateLimiter without Redis at hand', () => {
  afterEach(() => jest.useRealTimers());

  it('counts in memory while the Redis connection is reconnecting, without sending anything', async () => {
    const { client, sent } = fakeRedis('reconnecting', () => new Promise<never>(() => undefined));
    const limiter = limiterWith(client);
    await limiter.consume('login:ip', LIMIT);
    await limiter.consume('login:ip', LIMIT);
    await expect(limiter.consume('login:ip', LIMIT)).rejects.toBeInstanceOf(RateLimitedException);
    await expect(limiter.assertNotExceeded('login:ip', LIMIT)).rejects.toBeInstanceOf(RateLimitedException);
    expect(sent).toEqual([]);
  });

  it('falls back to memory after the deadline when Redis does not answer', async () => {
    jest.useFakeTimers();
    const { client, sent } = fakeRedis('ready', () => new Promise<never>(() => undefined));
    const limiter = limiterWith(client);
    // Each answer comes once the clock has passed the deadline, and not before.
    for (const outcome of [
      expect(limiter.consume('signup:ip', LIMIT)).resolves.toBeUndefined(),
      expect(limiter.consume('signup:ip', LIMIT)).resolves.toBeUndefined(),
      expect(limiter.consume('signup:ip', LIMIT)).rejects.toBeInstanceOf(RateLimitedException),
    ]) {
      await jest.advanceTimersByTimeAsync(REDIS_DEADLINE_MS);
      await outcome;
    }
    expect(sent.length).toBeGreaterThan(0);
  });

  it('falls back to memory when a command fails', async () => {
    const { client } = fakeRedis('ready', () => Promise.reject(new Error('Connection is closed.')));
    const limiter = limiterWith(client);
    await limiter.consume('reset:ip', { limit: 1, windowSeconds: 60 });
    await expect(limiter.assertNotExceeded('reset:ip', { limit: 1, windowSeconds: 60 })).rejects.toBeInstanceOf(
      RateLimitedException,
    );
  });
});

describe('RateLimiter in memory', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('refuses the request over the limit with the seconds left in the window', async () => {
    const limiter = limiterWith(null);
    await limiter.consume('k', LIMIT);
    jest.advanceTimersByTime(20_000);
    await limiter.consume('k', LIMIT);
    const refused = await limiter.consume('k', LIMIT).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedException);
    expect((refused as RateLimitedException).retryAfterSeconds).toBe(40);
    expect((refused as RateLimitedException).getResponse()).toEqual({
      statusCode: 429,
      message: 'Too many attempts. Please wait a while and try again.',
      error: 'Too Many Requests',
      code: 'rate_limited',
      retryAfter: 40,
    });
    // A new window starts once this one has passed.
    jest.advanceTimersByTime(40_000);
    await limiter.consume('k', LIMIT);
  });

  it('checks without counting: refused at the limit, and keys apart', async () => {
    const limiter = limiterWith(null);
    await limiter.assertNotExceeded('a', LIMIT);
    await limiter.assertNotExceeded('a', LIMIT);
    await limiter.consume('a', LIMIT);
    await limiter.assertNotExceeded('a', LIMIT);
    await limiter.consume('a', LIMIT);
    await expect(limiter.assertNotExceeded('a', LIMIT)).rejects.toBeInstanceOf(RateLimitedException);
    await limiter.assertNotExceeded('b', LIMIT);
  });

  it('blocks a key that went over its limit for blockSeconds, until it is reset', async () => {
    const limiter = limiterWith(null);
    const limit = { ...LIMIT, blockSeconds: 3600 };
    await limiter.consume('run', limit);
    await limiter.consume('run', limit);
    // At the limit, one more try is still allowed; going over it blocks.
    await limiter.assertNotBlocked('run', limit);
    const refused = await limiter.consume('run', limit).catch((error: unknown) => error);
    expect((refused as RateLimitedException).retryAfterSeconds).toBe(3600);
    jest.advanceTimersByTime(2 * LIMIT.windowSeconds * 1000);
    await expect(limiter.assertNotBlocked('run', limit)).rejects.toBeInstanceOf(RateLimitedException);
    await limiter.reset('run', limit);
    await limiter.assertNotBlocked('run', limit);
    await limiter.consume('run', limit);
  });

  it('multiplies every limit by RATE_LIMIT_SCALE', async () => {
    const limiter = limiterWith(null, { RATE_LIMIT_SCALE: '3' });
    for (let i = 0; i < 6; i++) await limiter.consume('scaled', LIMIT);
    await expect(limiter.consume('scaled', LIMIT)).rejects.toBeInstanceOf(RateLimitedException);
  });
});
