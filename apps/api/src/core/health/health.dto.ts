import { ApiProperty } from '@nestjs/swagger';
import type { HealthResponse } from '@clari/contracts';
import type { ConsumerStatus, QueueName } from '../queue/queue.types';

class DatabaseHealthDto {
  @ApiProperty({ enum: ['up', 'down'], example: 'up' }) status: 'up' | 'down';
  @ApiProperty({ enum: ['embedded', 'external'], example: 'embedded' }) driver: 'embedded' | 'external';
}
class RedisHealthDto {
  @ApiProperty({ enum: ['up', 'down', 'not_configured'], example: 'not_configured' }) status: 'up' | 'down' | 'not_configured';
}
const CONSUMER_STATUS = { enum: ['up', 'none', 'unknown'], example: 'up', required: false } as const;

class QueueConsumersDto implements Partial<Record<QueueName, ConsumerStatus>> {
  @ApiProperty({ ...CONSUMER_STATUS, description: 'Whether a process consumes the queue (a worker heartbeat seen within QUEUE_WORKER_TIMEOUT_MS).' }) transcription?: ConsumerStatus;
  @ApiProperty(CONSUMER_STATUS) images?: ConsumerStatus;
  @ApiProperty(CONSUMER_STATUS) mail?: ConsumerStatus;
  @ApiProperty(CONSUMER_STATUS) maintenance?: ConsumerStatus;
}

class QueueHealthDto {
  @ApiProperty({ enum: ['bull', 'in-process'], example: 'in-process' }) driver: 'bull' | 'in-process';
  @ApiProperty({ enum: ['up', 'down'], example: 'up', description: 'down when Redis does not answer or a queue in use has no consumer.' }) status: 'up' | 'down';
  @ApiProperty({
    type: QueueConsumersDto,
    description: "Per queue in use: 'up' when a consumer was seen recently (always with the in-process runner), 'none' when none was, 'unknown' while Redis does not answer.",
  })
  consumers: QueueConsumersDto;
}
class MailHealthDto {
  @ApiProperty({ enum: ['smtp', 'log'], example: 'log' }) driver: 'smtp' | 'log';
}
class AiHealthDto {
  @ApiProperty({ enum: ['openai', 'offline'], example: 'offline' }) provider: 'openai' | 'offline';
  @ApiProperty({ enum: ['openai', 'not_configured'], example: 'not_configured' }) transcription: 'openai' | 'not_configured';
}

/** The shared HealthResponse plus which queues have a consumer. */
export interface HealthReport extends HealthResponse {
  queue: HealthResponse['queue'] & { consumers: Partial<Record<QueueName, ConsumerStatus>> };
}

export class HealthResponseDto implements HealthReport {
  @ApiProperty({ enum: ['ok', 'error'], example: 'ok' }) status: 'ok' | 'error';
  @ApiProperty({ type: DatabaseHealthDto }) database: DatabaseHealthDto;
  @ApiProperty({ type: RedisHealthDto }) redis: RedisHealthDto;
  @ApiProperty({ type: QueueHealthDto }) queue: QueueHealthDto;
  @ApiProperty({ type: MailHealthDto }) mail: MailHealthDto;
  @ApiProperty({ type: AiHealthDto }) ai: AiHealthDto;
}
