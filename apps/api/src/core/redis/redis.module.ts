import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { RateLimiter } from '../security/rate-limiter';
import { REDIS_CLIENT } from './redis.tokens';

export { REDIS_CLIENT };

/** A shared Redis connection when REDIS_URL is set (rate limits, health); null otherwise. */
@Injectable()
export class RedisConnection implements OnApplicationShutdown {
  readonly client: Redis | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = config.redis.url
      ? new Redis(config.redis.url, { keyPrefix: `${config.redis.prefix}:`, maxRetriesPerRequest: 2, lazyConnect: false })
      : null;
    this.client?.on('error', () => undefined); // reported through health, not as crashes
  }

  async ping(): Promise<'up' | 'down' | 'not_configured'> {
    if (!this.client) return 'not_configured';
    try {
      return (await this.client.ping()) === 'PONG' ? 'up' : 'down';
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
  providers: [RedisConnection, { provide: REDIS_CLIENT, inject: [RedisConnection], useFactory: (c: RedisConnection) => c.client }, RateLimiter],
  exports: [RedisConnection, REDIS_CLIENT, RateLimiter],
})
export class RedisModule {}
