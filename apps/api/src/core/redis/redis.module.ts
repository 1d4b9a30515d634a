import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { withDeadline } from '../health/unavailable';
import { RateLimiter } from '../security/rate-limiter';
import { REDIS_CLIENT } from './redis.tokens';

export { REDIS_CLIENT };

/**
 * A shared Redis connection when REDIS_URL is set (rate limits, health); null otherwise.
 * It reconnects every second at most while Redis is away, so it is back soon after Redis is.
 */
@Injectable()
export class RedisConnection implements OnApplicationShutdown {
  readonly client: Redis | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.client = config.redis.url
      ? new Redis(config.redis.url, {
          keyPrefix: `${config.redis.prefix}:`,
          maxRetriesPerRequest: 2,
          lazyConnect: false,
          connectTimeout: 2000,
          retryStrategy: (times) => Math.min(times * 100, 1000),
        })
      : null;
    this.client?.on('error', () => undefined); // reported through health, not as crashes
  }

  /** True while commands can be sent; callers fall back at once instead of queueing behind a reconnect. */
  get connected(): boolean {
    return this.client?.status === 'ready';
  }

  async ping(): Promise<'up' | 'down' | 'not_configured'> {
    if (!this.client) return 'not_configured';
    if (!this.connected) return 'down';
    try {
      return (await withDeadline(this.client.ping(), this.config.healthCheckTimeoutMs, 'queue', 'PING')) === 'PONG'
        ? 'up'
        : 'down';
    } catch {
      return 'down';
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client?.quit().catch(() => undefined);
  }
}

@Global()
@Module({
  providers: [
    RedisConnection,
    { provide: REDIS_CLIENT, inject: [RedisConnection], useFactory: (c: RedisConnection) => c.client },
    RateLimiter,
  ],
  exports: [RedisConnection, REDIS_CLIENT, RateLimiter],
})
export class RedisModule {}
