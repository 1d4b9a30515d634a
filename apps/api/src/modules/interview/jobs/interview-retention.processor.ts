import { Logger } from '@nestjs/common';
import { Process, Processor } from '@nestjs/bull';
import { JOB_CONCURRENCY, type JobDefinition } from '../../../core/queue/queue.types';
import { InterviewRepository } from '../interview.repository';

/** Scheduled by InterviewModule every INTERVIEW_RETENTION_SWEEP_EVERY_MS. */
export const DELETE_EXPIRED_INTERVIEW_SESSIONS: JobDefinition<Record<string, never>, number> = {
  queue: 'maintenance',
  name: 'delete-expired-interview-sessions',
  options: { attempts: 3, backoffMs: 30_000, timeoutMs: 60_000 },
};

/**
 * Deletes interview sessions, and with them their messages, once the interview's retention
 * (retention_days since the session started, 30 by default) has passed.
 */
@Processor(DELETE_EXPIRED_INTERVIEW_SESSIONS.queue)
export class InterviewRetentionProcessor {
  private readonly logger = new Logger('InterviewRetention');

  constructor(private readonly repository: InterviewRepository) {}

  @Process({ name: DELETE_EXPIRED_INTERVIEW_SESSIONS.name, concurrency: JOB_CONCURRENCY })
  async deleteExpired(): Promise<number> {
    const deleted = await this.repository.deleteExpiredSessions();
    if (deleted > 0) this.logger.log(`Deleted ${deleted} interview session(s) past their retention`);
    return deleted;
  }
}
