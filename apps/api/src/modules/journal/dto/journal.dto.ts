import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { OptionalNotNull } from '../../../core/security/validation';
import {
  JOURNAL_LIMITS,
  JOURNAL_MESSAGES,
  JOURNAL_NOTE_FORMATS,
  LANGUAGES,
  type ConversationToJournalRequest,
  type JournalNoteFormat,
  type ConversationToJournalResponse,
} from '@clari/contracts';

export class ConversationToJournalDto implements ConversationToJournalRequest {
  @ApiProperty({
    description: `The session transcript, as transcribed and edited by the clinician (at most ${JOURNAL_LIMITS.transcriptionMax} characters). Not stored.`,
    maxLength: JOURNAL_LIMITS.transcriptionMax,
    example:
      'Therapist: How has the week been?\nClient: I have been sleeping badly and worry about work. I want to go to bed before eleven.',
  })
  @IsString({ message: 'transcriptionText must be text.' })
  @MaxLength(JOURNAL_LIMITS.transcriptionMax, { message: JOURNAL_MESSAGES.transcriptionTooLong })
  transcriptionText: string;

  @ApiPropertyOptional({
    enum: LANGUAGES,
    description: 'The language of the summary; default the clinician’s. Any other value answers 400.',
    example: 'en',
  })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  // As documented: another language is refused, not silently replaced by the clinician's.
  @IsIn(LANGUAGES, { message: 'language must be en or sv.' })
  language?: string;

  @ApiPropertyOptional({
    enum: JOURNAL_NOTE_FORMATS,
    default: 'structured',
    description:
      'The note format: Clari’s structured summary, or a SOAP (subjective, objective, assessment, plan), DAP (data, assessment, plan) or BIRP (behaviour, intervention, response, plan) note. Risk, when it came up, always comes first.',
    example: 'soap',
  })
  @OptionalNotNull()
  @IsIn(JOURNAL_NOTE_FORMATS, { message: JOURNAL_MESSAGES.formatInvalid })
  format?: JournalNoteFormat;
}

export class ConversationToJournalResponseDto implements ConversationToJournalResponse {
  @ApiProperty({
    description:
      'The journal summary as sanitised HTML: only h2, h3, h4, p, ul, ol, li, strong, em, b, i, br and blockquote, without attributes.',
    example:
      '<h2>Journal summary</h2><h3>Themes</h3><ul><li><strong>Work</strong>: mentioned 2 times</li></ul><h3>What was said</h3><ul><li>“I have been sleeping badly.”</li></ul><h3>Follow-ups</h3><ul><li>Agreed or intended: “I want to go to bed before eleven.”</li></ul>',
  })
  summary: string;
}

export class JournalTranscribeRequestDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: 'WAV, MP3, M4A/MP4, WebM, Ogg or AAC (recognised by content), at most 25 MB. Never stored.',
  })
  audio: unknown;
  @ApiPropertyOptional({ enum: ['en', 'sv'], description: 'The spoken language; default the clinician’s.' })
  language?: string;
}
