import { Injectable, Logger } from '@nestjs/common';
import type { QueueJob } from '../../../core/queue/queue.types';
import { InterviewRepository } from '../interview.repository';

/**
 * Deletes interview sessions, and with them their messages, once the interview's retention
 * (retention_days since the session started, 30 by default) has passed.
 */
@Injectable()
export class InterviewRetentionJob implements QueueJob<Record<string, never>, number> {
  readonly queue = 'maintenance' as const;
  readonly name = 'delete-expired-interview-sessions';
  readonly options = { attempts: 3, backoffMs: 30_000, timeoutMs: 60_000 };
  private readonly logger = new Logger('InterviewRetention');

  constructor(private readonly repository: InterviewRepository) {}

  async process(): Promise<number> {
    const deleted = await this.repository.deleteExpiredSessions();
    if (deleted > 0) this.logger.log(`Deleted ${deleted} interview session(s) past their retention`);
    return deleted;
  }
}
