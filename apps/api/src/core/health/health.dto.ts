import { ApiProperty } from '@nestjs/swagger';
import type { HealthResponse } from '@clari/contracts';

class DatabaseHealthDto {
  @ApiProperty({ enum: ['up', 'down'], example: 'up' }) status: 'up' | 'down';
  @ApiProperty({ enum: ['embedded', 'external'], example: 'embedded' }) driver: 'embedded' | 'external';
}
class RedisHealthDto {
  @ApiProperty({ enum: ['up', 'down', 'not_configured'], example: 'not_configured' }) status: 'up' | 'down' | 'not_configured';
}
class QueueHealthDto {
  @ApiProperty({ enum: ['bull', 'in-process'], example: 'in-process' }) driver: 'bull' | 'in-process';
  @ApiProperty({ enum: ['up', 'down'], example: 'up' }) status: 'up' | 'down';
}
class MailHealthDto {
  @ApiProperty({ enum: ['smtp', 'log'], example: 'log' }) driver: 'smtp' | 'log';
}
class AiHealthDto {
  @ApiProperty({ enum: ['openai', 'offline'], example: 'offline' }) provider: 'openai' | 'offline';
  @ApiProperty({ enum: ['openai', 'not_configured'], example: 'not_configured' }) transcription: 'openai' | 'not_configured';
}

export class HealthResponseDto implements HealthResponse {
  @ApiProperty({ enum: ['ok', 'error'], example: 'ok' }) status: 'ok' | 'error';
  @ApiProperty({ type: DatabaseHealthDto }) database: DatabaseHealthDto;
  @ApiProperty({ type: RedisHealthDto }) redis: RedisHealthDto;
  @ApiProperty({ type: QueueHealthDto }) queue: QueueHealthDto;
  @ApiProperty({ type: MailHealthDto }) mail: MailHealthDto;
  @ApiProperty({ type: AiHealthDto }) ai: AiHealthDto;
}
