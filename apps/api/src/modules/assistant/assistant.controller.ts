import { Body, Controller, HttpCode, Post, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCookieAuth,
  ApiGatewayTimeoutResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { UPLOAD_LIMITS, type ChatResponse, type ClearConversationResponse, type TranscribeResponse } from '@clari/contracts';
import { CurrentUser, SessionAuthGuard } from '../auth/guards/session-auth.guard';
import type { UserEntity } from '../users/entities/user.entity';
import { AssistantService } from './assistant.service';
import { ChatRequestDto, ChatResponseDto, ClearConversationRequestDto, ClearConversationResponseDto, TranscribeRequestDto, TranscribeResponseDto } from './dto/assistant.dto';
import { TRANSCRIPTION_MESSAGES, TranscriptionService } from './transcription.service';

const UNAUTHORIZED = { schema: { example: { statusCode: 401, message: 'Please log in to continue.', error: 'Unauthorized', code: 'not_authenticated' } } };
const RATE_LIMITED = { schema: { example: { statusCode: 429, message: 'Too many attempts. Please wait a while and try again.', error: 'Too Many Requests', code: 'rate_limited', retryAfter: 120 } } };

@ApiTags('assistant')
@ApiCookieAuth()
@ApiUnauthorizedResponse(UNAUTHORIZED)
@ApiTooManyRequestsResponse(RATE_LIMITED)
@UseGuards(SessionAuthGuard)
@Controller('api')
export class AssistantController {
  constructor(
    private readonly assistant: AssistantService,
    private readonly transcription: TranscriptionService,
  ) {}

  @Post('ai-assistant/chat')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Talk with Clari',
    description: 'Routes the message to the handler of conversationDomain and answers with the thread. An empty message loads the history without calling the model. Names, e-mail addresses, phone numbers and personal identity numbers are removed before anything reaches the AI provider; a failed or malformed answer gives a polite reply, never an error. Threads are deleted 24 h after their last message.',
  })
  @ApiOkResponse({ type: ChatResponseDto })
  @ApiBadRequestResponse({ schema: { example: { statusCode: 400, message: 'Unknown conversation domain.', error: 'Bad Request' } } })
  chat(@CurrentUser() user: UserEntity, @Body() body: ChatRequestDto): Promise<ChatResponse> {
    return this.assistant.chat(user, body);
  }

  @Post('ai-assistant/clear-conversation')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a conversation thread', description: 'The thread is chosen from conversationDomain and conversationData as in the chat call. Only the caller’s own threads are ever touched.' })
  @ApiOkResponse({ type: ClearConversationResponseDto })
  @ApiBadRequestResponse({ schema: { example: { statusCode: 400, message: 'Unknown conversation domain.', error: 'Bad Request' } } })
  clear(@CurrentUser() user: UserEntity, @Body() body: ClearConversationRequestDto): Promise<ClearConversationResponse> {
    return this.assistant.clear(user, body);
  }

  @Post('transcribe')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('audio', { limits: { fileSize: UPLOAD_LIMITS.audioBytes, files: 1 } }))
  @ApiOperation({
    summary: 'Speech to text',
    description: 'Runs on the transcription queue; the request waits for its job. The audio is recognised by its bytes, kept only in memory and in the job, and is gone when the job ends. Subtitle credits and silence give an empty transcription.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: TranscribeRequestDto })
  @ApiOkResponse({ type: TranscribeResponseDto })
  @ApiBadRequestResponse({ schema: { example: { statusCode: 400, message: TRANSCRIPTION_MESSAGES.noFile, error: 'Bad Request', code: 'no_file' } } })
  @ApiPayloadTooLargeResponse({ schema: { example: { statusCode: 413, message: 'The file is too large.', error: 'Payload Too Large', code: 'file_too_large' } } })
  @ApiUnsupportedMediaTypeResponse({ schema: { example: { statusCode: 415, message: TRANSCRIPTION_MESSAGES.unsupported, error: 'Unsupported Media Type', code: 'unsupported_file_type' } } })
  @ApiBadGatewayResponse({ schema: { example: { statusCode: 502, message: TRANSCRIPTION_MESSAGES.failed, error: 'Bad Gateway', code: 'transcription_failed' } } })
  @ApiServiceUnavailableResponse({ schema: { example: { statusCode: 503, message: TRANSCRIPTION_MESSAGES.notConfigured, error: 'Service Unavailable', code: 'transcription_not_configured' } } })
  @ApiGatewayTimeoutResponse({ schema: { example: { statusCode: 504, message: TRANSCRIPTION_MESSAGES.tooSlow, error: 'Gateway Timeout', code: 'transcription_failed' } } })
  transcribe(@CurrentUser() user: UserEntity, @UploadedFile() file: Express.Multer.File | undefined, @Body('language') language: unknown): Promise<TranscribeResponse> {
    return this.transcription.transcribe(user, file?.buffer, language);
  }
}
