import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { HealthResponse } from '@clari/contracts';
import { APP_CONFIG, AppConfig, aiProviderOf } from '../config/app-config';
import { MailService } from '../mail/mail.service';
import { QueueService } from '../queue/queue.service';
import { RedisConnection } from '../redis/redis.module';

@Injectable()
export class HealthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly redis: RedisConnection,
    private readonly queue: QueueService,
    private readonly mail: MailService,
  ) {}

  async check(): Promise<HealthResponse> {
    const [database, redis, queue] = await Promise.all([this.database(), this.redis.ping(), this.queue.health()]);
    const provider = aiProviderOf(this.config);
    const healthy = database === 'up' && redis !== 'down' && queue === 'up';
    return {
      status: healthy ? 'ok' : 'error',
      database: { status: database, driver: this.config.database.url ? 'external' : 'embedded' },
      redis: { status: redis },
      queue: { driver: this.queue.driverKind, status: queue },
      mail: { driver: this.mail.driver },
      ai: { provider, transcription: provider === 'openai' ? 'openai' : 'not_configured' },
    };
  }

  private async database(): Promise<'up' | 'down'> {
    try {
      await this.dataSource.query('SELECT 1');
      return 'up';
    } catch {
      return 'down';
    }
  }
}
