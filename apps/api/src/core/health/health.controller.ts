import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { HealthReport, HealthResponseDto } from './health.dto';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({
    summary: 'Service health',
    description:
      'Database, Redis (when configured), queue (with whether each queue has a consumer, and the schedules of the periodic jobs), mail and AI providers in use. Every check has its own deadline, so the answer comes within about a second even when a dependency hangs.',
  })
  @ApiOkResponse({ type: HealthResponseDto, description: 'Everything needed is up.' })
  @ApiServiceUnavailableResponse({
    type: HealthResponseDto,
    description:
      'The database, Redis or the queue is down, a queue has no consumer, or a periodic job is not scheduled.',
  })
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthReport> {
    const report = await this.health.check();
    if (report.status !== 'ok') res.status(503);
    return report;
  }
}
