import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { HealthResponse } from '@clari/contracts';
import { HealthResponseDto } from './health.dto';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({ summary: 'Service health', description: 'Database, Redis (when configured), queue, mail and AI providers in use.' })
  @ApiOkResponse({ type: HealthResponseDto, description: 'Everything needed is up.' })
  @ApiServiceUnavailableResponse({ type: HealthResponseDto, description: 'The database, Redis or the queue is down.' })
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const report = await this.health.check();
    if (report.status !== 'ok') res.status(503);
    return report;
  }
}
