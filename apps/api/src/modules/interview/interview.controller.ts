import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import {
  INTERVIEW_MESSAGES as M,
  type CreateInterviewSessionResponse,
  type InterviewInfo,
  type InterviewSessionResponse,
  type InterviewTokenLookupResponse,
} from '@clari/contracts';
import { ClientIp } from '../../core/security/client-ip.decorator';
import { INTERVIEW_TOKEN_PATTERN } from './dto/interview.dto';
import {
  CreateInterviewSessionDto,
  CreateInterviewSessionResponseDto,
  InterviewInfoDto,
  InterviewSessionResponseDto,
  InterviewTokenLookupResponseDto,
  UpdateInterviewSessionDto,
} from './dto/interview.dto';
import { InterviewService } from './interview.service';

const INTERVIEW_ID = ApiParam({
  name: 'interviewId',
  format: 'uuid',
  description: 'The interview’s id, from its link. Unknown or inactive interviews answer 404.',
});
const SESSION_ID = ApiParam({
  name: 'sessionId',
  format: 'uuid',
  description: 'The session’s id. A session of another interview answers 404.',
});
const INTERVIEW_NOT_FOUND = ApiNotFoundResponse({
  schema: {
    example: { statusCode: 404, message: M.interviewNotFound, error: 'Not Found', code: 'interview_not_found' },
  },
});
const SESSION_NOT_FOUND = ApiNotFoundResponse({
  schema: { example: { statusCode: 404, message: M.sessionNotFound, error: 'Not Found', code: 'session_not_found' } },
});

/** Part 2 §7: the public, login-free interview. Every call is rate-limited per client address. */
@ApiTags('interview')
@ApiTooManyRequestsResponse({
  schema: {
    example: {
      statusCode: 429,
      message: 'Too many attempts. Please wait a while and try again.',
      error: 'Too Many Requests',
      code: 'rate_limited',
      retryAfter: 600,
    },
  },
})
@Controller('api/interview')
export class InterviewController {
  constructor(private readonly interviews: InterviewService) {}

  @Get('session/token/:token')
  @ApiOperation({
    summary: 'Find a session by its 6-digit code',
    description:
      'The only guessable door, so it is limited hard: 10 lookups per client address per 15 minutes, and once 60 lookups have failed within 15 minutes across all addresses, every lookup answers 429 until the window ends. Sessions of inactive interviews are not found.',
  })
  @ApiParam({
    name: 'token',
    schema: { type: 'string', pattern: INTERVIEW_TOKEN_PATTERN },
    example: '048213',
    description: 'Six digits; anything else answers 400 invalid_token.',
  })
  @ApiOkResponse({ type: InterviewTokenLookupResponseDto })
  @ApiBadRequestResponse({
    schema: { example: { statusCode: 400, message: M.invalidToken, error: 'Bad Request', code: 'invalid_token' } },
  })
  @ApiNotFoundResponse({
    schema: { example: { statusCode: 404, message: M.tokenNotFound, error: 'Not Found', code: 'session_not_found' } },
  })
  findByToken(@Param('token') token: string, @ClientIp() ip: string): Promise<InterviewTokenLookupResponse> {
    return this.interviews.findByToken(token, ip);
  }

  @Get(':interviewId')
  @ApiOperation({
    summary: 'An interview’s title and description',
    description: 'In both languages, with the number of questions and the retention in days.',
  })
  @INTERVIEW_ID
  @ApiOkResponse({ type: InterviewInfoDto })
  @INTERVIEW_NOT_FOUND
  info(@Param('interviewId') interviewId: string, @ClientIp() ip: string): Promise<InterviewInfo> {
    return this.interviews.info(interviewId, ip);
  }

  @Post(':interviewId/session')
  @ApiOperation({
    summary: 'Start a session',
    description:
      'Creates an anonymous session (status not_started) with a 6-digit code from a cryptographic source, unique among existing sessions. At most 20 sessions per client address per hour and 500 per hour in all.',
  })
  @INTERVIEW_ID
  @ApiCreatedResponse({ type: CreateInterviewSessionResponseDto })
  @ApiBadRequestResponse({
    schema: { example: { statusCode: 400, message: 'language must be en or sv.', error: 'Bad Request' } },
  })
  @INTERVIEW_NOT_FOUND
  @ApiServiceUnavailableResponse({
    schema: { example: { statusCode: 503, message: M.busy, error: 'Service Unavailable' } },
  })
  createSession(
    @Param('interviewId') interviewId: string,
    @Body() body: CreateInterviewSessionDto,
    @ClientIp() ip: string,
  ): Promise<CreateInterviewSessionResponse> {
    return this.interviews.createSession(interviewId, body.language, ip);
  }

  @Get(':interviewId/session/:sessionId')
  @ApiOperation({ summary: 'A session’s code, status, language and start time' })
  @INTERVIEW_ID
  @SESSION_ID
  @ApiOkResponse({ type: InterviewSessionResponseDto })
  @SESSION_NOT_FOUND
  getSession(
    @Param('interviewId') interviewId: string,
    @Param('sessionId') sessionId: string,
    @ClientIp() ip: string,
  ): Promise<InterviewSessionResponse> {
    return this.interviews.getSession(interviewId, sessionId, ip);
  }

  @Patch(':interviewId/session/:sessionId')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Move a session’s status forward, or change its language',
    description:
      'status: not_started → in_progress (the interview page does this on load) → completed (after a reply with isComplete; the server has then already done it). The current status again answers 200 unchanged; anything else answers 400. language: Clari speaks it from the next message on (the page’s language toggle); a completed session answers 409.',
  })
  @INTERVIEW_ID
  @SESSION_ID
  @ApiOkResponse({ type: InterviewSessionResponseDto })
  @ApiBadRequestResponse({
    schema: {
      example: {
        statusCode: 400,
        message: M.invalidTransition,
        error: 'Bad Request',
        code: 'invalid_status_transition',
        from: 'completed',
        to: 'in_progress',
      },
    },
  })
  @ApiConflictResponse({
    description: 'A language change for a completed session.',
    schema: { example: { statusCode: 409, message: M.completed, error: 'Conflict', code: 'interview_completed' } },
  })
  @SESSION_NOT_FOUND
  updateStatus(
    @Param('interviewId') interviewId: string,
    @Param('sessionId') sessionId: string,
    @Body() body: UpdateInterviewSessionDto,
    @ClientIp() ip: string,
  ): Promise<InterviewSessionResponse> {
    return this.interviews.updateSession(interviewId, sessionId, body, ip);
  }
}
