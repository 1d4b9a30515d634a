import { Body, Controller, Get, Put, UseGuards, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { ValueExplorerDataResponse } from '@clari/contracts';
import { CurrentUser, SessionAuthGuard } from '../auth/guards/session-auth.guard';
import type { UserEntity } from '../users/entities/user.entity';
import { ValueExplorerDataDto, ValueExplorerDataResponseDto } from './dto/value-explorer.dto';
import { ValueExplorerService } from './value-explorer.service';
import { DataEnvelopeInterceptor } from './data-envelope.interceptor';
import { UNAUTHORIZED_RESPONSE } from '../../core/swagger-responses';

@ApiTags('value-explorer')
@ApiCookieAuth()
@ApiUnauthorizedResponse(UNAUTHORIZED_RESPONSE)
@UseGuards(SessionAuthGuard)
@Controller('api/value-explorer')
export class ValueExplorerController {
  constructor(private readonly valueExplorer: ValueExplorerService) {}

  @Get('data')
  @ApiOperation({
    summary: 'Your Value Explorer data',
    description: 'Chosen life areas, values, goals, obstacles and the last summary. Empty lists before the first save.',
  })
  @ApiOkResponse({ type: ValueExplorerDataResponseDto })
  get(@CurrentUser() user: UserEntity): Promise<ValueExplorerDataResponse> {
    return this.valueExplorer.get(user);
  }

  @Put('data')
  @ApiOperation({
    summary: 'Save your Value Explorer data',
    description:
      'Replaces the form data (the SPA saves 1 s after the last change). The body is the data itself, or the data wrapped as {"data": {…}} as the specification’s table shows it. Texts are trimmed; empty ones and duplicates are dropped. Values, goals and obstacles may only belong to chosen areas. The summary is kept unless given. A violation of the validation table answers 400 with its message, a code and the area.',
  })
  @UseInterceptors(DataEnvelopeInterceptor)
  @ApiExtraModels(ValueExplorerDataDto)
  @ApiBody({
    schema: {
      oneOf: [
        { $ref: getSchemaPath(ValueExplorerDataDto) },
        {
          type: 'object',
          additionalProperties: false,
          required: ['data'],
          properties: { data: { $ref: getSchemaPath(ValueExplorerDataDto) } },
        },
      ],
    },
  })
  @ApiOkResponse({ type: ValueExplorerDataResponseDto })
  @ApiBadRequestResponse({
    schema: {
      example: {
        statusCode: 400,
        message: 'Maximum 3 obstacles per area',
        error: 'Bad Request',
        code: 'obstacles_max',
        area: 'family',
      },
    },
  })
  save(@CurrentUser() user: UserEntity, @Body() body: ValueExplorerDataDto): Promise<ValueExplorerDataResponse> {
    return this.valueExplorer.save(user, body);
  }
}
