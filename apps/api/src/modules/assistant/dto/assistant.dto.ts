import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions, type SchemaObject } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import {
  ASSISTANT_LIMITS,
  CONVERSATION_DATA_KEYS,
  CONVERSATION_DOMAINS,
  REQUEST_LIMITS,
  REQUEST_MESSAGES,
  FLAGGED_RISKS,
  RISK_LEVELS,
  YEAR_COMPASS_SECTION_COUNT,
  knownConversationData,
  type ChatHistoryItem,
  type ChatRequest,
  type ChatResponse,
  type ChatUpdates,
  type ClearConversationRequest,
  type ClearConversationResponse,
  type ConversationData,
  type FlaggedRisk,
  type RiskLevel,
  type TranscribeResponse,
} from '@clari/contracts';
import { MaxTextSize } from '../../../core/security/text-size.validator';

const DOMAIN_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;
const DOMAIN_DESCRIPTION = `One of ${CONVERSATION_DOMAINS.join(', ')}, or another valueexplorer_ domain (part 1 §3; the general guide answers those). Anything else answers 400.`;
/** The domains the API serves: the listed ones, and any other valueexplorer_ domain (as handler.registry.ts's isKnownDomain). */
const DOMAIN_SCHEMA: ApiPropertyOptions = {
  type: 'string',
  anyOf: [
    { type: 'string', enum: [...CONVERSATION_DOMAINS] },
    { type: 'string', pattern: '^valueexplorer_[a-z0-9_]{1,26}$' },
  ],
};

export class ChatRequestDto implements ChatRequest {
  @ApiProperty({
    description: 'The user’s message; empty loads the thread’s history without calling the model.',
    maxLength: ASSISTANT_LIMITS.messageMax,
    example: 'I want to spend more time with my children.',
  })
  @IsString()
  @MaxLength(ASSISTANT_LIMITS.messageMax, {
    message: `The message can be at most ${ASSISTANT_LIMITS.messageMax} characters long.`,
  })
  message: string;

  @ApiProperty({ ...DOMAIN_SCHEMA, description: DOMAIN_DESCRIPTION, example: 'valueexplorer_lifearea' })
  @IsString()
  @Matches(DOMAIN_PATTERN, { message: 'Unknown conversation domain.' })
  conversationDomain: string;

  @ApiPropertyOptional({
    description: `Context of the domain. The thread is chosen by sectionNumber (yearcompass_dynamicsection), reflectionId (reflect_topic), session_id (interview), else thread_id or area.id. All its strings and keys together hold at most ${REQUEST_LIMITS.conversationDataTextMax} characters. Keys a domain does not read are dropped: ${Object.entries(
      CONVERSATION_DATA_KEYS,
    )
      .map(([domain, keys]) => `${domain} reads ${keys.join(', ')}`)
      .join('; ')}; every domain reads language and thread_id.`,
    example: { area: { id: 'family' }, contextSwitched: false, currentPhase: 'values' },
  })
  // Unknown keys go before validation, so nothing after this (size check, scrubber, prompt) reads them.
  @Transform(({ value, obj }: { value: unknown; obj: { conversationDomain?: unknown } }) =>
    knownConversationData(obj.conversationDomain, value),
  )
  @IsOptional()
  @IsObject({ message: 'conversationData must be an object.' })
  @MaxTextSize(REQUEST_LIMITS.conversationDataTextMax, { message: REQUEST_MESSAGES.conversationDataTooLarge })
  conversationData?: ConversationData;

  @ApiPropertyOptional({
    description: 'The context’s language (en or sv); otherwise the user’s language is used, else en.',
    example: 'en',
  })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  language?: string;
}

export class ClearConversationRequestDto implements ClearConversationRequest {
  @ApiProperty({ ...DOMAIN_SCHEMA, description: DOMAIN_DESCRIPTION, example: 'valueexplorer_lifearea' })
  @IsString()
  @Matches(DOMAIN_PATTERN, { message: 'Unknown conversation domain.' })
  conversationDomain: string;

  @ApiPropertyOptional({
    description: 'Identifies the thread as in the chat call.',
    example: { area: { id: 'family' } },
  })
  @IsOptional()
  @IsObject({ message: 'conversationData must be an object.' })
  conversationData?: ConversationData;
}

export class ChatHistoryItemDto implements ChatHistoryItem {
  @ApiProperty({ enum: ['user', 'assistant'], example: 'assistant' }) role: 'user' | 'assistant';
  @ApiProperty({ example: 'What matters most to you in your family life?' }) content: string;
  @ApiProperty({ example: '2026-11-21T10:00:00.000Z' }) timestamp: string;
  @ApiPropertyOptional({
    enum: FLAGGED_RISKS,
    description:
      'A message the safety check caught (or an answer to Clari’s check-in) and Clari’s crisis, urgent or check-in reply to it: never content; the chat shows its help card while the thread holds one.',
  })
  risk?: FlaggedRisk;
}

