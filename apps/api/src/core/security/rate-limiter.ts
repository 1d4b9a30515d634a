import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
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

/** How long a Redis round trip may take before this request is counted in memory instead. */
const REDIS_DEADLINE_MS = 300;
/** After a slow or failed round trip, Redis is left alone this long, so a hung Redis delays one request, not each. */
const REDIS_BACKOFF_MS = 2000;

/**
 * Fixed-window counters: in Redis when configured (shared by all API processes), else in
 * this process's memory (the single-process embedded setup). While Redis is unreachable the
 * memory counters stand in (per process, like rate-limiter-flexible's insurance limiter), so
 * a Redis outage neither fails nor slows requests that are rate-limited.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger('RateLimiter');
  private readonly memory = new Map<string, { count: number; resetAt: number }>();
  private readonly scale: number;
  private degraded = false;
  private skipRedisUntil = 0;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.scale = config.rateLimitScale;
  }

  /** Counts one attempt under `key`; throws RateLimitedException when over the limit. */
  async consume(key: string, { limit, windowSeconds }: RateLimit): Promise<void> {
    const allowed = Math.max(1, Math.round(limit * this.scale));
    const { count, ttlSeconds } =
      (await this.viaRedis((redis) => this.incrementRedis(redis, key, windowSeconds))) ??
      this.incrementMemory(key, windowSeconds);
    if (count > allowed) throw new RateLimitedException(ttlSeconds);
  }

  /** Throws when `key` has already used up its limit, without counting this request. */
  async assertNotExceeded(key: string, { limit, windowSeconds }: RateLimit): Promise<void> {
    const allowed = Math.max(1, Math.round(limit * this.scale));
    let count = 0;
    let ttlSeconds = windowSeconds;
    const stored = await this.viaRedis(async (redis) =>
      Promise.all([redis.get(`ratelimit:${key}`), redis.ttl(`ratelimit:${key}`)]),
    );
    if (stored) {
      const [value, ttl] = stored;
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

  /** Runs `operation` on Redis; null (use memory) without Redis, while it is disconnected, or when it fails or is slow. */
  private async viaRedis<T>(operation: (redis: Redis) => Promise<T>): Promise<T | null> {
    if (!this.redis) return null;
    if (this.redis.status !== 'ready') return this.fallBack(`connection ${this.redis.status}`);
    if (Date.now() < this.skipRedisUntil) return null;
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = await Promise.race([
        operation(this.redis),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_DEADLINE_MS} ms`)), REDIS_DEADLINE_MS);
        }),
      ]);
      if (this.degraded) this.logger.log('Redis is back: rate limits are shared again');
      this.degraded = false;
      return result;
    } catch (error) {
      return this.fallBack(error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
    }
  }

  private fallBack(reason: string): null {
    this.skipRedisUntil = Date.now() + REDIS_BACKOFF_MS;
    if (!this.degraded)
      this.logger.warn(`Redis unavailable (${reason}): counting rate limits in this process until it is back`);
    this.degraded = true;
    return null;
  }

  private async incrementRedis(
    redis: Redis,
    key: string,
    windowSeconds: number,
  ): Promise<{ count: number; ttlSeconds: number }> {
    const redisKey = `ratelimit:${key}`;
    const results = await redis.multi().incr(redisKey).expire(redisKey, windowSeconds, 'NX').ttl(redisKey).exec();
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
