import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, ValidateIf } from 'class-validator';
import {
  INTERVIEW_STATUSES,
  LANGUAGES,
  type CreateInterviewSessionRequest,
  type CreateInterviewSessionResponse,
  type InterviewInfo,
  type InterviewSessionResponse,
  type InterviewStatus,
  type InterviewTokenLookupResponse,
  type Language,
  type LocalizedText,
  type UpdateInterviewSessionRequest,
} from '@clari/contracts';

/** The 6-digit code of a session, as the token lookup accepts it. */
export const INTERVIEW_TOKEN_PATTERN = '^[0-9]{6}$';

const SESSION_ID = '0b7e4f0e-3c1d-4a55-9a61-2f4d8b7e9c10';
const INTERVIEW_ID = 'c1a41e55-7d2b-4e8a-9f3c-5b6d7e8f9a01';

export class LocalizedTextDto implements LocalizedText {
  @ApiProperty({ example: 'Everyday wellbeing' }) en: string;
  @ApiProperty({ example: 'Välmående i vardagen' }) sv: string;
}

export class InterviewInfoDto implements InterviewInfo {
  @ApiProperty({ format: 'uuid', example: INTERVIEW_ID }) interviewId: string;
  @ApiProperty({ type: LocalizedTextDto }) title: LocalizedTextDto;
  @ApiProperty({
    type: LocalizedTextDto,
    example: { en: 'A short, anonymous interview about…', sv: 'En kort, anonym intervju om…' },
  })
  description: LocalizedTextDto;
  @ApiProperty({ type: 'integer', minimum: 1, example: 5 }) questionCount: number;
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description: 'Sessions and their transcripts are deleted this many days after they started.',
    example: 30,
  })
  retentionDays: number;
}

export class CreateInterviewSessionDto implements CreateInterviewSessionRequest {
  @ApiProperty({ enum: LANGUAGES, description: 'The language of the interview.', example: 'en' })
  @IsIn(LANGUAGES, { message: 'language must be en or sv.' })
  language: Language;
}

export class CreateInterviewSessionResponseDto implements CreateInterviewSessionResponse {
  @ApiProperty({ format: 'uuid', example: SESSION_ID }) sessionId: string;
  @ApiProperty({
    description: 'The 6-digit code that resumes the session.',
    pattern: INTERVIEW_TOKEN_PATTERN,
    example: '048213',
  })
  token: string;
}

export class InterviewTokenLookupResponseDto implements InterviewTokenLookupResponse {
  @ApiProperty({ format: 'uuid', example: INTERVIEW_ID }) interviewId: string;
  @ApiProperty({ format: 'uuid', example: SESSION_ID }) sessionId: string;
}

export class InterviewSessionResponseDto implements InterviewSessionResponse {
  @ApiProperty({
    description: 'The 6-digit code that resumes the session.',
    pattern: INTERVIEW_TOKEN_PATTERN,
    example: '048213',
  })
  token: string;
  @ApiProperty({ enum: INTERVIEW_STATUSES, example: 'in_progress' }) status: InterviewStatus;
  @ApiProperty({ enum: LANGUAGES, example: 'en' }) language: Language;
  @ApiProperty({ example: '2026-11-21T10:00:00.000Z' }) createdAt: string;
}

export class UpdateInterviewSessionDto implements UpdateInterviewSessionRequest {
  @ApiPropertyOptional({
    enum: INTERVIEW_STATUSES,
    description:
      'Only forward, one step: not_started → in_progress → completed. The current status again changes nothing.',
    example: 'in_progress',
  })
  @ValidateIf((body: UpdateInterviewSessionDto) => body.status !== undefined || body.language === undefined)
  @IsIn(INTERVIEW_STATUSES, { message: `status must be one of ${INTERVIEW_STATUSES.join(', ')}.` })
  status?: InterviewStatus;

  @ApiPropertyOptional({
    enum: LANGUAGES,
    description: 'The language Clari speaks from now on (the page’s language toggle); not for a completed session.',
    example: 'sv',
  })
  @ValidateIf((body: UpdateInterviewSessionDto) => body.language !== undefined)
  @IsIn(LANGUAGES, { message: 'language must be en or sv.' })
  language?: Language;
}
