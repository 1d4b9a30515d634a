import { Body, Controller, HttpCode, Post, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  JOURNAL_MESSAGES,
  UPLOAD_LIMITS,
  type ConversationToJournalResponse,
  type TranscribeResponse,
} from '@clari/contracts';
import { TranscribeResponseDto } from '../assistant/dto/assistant.dto';
import { ClinicianGuard, CurrentUser, SessionAuthGuard } from '../auth/guards/session-auth.guard';
import type { UserEntity } from '../users/entities/user.entity';
import {
  ConversationToJournalDto,
  ConversationToJournalResponseDto,
  JournalTranscribeRequestDto,
} from './dto/journal.dto';
import { JournalService } from './journal.service';
import { TranscriptionErrorResponses } from '../assistant/transcription.swagger';
import { RATE_LIMITED_RESPONSE, UNAUTHORIZED_RESPONSE } from '../../core/swagger-responses';

/** Part 2 §7: the Journal's two calls, without the /api prefix; clinicians only (403 otherwise, 401 without a login). */
@ApiTags('journal')
@ApiCookieAuth()
@ApiUnauthorizedResponse(UNAUTHORIZED_RESPONSE)
@ApiForbiddenResponse({
  schema: {
    example: { statusCode: 403, message: JOURNAL_MESSAGES.clinicianOnly, error: 'Forbidden', code: 'forbidden' },
  },
})
@ApiTooManyRequestsResponse(RATE_LIMITED_RESPONSE)
@UseGuards(SessionAuthGuard, ClinicianGuard)
@Controller()
export class JournalController {
  constructor(private readonly journal: JournalService) {}

  @Post('transcribe')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('audio', { limits: { fileSize: UPLOAD_LIMITS.audioBytes, files: 1 } }))
  @ApiOperation({
    summary: 'Transcribe a session recording',
    description:
      'Runs on the transcription queue like the assistant’s voice input and waits for its job. The audio is recognised by its bytes, kept only in memory and in the job, and is gone when the job ends; the transcription is not stored either.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: JournalTranscribeRequestDto })
  @ApiOkResponse({ type: TranscribeResponseDto })
  @TranscriptionErrorResponses()
  transcribe(
    @CurrentUser() user: UserEntity,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Body('language') language: unknown,
  ): Promise<TranscribeResponse> {
    return this.journal.transcribe(user, file?.buffer, language);
  }

  @Post('conversation-to-journal')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Write a journal summary of a transcript',
    description:
      'Answers a structured summary (themes, what was said, follow-ups) as HTML, sanitised against an allow-list (headings, paragraphs, lists, emphasis; no attributes, no scripts). Before the transcript reaches an AI provider, the clinician’s name, e-mail addresses, phone numbers and personal identity numbers are removed. Neither transcript nor summary is stored.',
  })
  @ApiOkResponse({ type: ConversationToJournalResponseDto })
  @ApiBadRequestResponse({
    schema: {
      example: {
        statusCode: 400,
        message: JOURNAL_MESSAGES.transcriptionRequired,
        error: 'Bad Request',
        code: 'transcription_required',
      },
    },
  })
  @ApiBadGatewayResponse({
    schema: {
      example: {
        statusCode: 502,
        message: JOURNAL_MESSAGES.processFailed,
        error: 'Bad Gateway',
        code: 'journal_failed',
      },
    },
  })
  summarise(
    @CurrentUser() user: UserEntity,
    @Body() body: ConversationToJournalDto,
  ): Promise<ConversationToJournalResponse> {
    return this.journal.summarise(user, body);
  }
}
