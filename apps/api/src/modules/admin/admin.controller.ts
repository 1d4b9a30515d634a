import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { AdminUsersResponse } from '@clari/contracts';
import { AdminGuard, SessionAuthGuard } from '../auth/guards/session-auth.guard';
import { AdminService } from './admin.service';
import { AdminUsersQueryDto, AdminUsersResponseDto } from './dto/admin.dto';
import { UNAUTHORIZED_RESPONSE } from '../../core/swagger-responses';

@ApiTags('admin')
@ApiCookieAuth()
@UseGuards(SessionAuthGuard, AdminGuard)
@Controller('api/admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('users')
  @ApiOperation({
    summary: 'List users (admins only)',
    description: 'Full names and e-mail addresses, searchable and paginated; nothing else.',
  })
  @ApiOkResponse({ type: AdminUsersResponseDto })
  @ApiUnauthorizedResponse(UNAUTHORIZED_RESPONSE)
  @ApiForbiddenResponse({
    schema: {
      example: {
        statusCode: 403,
        message: 'This page is only for administrators.',
        error: 'Forbidden',
        code: 'forbidden',
      },
    },
  })
  list(@Query() query: AdminUsersQueryDto): Promise<AdminUsersResponse> {
    return this.admin.listUsers(query.search, query.page, query.pageSize);
  }
}
