import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { loadConfig } from '../config/app-config';
import { RateLimitedException, RateLimiter } from './rate-limiter';

const LIMIT = { limit: 2, windowSeconds: 60 };

function limiterWith(redis: Partial<Redis> | null): RateLimiter {
  return new RateLimiter(redis as Redis | null, loadConfig({}));
}

describe('RateLimiter without Redis at hand', () => {
  beforeAll(() => jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined));
  afterAll(() => jest.restoreAllMocks());

  it('counts in memory while the Redis connection is reconnecting, without sending anything', async () => {
    const multi = jest.fn();
    const limiter = limiterWith({ status: 'reconnecting', multi } as unknown as Partial<Redis>);
    await limiter.consume('login:ip', LIMIT);
    await limiter.consume('login:ip', LIMIT);
    await expect(limiter.consume('login:ip', LIMIT)).rejects.toBeInstanceOf(RateLimitedException);
    expect(multi).not.toHaveBeenCalled();
  });

  it('falls back to memory quickly when Redis does not answer', async () => {
    const hanging = {
      incr: () => hanging,
      expire: () => hanging,
      ttl: () => hanging,
      exec: () => new Promise(() => undefined),
    };
    const limiter = limiterWith({ status: 'ready', multi: () => hanging } as unknown as Partial<Redis>);
    const started = Date.now();
    await limiter.consume('signup:ip', LIMIT);
    expect(Date.now() - started).toBeLessThan(1500);
    await limiter.consume('signup:ip', LIMIT);
    await expect(limiter.consume('signup:ip', LIMIT)).rejects.toBeInstanceOf(RateLimitedException);
  });

  it('falls back to memory when a command fails', async () => {
    const failing = {
      incr: () => failing,
      expire: () => failing,
      ttl: () => failing,
      exec: () => Promise.reject(new Error('Connection is closed.')),
    };
    const get = jest.fn().mockRejectedValue(new Error('Connection is closed.'));
    const limiter = limiterWith({ status: 'ready', multi: () => failing, get, ttl: get } as unknown as Partial<Redis>);
    await limiter.consume('reset:ip', { limit: 1, windowSeconds: 60 });
    await expect(limiter.assertNotExceeded('reset:ip', { limit: 1, windowSeconds: 60 })).rejects.toBeInstanceOf(
      RateLimitedException,
    );
  });
});
