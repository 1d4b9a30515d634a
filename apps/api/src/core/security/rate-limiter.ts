import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { REDIS_CLIENT } from '../redis/redis.tokens';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

/** Thrown when a limit is reached; answered 429 with a readable message and Retry-After. */
export class RateLimitedException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(
      {
        statusCode: HttpStatus.TOO_MANY_REQUESTS,
        message: 'Too many attempts. Please wait a while and try again.',
        error: 'Too Many Requests',
        code: 'rate_limited',
        retryAfter: retryAfterSeconds,
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/**
 * Fixed-window counters: in Redis when configured (shared by all API processes), else in
 * this process's memory (the single-process embedded setup).
 */
@Injectable()
export class RateLimiter {
  private readonly memory = new Map<string, { count: number; resetAt: number }>();
  private readonly scale: number;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.scale = config.rateLimitScale;
  }

  /** Counts one attempt under `key`; throws RateLimitedException when over the limit. */
  async consume(key: string, { limit, windowSeconds }: RateLimit): Promise<void> {
    const allowed = Math.max(1, Math.round(limit * this.scale));
    const { count, ttlSeconds } = this.redis ? await this.incrementRedis(key, windowSeconds) : this.incrementMemory(key, windowSeconds);
    if (count > allowed) throw new RateLimitedException(ttlSeconds);
  }

  /** Throws when `key` has already used up its limit, without counting this request. */
  async assertNotExceeded(key: string, { limit, windowSeconds }: RateLimit): Promise<void> {
    const allowed = Math.max(1, Math.round(limit * this.scale));
    let count = 0;
    let ttlSeconds = windowSeconds;
    if (this.redis) {
      const [value, ttl] = await Promise.all([this.redis.get(`ratelimit:${key}`), this.redis.ttl(`ratelimit:${key}`)]);
      count = Number(value ?? 0);
      if (ttl > 0) ttlSeconds = ttl;
    } else {
      const entry = this.memory.get(key);
      if (entry && entry.resetAt > Date.now()) {
        count = entry.count;
        ttlSeconds = Math.ceil((entry.resetAt - Date.now()) / 1000);
      }
    }
    if (count >= allowed) throw new RateLimitedException(ttlSeconds);
  }

  private async incrementRedis(key: string, windowSeconds: number): Promise<{ count: number; ttlSeconds: number }> {
    const redisKey = `ratelimit:${key}`;
    const results = await this.redis!.multi().incr(redisKey).expire(redisKey, windowSeconds, 'NX').ttl(redisKey).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const ttl = Number(results?.[2]?.[1] ?? windowSeconds);
    return { count, ttlSeconds: ttl > 0 ? ttl : windowSeconds };
  }

  private incrementMemory(key: string, windowSeconds: number): { count: number; ttlSeconds: number } {
    const now = Date.now();
    let entry = this.memory.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.memory.set(key, entry);
      if (this.memory.size > 50_000) this.prune(now);
    }
    entry.count++;
    return { count: entry.count, ttlSeconds: Math.ceil((entry.resetAt - now) / 1000) };
  }

  private prune(now: number) {
    for (const [key, entry] of this.memory) if (entry.resetAt <= now) this.memory.delete(key);
  }
}
