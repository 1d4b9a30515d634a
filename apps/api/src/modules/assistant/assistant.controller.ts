import {
  Body,
  Controller,
  HttpCode,
  Post,
  Req,
  Res,
  StreamableFile,
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCookieAuth,
  ApiExtraModels,
  ApiGatewayTimeoutResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import {
  UPLOAD_LIMITS,
  type ChatResponse,
  type ClearConversationResponse,
  type TranscribeResponse,
} from '@clari/contracts';
import { ClientIp } from '../../core/security/client-ip.decorator';
import { CurrentUser, SessionAuthGuard } from '../auth/guards/session-auth.guard';
import type { UserEntity } from '../users/entities/user.entity';
import { AssistantService } from './assistant.service';
import {
  ChatRequestDto,
  ChatResponseDto,
  ClearConversationRequestDto,
  ClearConversationResponseDto,
  TranscribeRequestDto,
  TranscribeResponseDto,
} from './dto/assistant.dto';
import { ChatAccessGuard } from './guards/chat-access.guard';
import { acceptsEventStream, streamChat } from './chat-events';
import { TRANSCRIPTION_MESSAGES, TranscriptionService } from './transcription.service';
import { RATE_LIMITED_RESPONSE, UNAUTHORIZED_RESPONSE } from '../../core/swagger-responses';
import { TranscriptionErrorResponses } from './transcription.swagger';

@ApiTags('assistant')
@ApiCookieAuth()
@ApiUnauthorizedResponse(UNAUTHORIZED_RESPONSE)
@ApiTooManyRequestsResponse(RATE_LIMITED_RESPONSE)
@Controller('api')
export class AssistantController {
  constructor(
    private readonly assistant: AssistantService,
    private readonly transcription: TranscriptionService,
  ) {}

  @Post('ai-assistant/chat')
  @HttpCode(200)
  @UseGuards(ChatAccessGuard)
  @ApiOperation({
    summary: 'Talk with Clari',
    description:
      'Routes the message to the handler of conversationDomain and answers with the thread. An empty message loads the history without calling the model. Names, e-mail addresses, phone numbers and personal identity numbers are removed before anything reaches the AI provider; a failed or malformed answer gives a polite reply, never an error (except for one-shot domains such as valueexplorer_summary: 502). Threads are deleted 24 h after their last message. ' +
      'The domain interview needs no login: its thread is the interview session named by conversationData.session_id and interview_id (404 when unknown or not of that interview, 409 once the interview is completed; history stays readable), it is kept with the session until the interview’s retention ends, and the reply carries isComplete. Every other domain answers 401 without a login.',
  })
  @ApiExtraModels(ChatResponseDto)
  @ApiOkResponse({
    description:
      'The answer as JSON; or, when the request has Accept: text/event-stream, server-sent events: `delta` events with the reply’s text as it is written ({"text": "…"}), then one `done` event with the complete answer (the JSON below; only it carries updates), or an `error` event ({statusCode, message}) if the turn fails after it began. Errors before the first event are ordinary JSON answers.',
    content: {
      'application/json': { schema: { $ref: getSchemaPath(ChatResponseDto) } },
      'text/event-stream': {
        schema: {
          type: 'string',
          example:
            'event: delta\ndata: {"text":"What matters most "}\n\nevent: delta\ndata: {"text":"to you in your work?"}\n\nevent: done\ndata: {"reply":"What matters most to you in your work?","history":[],"aiSuggestions":[],"currentPhase":"values","updates":{},"risk":"none"}\n\n',
        },
      },
    },
  })
  @ApiBadRequestResponse({
    schema: { example: { statusCode: 400, message: 'Unknown conversation domain.', error: 'Bad Request' } },
  })
  @ApiNotFoundResponse({
    schema: {
      example: { statusCode: 404, message: 'Session not found', error: 'Not Found', code: 'session_not_found' },
    },
  })
  @ApiConflictResponse({
    schema: {
      example: {
        statusCode: 409,
        message: 'This interview is already completed.',
        error: 'Conflict',
        code: 'interview_completed',
      },
    },
  })
  @ApiBadGatewayResponse({
    description:
      'Only for one-shot domains (valueexplorer_summary): the provider failed or answered something unusable.',
    schema: {
      example: {
        statusCode: 502,
        message: 'Clari could not write this just now. Please try again.',
        error: 'Bad Gateway',
        code: 'assistant_failed',
      },
    },
  })
  async chat(
    @CurrentUser() user: UserEntity | undefined,
    @Body() body: ChatRequestDto,
    @ClientIp() ip: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ChatResponse | StreamableFile> {
    if (!acceptsEventStream(req.headers.accept)) return this.assistant.chat(user ?? null, body, ip);
    const events = await streamChat((stream) => this.assistant.chat(user ?? null, body, ip, stream));
    // no-transform keeps compression from holding events back; X-Accel-Buffering does the same for nginx.
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    return new StreamableFile(events, { type: 'text/event-stream; charset=utf-8' });
  }

  @Post('ai-assistant/clear-conversation')
  @HttpCode(200)
  @UseGuards(SessionAuthGuard)
  @ApiOperation({
    summary: 'Delete a conversation thread',
    description:
      'The thread is chosen from conversationDomain and conversationData as in the chat call. Only the caller’s own threads are ever touched. Interview threads cannot be cleared (400 conversation_not_clearable): they belong to the interview session and are deleted with it.',
  })
  @ApiOkResponse({ type: ClearConversationResponseDto })
  @ApiBadRequestResponse({
    schema: { example: { statusCode: 400, message: 'Unknown conversation domain.', error: 'Bad Request' } },
  })
  clear(
    @CurrentUser() user: UserEntity,
    @Body() body: ClearConversationRequestDto,
  ): Promise<ClearConversationResponse> {
    return this.assistant.clear(user, body);
  }

  @Post('transcribe')
  @HttpCode(200)
  @UseGuards(SessionAuthGuard)
  @UseInterceptors(FileInterceptor('audio', { limits: { fileSize: UPLOAD_LIMITS.audioBytes, files: 1 } }))
  @ApiOperation({
    summary: 'Speech to text',
    description:
      'Runs on the transcription queue; the request waits for its job. The audio is recognised by its bytes, kept only in memory and in the job, and is gone when the job ends. Subtitle credits and silence give an empty transcription.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: TranscribeRequestDto })
  @ApiOkResponse({ type: TranscribeResponseDto })
  @TranscriptionErrorResponses()
  @ApiGatewayTimeoutResponse({
    schema: {
      example: {
        statusCode: 504,
        message: TRANSCRIPTION_MESSAGES.tooSlow,
        error: 'Gateway Timeout',
        code: 'transcription_failed',
      },
    },
  })
  transcribe(
    @CurrentUser() user: UserEntity,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Body('language') language: unknown,
  ): Promise<TranscribeResponse> {
    return this.transcription.transcribe(user, file?.buffer, language);
  }
}