/** A value or obstacle Clari proposes: a known id, or a custom label. */
const UPDATE_ITEM: SchemaObject = {
  oneOf: [{ type: 'string' }, { type: 'object', properties: { id: { type: 'string' }, label: { type: 'string' } } }],
};
const TEXT_LIST: SchemaObject = { type: 'array', items: { type: 'string' } };
/** The two shapes of updates: Value Explorer's proposals, or Year Compass's box texts. */
const UPDATES_SCHEMA: ApiPropertyOptions = {
  oneOf: [
    {
      type: 'object',
      description: 'Value Explorer (empty for other domains).',
      properties: {
        values: { type: 'array', items: UPDATE_ITEM },
        goals: { type: 'object', properties: { shortTermGoal: TEXT_LIST, longTermGoal: TEXT_LIST } },
        obstacles: { type: 'array', items: UPDATE_ITEM },
      },
    },
    {
      type: 'array',
      description: 'Year Compass: the boxes whose text Clari proposes.',
      items: {
        type: 'object',
        required: ['box_id', 'section_number', 'content'],
        properties: {
          box_id: { type: 'string', example: 's3_moments' },
          section_number: { type: 'integer', minimum: 1, maximum: YEAR_COMPASS_SECTION_COUNT, example: 3 },
          content: { type: 'string', example: 'Midsummer on the island.' },
        },
      },
    },
  ],
};
class ChatReflectionSummaryDto {
  @ApiProperty({ example: 'A calmer morning' }) title: string;
  @ApiProperty({ description: 'Markdown.', example: '## What happened\nI woke up early.' }) content: string;
  @ApiProperty({ type: [String], example: ['family'] }) lifeAreas: string[];
  @ApiProperty({ type: [String], example: ['mornings'] }) tags: string[];
}

class ChatTakeawayDto {
  @ApiPropertyOptional({
    description: 'The id of a saved takeaway this one updates.',
    example: '8d1c2b3a-4e5f-4a6b-9c7d-0e1f2a3b4c5d',
  })
  id?: string;
  @ApiProperty({ example: 'Start small' }) title: string;
  @ApiProperty({ example: 'One calm breakfast a week.' }) content: string;
}

export class ChatResponseDto implements ChatResponse {
  @ApiProperty({
    description: 'Clari’s answer (Markdown). For a history load: the last answer, or a greeting for a new thread.',
    example: 'Spending time together sounds important to you. What kind of parent would you like to be?',
  })
  reply: string;
  @ApiProperty({ type: [ChatHistoryItemDto], description: 'The thread, oldest first (at most 60 messages).' })
  history: ChatHistoryItemDto[];
  @ApiProperty({ type: [String], example: ['I want to be more present', 'I am not sure yet'] }) aiSuggestions: string[];
  @ApiProperty({
    example: 'values',
    description: 'values, goals, obstacles, forward, closure (Value Explorer); interview; reflect.',
  })
  currentPhase: string;
  @ApiProperty({
    ...UPDATES_SCHEMA,
    description:
      'Value Explorer: {values, goals: {shortTermGoal, longTermGoal}, obstacles}; Year Compass: [{box_id, section_number, content}]; otherwise {}.',
    example: {
      values: ['connection'],
      goals: { shortTermGoal: ['Eat dinner together three evenings a week'], longTermGoal: [] },
      obstacles: ['lackOfTime'],
    },
  })
  updates: ChatUpdates;
  @ApiPropertyOptional({
    type: ChatReflectionSummaryDto,
    description: 'Reflect: the reflection written when asked to clarify.',
    example: { title: 'A calmer morning', content: '…', lifeAreas: ['family'], tags: ['mornings'] },
  })
  reflection_summary?: ChatResponse['reflection_summary'];
  @ApiPropertyOptional({
    type: [ChatTakeawayDto],
    description: 'Reflect: the takeaways.',
    example: [{ title: 'Start small', content: 'One calm breakfast a week.' }],
  })
  takeaways?: ChatResponse['takeaways'];
  @ApiPropertyOptional({ description: 'Interview: the guide’s questions are all answered.', example: false })
  isComplete?: boolean;
  @ApiProperty({
    enum: RISK_LEVELS,
    example: 'none',
    description:
      'The safety check’s verdict on the message; in every level but none, nothing was written and updates are empty. urgent: an attempt made or under way, or an act announced for now: the reply puts the emergency number first, then the helplines; crisis: Clari’s crisis reply with the helplines, the exercise pauses; concern: an indirect or ambiguous sign: the reply asks directly whether the person is thinking about ending their life, with the helplines (a yes or an unsure answer is then answered as crisis, a clear no goes on with the exercise and is answered with none).',
  })
  risk: RiskLevel;
}

export class ClearConversationResponseDto implements ClearConversationResponse {
  @ApiProperty({ description: 'Whether a stored thread was deleted.', example: true }) cleared: boolean;
}

export class TranscribeRequestDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: 'WebM, Ogg, MP4/M4A, WAV, MP3 or AAC (recognised by content), at most 25 MB.',
  })
  audio: unknown;
  @ApiPropertyOptional({ enum: ['en', 'sv'], description: 'The spoken language; default the user’s.' })
  language?: string;
}

export class TranscribeResponseDto implements TranscribeResponse {
  @ApiProperty({
    description: 'Empty when no speech was heard (silence, noise or a subtitle credit).',
    example: 'I would like to have more calm mornings.',
  })
  transcription: string;
}
