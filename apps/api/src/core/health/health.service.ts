import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig, aiTaskProvider } from '../config/app-config';
import { MailService } from '../mail/mail.service';
import { QueueService } from '../queue/queue.service';
import type { ConsumerStatus, QueueName, ScheduleReport } from '../queue/queue.types';
import { RedisConnection } from '../redis/redis.module';
import type { HealthReport } from './health.dto';
import { withDeadline } from './unavailable';

/**
 * Each part is checked in parallel under its own deadline (HEALTH_CHECK_TIMEOUT_MS), so the
 * report comes within that time even when PostgreSQL or Redis hangs, and says which part is
 * down. The queue part is down when Redis is, when a queue in use has had no consumer
 * heartbeat within QUEUE_WORKER_TIMEOUT_MS (queued work would wait unseen), or when a periodic
 * job's schedule is missing.
 */
@Injectable()
export class HealthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly redis: RedisConnection,
    private readonly queue: QueueService,
    private readonly mail: MailService,
  ) {}

  async check(): Promise<HealthReport> {
    const [database, redis, queueConnection, consumers, schedules] = await Promise.all([
      this.database(),
      this.redis.ping(),
      this.bounded(this.queue.health(), 'down' as const),
      this.bounded(this.queue.consumers(), {} as Partial<Record<QueueName, ConsumerStatus>>),
      this.bounded(this.queue.schedules(), [] as ScheduleReport[]),
    ]);
    const provider = aiTaskProvider(this.config, 'chat');
    const consumed = Object.values(consumers).every((status) => status === 'up');
    const scheduled = schedules.every((schedule) => schedule.status === 'scheduled');
    const queue = queueConnection === 'up' && consumed && scheduled ? 'up' : 'down';
    const healthy = database === 'up' && redis !== 'down' && queue === 'up';
    return {
      status: healthy ? 'ok' : 'error',
      database: { status: database, driver: this.config.database.url ? 'external' : 'embedded' },
      redis: { status: redis },
      queue: { driver: this.queue.driverKind, status: queue, consumers, schedules },
      mail: { driver: this.mail.driver },
      ai: {
        provider,
        chat: provider,
        transcription: aiTaskProvider(this.config, 'transcription') === 'openai' ? 'openai' : 'not_configured',
        images: aiTaskProvider(this.config, 'images'),
      },
    };
  }

  private async database(): Promise<'up' | 'down'> {
    try {
      await withDeadline(this.dataSource.query('SELECT 1'), this.config.healthCheckTimeoutMs, 'database', 'SELECT 1');
      return 'up';
    } catch {
      return 'down';
    }
  }

  private bounded<T>(check: Promise<T>, fallback: T): Promise<T> {
    return withDeadline(check, this.config.healthCheckTimeoutMs, 'queue', 'queue health').catch(() => fallback);
  }
}
