import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  RLWrapperTimeouts,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { REDIS_CLIENT } from '../redis/redis.tokens';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
  /** Once a request goes over the limit, the key is refused this long instead of until the window ends. */
  blockSeconds?: number;
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

/** Counters live in Redis as `ratelimit:<key>` (under the app's Redis prefix). */
const KEY_PREFIX = 'ratelimit';
/** How long a Redis round trip may take before this request is counted in memory instead. */
export const REDIS_DEADLINE_MS = 300;

/**
 * Fixed windows counted by rate-limiter-flexible: in Redis when configured (shared by all API
 * processes), else in this process's memory (the single-process embedded setup). While Redis is
 * disconnected, failing or slower than REDIS_DEADLINE_MS, each limit's in-memory insurance
 * limiter counts instead (per process), so a Redis outage neither fails nor hangs requests.
 */
@Injectable()
export class RateLimiter {
  /** One limiter per distinct limit: rate-limiter-flexible fixes points and duration per limiter. */
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private readonly scale: number;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.scale = config.rateLimitScale;
  }

  /** Counts one attempt under `key`; throws RateLimitedException when over the limit. */
  async consume(key: string, limit: RateLimit): Promise<void> {
    try {
      await this.limiterFor(limit).consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw new RateLimitedException(retryAfter(rejection));
      throw rejection;
    }
  }

  /** Throws when `key` has already used up its limit, without counting this request. */
  async assertNotExceeded(key: string, limit: RateLimit): Promise<void> {
    const used = await this.current(key, limit);
    if (used && used.consumedPoints >= this.allowed(limit)) throw new RateLimitedException(retryAfter(used));
  }

  /**
   * Throws while `key` is over its limit, i.e. a consume went past it (then blocked for
   * `blockSeconds` when set), without counting this request. Unlike assertNotExceeded, a key
   * that has used exactly its limit may still try once more.
   */
  async assertNotBlocked(key: string, limit: RateLimit): Promise<void> {
    const used = await this.current(key, limit);
    if (used && used.consumedPoints > this.allowed(limit)) throw new RateLimitedException(retryAfter(used));
  }

  /** Forgets what `key` has used, e.g. a run of failed logins that a successful one ends. */
  async reset(key: string, limit: RateLimit): Promise<void> {
    await this.limiterFor(limit).delete(key);
  }

  private async current(key: string, limit: RateLimit): Promise<RateLimiterRes | null> {
    const used = await this.limiterFor(limit).get(key);
    // An in-memory count past its window may linger until its timer runs: it no longer counts.
    return used && used.msBeforeNext > 0 ? used : null;
  }

  private allowed({ limit }: RateLimit): number {
    return Math.max(1, Math.round(limit * this.scale));
  }

  private limiterFor(limit: RateLimit): RateLimiterAbstract {
    const points = this.allowed(limit);
    const duration = limit.windowSeconds;
    const blockDuration = limit.blockSeconds ?? 0;
    const id = `${points}/${duration}/${blockDuration}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const options = { keyPrefix: KEY_PREFIX, points, duration, blockDuration };
      const memory = new RateLimiterMemory(options);
      limiter = this.redis
        ? // The insurance limiter sits on the timeout wrapper only: one on the Redis limiter as
          // well would count a request twice when Redis fails after the deadline has passed.
          new RLWrapperTimeouts({
            // The wrapper hands its blockDuration to the insurance limiter, so it must carry it.
            blockDuration,
            // Not ready (reconnecting): counted in memory at once, not queued behind the reconnect.
            limiter: new RateLimiterRedis({ ...options, storeClient: this.redis, rejectIfRedisNotReady: true }),
            timeoutMs: REDIS_DEADLINE_MS,
            insuranceLimiter: memory,
          })
        : memory;
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}

function retryAfter(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}
