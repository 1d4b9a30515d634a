import { ApiProperty } from '@nestjs/swagger';
import type { HealthResponse } from '@clari/contracts';
import type { ConsumerStatus, QueueName, ScheduleReport } from '../queue/queue.types';

class DatabaseHealthDto {
  @ApiProperty({ enum: ['up', 'down'], example: 'up' }) status: 'up' | 'down';
  @ApiProperty({ enum: ['embedded', 'external'], example: 'embedded' }) driver: 'embedded' | 'external';
}
class RedisHealthDto {
  @ApiProperty({ enum: ['up', 'down', 'not_configured'], example: 'not_configured' }) status:
    'up' | 'down' | 'not_configured';
}
const CONSUMER_STATUS = { enum: ['up', 'none', 'unknown'], example: 'up', required: false } as const;

class QueueConsumersDto implements Partial<Record<QueueName, ConsumerStatus>> {
  @ApiProperty({
    ...CONSUMER_STATUS,
    description: 'Whether a process consumes the queue (a worker heartbeat seen within QUEUE_WORKER_TIMEOUT_MS).',
  })
  transcription?: ConsumerStatus;
  @ApiProperty(CONSUMER_STATUS) images?: ConsumerStatus;
  @ApiProperty(CONSUMER_STATUS) mail?: ConsumerStatus;
  @ApiProperty(CONSUMER_STATUS) maintenance?: ConsumerStatus;
}

class ScheduleDto implements ScheduleReport {
  @ApiProperty({ example: 'delete-expired-conversations' }) job: string;
  @ApiProperty({ enum: ['transcription', 'images', 'mail', 'maintenance'], example: 'maintenance' }) queue: QueueName;
  @ApiProperty({ type: 'integer', minimum: 1, example: 900000 }) everyMs: number;
  @ApiProperty({
    enum: ['scheduled', 'missing', 'unknown'],
    example: 'scheduled',
    description:
      "'missing' until the periodic self-check (every minute) or the next reconnect declares it again; 'unknown' while Redis does not answer.",
  })
  status: 'scheduled' | 'missing' | 'unknown';
  @ApiProperty({ required: false, format: 'date-time', example: '2026-01-01T12:15:00.000Z' }) nextRunAt?: string;
}

class QueueHealthDto {
  @ApiProperty({ enum: ['bull', 'in-process'], example: 'in-process' }) driver: 'bull' | 'in-process';
  @ApiProperty({
    enum: ['up', 'down'],
    example: 'up',
    description: 'down when Redis does not answer, a queue in use has no consumer or a periodic job is not scheduled.',
  })
  status: 'up' | 'down';
  @ApiProperty({
    type: QueueConsumersDto,
    description:
      "Per queue in use: 'up' when a consumer was seen recently (always with the in-process runner), 'none' when none was, 'unknown' while Redis does not answer.",
  })
  consumers: QueueConsumersDto;
  @ApiProperty({ type: [ScheduleDto], description: 'The periodic jobs and when each runs next.' })
  schedules: ScheduleDto[];
}
class MailHealthDto {
  @ApiProperty({ enum: ['smtp', 'log'], example: 'log' }) driver: 'smtp' | 'log';
}
class AiHealthDto {
  @ApiProperty({ enum: ['openai', 'offline'], example: 'offline' }) provider: 'openai' | 'offline';
  @ApiProperty({ enum: ['openai', 'not_configured'], example: 'not_configured' }) transcription:
    'openai' | 'not_configured';
  @ApiProperty({
    enum: ['openai', 'offline'],
    example: 'offline',
    description: 'The chat provider (OPENAI_CHAT_BASE_URL, or the shared OPENAI_BASE_URL or key).',
  })
  chat: 'openai' | 'offline';
  @ApiProperty({
    enum: ['openai', 'offline'],
    example: 'offline',
    description: 'The image provider; offline draws abstract pictures (also with AI_IMAGES=offline).',
  })
  images: 'openai' | 'offline';
}

/** The shared HealthResponse plus which queues have a consumer and the periodic jobs' schedules. */
export interface HealthReport extends HealthResponse {
  queue: HealthResponse['queue'] & {
    consumers: Partial<Record<QueueName, ConsumerStatus>>;
    schedules: ScheduleReport[];
  };
}

export class HealthResponseDto implements HealthReport {
  @ApiProperty({ enum: ['ok', 'error'], example: 'ok' }) status: 'ok' | 'error';
  @ApiProperty({ type: DatabaseHealthDto }) database: DatabaseHealthDto;
  @ApiProperty({ type: RedisHealthDto }) redis: RedisHealthDto;
  @ApiProperty({ type: QueueHealthDto }) queue: QueueHealthDto;
  @ApiProperty({ type: MailHealthDto }) mail: MailHealthDto;
  @ApiProperty({ type: AiHealthDto }) ai: AiHealthDto;
}
