import { OptionalNotNull } from '../../../core/security/validation';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidateNested,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import {
  LIFE_AREAS,
  REFLECT_LIMITS as L,
  REFLECT_MESSAGES as M,
  REFLECT_TOPICS,
  cleanTags,
  isLifeArea,
  type AiTakeaway,
  type LifeAreaId,
  type Reflection,
  type ReflectionAiResultRequest,
  type ReflectDeleteResponse,
  type ReflectionDetail,
  type ReflectionInput,
  type ReflectionListItem,
  type ReflectionListPage,
  type ReflectionListQuery,
  type ReflectionSummary,
  type ReflectTopicId,
  type Takeaway,
  type TakeawayInput,
} from '@clari/contracts';

const EXAMPLE_REFLECTION: Reflection = {
  id: '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f',
  title: 'Your day: Presentation and sleep',
  content:
    '## What happened\nI gave the presentation I had worried about for weeks.\n\n## What I felt\nI was nervous, then relieved.',
  topic: 'your_day',
  lifeAreas: ['career', 'health'],
  tags: ['presentation', 'sleep'],
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:05:00.000Z',
};
const EXAMPLE_TAKEAWAY: Takeaway = {
  id: '8d1c2b3a-4e5f-4a6b-9c7d-0e1f2a3b4c5d',
  reflectionId: EXAMPLE_REFLECTION.id,
  title: 'Go to bed before eleven',
  content: 'In your own words: “I will go to bed before eleven on weekdays.”',
  createdAt: '2026-11-21T10:05:00.000Z',
  updatedAt: '2026-11-21T10:05:00.000Z',
};

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** '' and null mean "no topic": open_ended on creation (part 2 §5), unchanged on update. */
const noTopicAsMissing = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value);
const cleanTagList = ({ value }: { value: unknown }) =>
  Array.isArray(value) && value.every((tag) => typeof tag === 'string') ? cleanTags(value) : value;
const uniqueList = ({ value }: { value: unknown }) => (Array.isArray(value) ? [...new Set(value)] : value);
const unknownLifeArea = ({ value }: ValidationArguments) =>
  `${M.unknownLifeArea}: ${String(Array.isArray(value) ? value.find((area) => !isLifeArea(area)) : value)}`;

/** A takeaway id as Clari may send it: text (any shape) or a number; only UUIDs of this reflection are kept. */
function IsTakeawayIdLike(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isTakeawayIdLike',
      validator: {
        validate: (value: unknown) =>
          (typeof value === 'string' && value.length <= 100) || (typeof value === 'number' && Number.isFinite(value)),
        defaultMessage: () => M.takeawayIdShape,
      },
    },
    options,
  );
}

export class ReflectionInputDto implements ReflectionInput {
  @ApiPropertyOptional({
    description: `Trimmed; at most ${L.titleMax} characters. Default ''.`,
    maxLength: L.titleMax,
    example: 'Your Day',
  })
  @OptionalNotNull()
  @Transform(trimmed)
  @IsString({ message: 'title must be text.' })
  @MaxLength(L.titleMax, { message: M.titleTooLong })
  title?: string;

  @ApiPropertyOptional({
    description: `Markdown; at most ${L.contentMax} characters. Default ''.`,
    maxLength: L.contentMax,
    example: '',
  })
  @OptionalNotNull()
  @IsString({ message: 'content must be text.' })
  @MaxLength(L.contentMax, { message: M.contentTooLong })
  content?: string;

  @ApiPropertyOptional({
    enum: REFLECT_TOPICS,
    description: 'Missing, null or empty: open_ended on creation, unchanged on update. Any other value answers 400.',
    example: 'your_day',
  })
  @IsOptional()
  @Transform(noTopicAsMissing)
  @IsIn(REFLECT_TOPICS, { message: M.unknownTopic })
  topic?: ReflectTopicId;

  @ApiPropertyOptional({
    enum: LIFE_AREAS,
    isArray: true,
    description: 'Known life area ids only (an unknown one answers 400); duplicates are dropped. Default [].',
    example: ['career', 'health'],
  })
  @OptionalNotNull()
  @Transform(uniqueList)
  @IsArray({ message: M.lifeAreasList })
  @IsIn(LIFE_AREAS, { each: true, message: unknownLifeArea })
  lifeAreas?: LifeAreaId[];

  @ApiPropertyOptional({
    type: [String],
    description: `Trimmed, a leading # removed, empty ones and duplicates (case-insensitive) dropped; then at most ${L.tagsMax} tags of at most ${L.tagMax} characters. Default [].`,
    example: ['presentation', 'sleep'],
  })
  @OptionalNotNull()
  @Transform(cleanTagList)
  @IsArray({ message: M.tagsList })
  @IsString({ each: true, message: M.tagsList })
  @ArrayMaxSize(L.tagsMax, { message: M.tooManyTags })
  @MaxLength(L.tagMax, { each: true, message: M.tagTooLong })
  tags?: string[];
}

export class ReflectionDto implements Reflection {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_REFLECTION.id }) id: string;
  @ApiProperty({ maxLength: L.titleMax, example: EXAMPLE_REFLECTION.title }) title: string;
  @ApiProperty({ description: 'Markdown.', maxLength: L.contentMax, example: EXAMPLE_REFLECTION.content })
  content: string;
  @ApiProperty({ enum: REFLECT_TOPICS, example: EXAMPLE_REFLECTION.topic }) topic: ReflectTopicId;
  @ApiProperty({ enum: LIFE_AREAS, isArray: true, example: EXAMPLE_REFLECTION.lifeAreas }) lifeAreas: LifeAreaId[];
  @ApiProperty({ type: [String], example: EXAMPLE_REFLECTION.tags }) tags: string[];
  @ApiProperty({ example: EXAMPLE_REFLECTION.createdAt }) createdAt: string;
  @ApiProperty({ example: EXAMPLE_REFLECTION.updatedAt }) updatedAt: string;
}

export class ReflectionListQueryDto implements ReflectionListQuery {
  @ApiPropertyOptional({
    description:
      'The nextCursor of the previous page, unchanged; leave it out for the first page. Anything else answers 400.',
    example: 'WyIyMDI2LTExLTIxVDEwOjAwOjAwLjEyMzQ1NloiLCIzZjJiOGMxZS05ZDRhLTRjNmItOGUyZi0xYTJiM2M0ZDVlNmYiXQ',
  })
  @IsOptional()
  @IsString({ message: M.badCursor })
  @MaxLength(200, { message: M.badCursor })
  cursor?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: L.listPageMax,
    default: L.listPageDefault,
    description: 'Reflections per page.',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: M.badLimit })
  @Min(1, { message: M.badLimit })
  @Max(L.listPageMax, { message: M.badLimit })
  limit?: number;
}

export class ReflectionListItemDto implements ReflectionListItem {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_REFLECTION.id }) id: string;
  @ApiProperty({ maxLength: L.titleMax, example: EXAMPLE_REFLECTION.title }) title: string;
  @ApiProperty({ enum: REFLECT_TOPICS, example: EXAMPLE_REFLECTION.topic }) topic: ReflectTopicId;
  @ApiProperty({ enum: LIFE_AREAS, isArray: true, example: EXAMPLE_REFLECTION.lifeAreas }) lifeAreas: LifeAreaId[];
  @ApiProperty({ type: [String], example: EXAMPLE_REFLECTION.tags }) tags: string[];
  @ApiProperty({ example: EXAMPLE_REFLECTION.createdAt }) createdAt: string;
  @ApiProperty({ example: EXAMPLE_REFLECTION.updatedAt }) updatedAt: string;
  @ApiProperty({
    description: `The content's start as plain text (Markdown marks removed), at most ${L.excerptMax} characters, ending in … when cut. The whole content comes with GET /reflect/reflections/{id}.`,
    maxLength: L.excerptMax,
    example:
      'What happened I gave the presentation I had worried about for weeks. What I felt I was nervous, then relieved.',
  })
  excerpt: string;
}

export class ReflectionListPageDto implements ReflectionListPage {
  @ApiProperty({
    type: [ReflectionListItemDto],
    description: `Newest first (by creation; equal times by id). At most \`limit\` entries.`,
  })
  items: ReflectionListItemDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Pass as cursor for the next page; null on the last page. Opaque: reflections created meanwhile do not shift later pages.',
    example: null,
  })
  nextCursor: string | null;
}

export class TakeawayInputDto implements TakeawayInput {
  @ApiProperty({
    description: `Trimmed; 1 to ${L.takeawayTitleMax} characters.`,
    maxLength: L.takeawayTitleMax,
    example: EXAMPLE_TAKEAWAY.title,
  })
  @Transform(trimmed)
  @IsString({ message: M.takeawayTitleRequired })
  @MinLength(1, { message: M.takeawayTitleRequired })
  @MaxLength(L.takeawayTitleMax, { message: M.takeawayTitleTooLong })
  title: string;

  @ApiPropertyOptional({
    description: `Markdown; at most ${L.takeawayContentMax} characters. Default ''.`,
    maxLength: L.takeawayContentMax,
    example: EXAMPLE_TAKEAWAY.content,
  })
  @OptionalNotNull()
  @IsString({ message: 'content must be text.' })
  @MaxLength(L.takeawayContentMax, { message: M.takeawayContentTooLong })
  content?: string;
}

export class TakeawayDto implements Takeaway {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_TAKEAWAY.id }) id: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_TAKEAWAY.reflectionId }) reflectionId: string;
  @ApiProperty({ maxLength: L.takeawayTitleMax, example: EXAMPLE_TAKEAWAY.title }) title: string;
  @ApiProperty({ description: 'Markdown.', maxLength: L.takeawayContentMax, example: EXAMPLE_TAKEAWAY.content })
  content: string;
  @ApiProperty({ example: EXAMPLE_TAKEAWAY.createdAt }) createdAt: string;
  @ApiProperty({ example: EXAMPLE_TAKEAWAY.updatedAt }) updatedAt: string;
}

export class ReflectionDetailDto implements ReflectionDetail {
  @ApiProperty({ type: ReflectionDto }) reflection: ReflectionDto;
  @ApiProperty({ type: [TakeawayDto], description: 'In the order Clari (or the user) gave them.' })
  takeaways: TakeawayDto[];
}

export class ReflectDeleteResponseDto implements ReflectDeleteResponse {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_REFLECTION.id }) id: string;
  @ApiProperty({ enum: [true], example: true }) deleted: true;
}

export class ReflectionSummaryDto implements ReflectionSummary {
  @ApiProperty({
    description: `Trimmed; 1 to ${L.titleMax} characters.`,
    maxLength: L.titleMax,
    example: EXAMPLE_REFLECTION.title,
  })
  @Transform(trimmed)
  @IsString({ message: 'reflection_summary.title must be text.' })
  @MinLength(1, { message: 'reflection_summary.title must not be empty.' })
  @MaxLength(L.titleMax, { message: M.titleTooLong })
  title: string;

  @ApiProperty({
    description: `Markdown; at most ${L.contentMax} characters.`,
    maxLength: L.contentMax,
    example: EXAMPLE_REFLECTION.content,
  })
  @IsString({ message: 'reflection_summary.content must be text.' })
  @MaxLength(L.contentMax, { message: M.contentTooLong })
  content: string;

  @ApiPropertyOptional({
    enum: LIFE_AREAS,
    isArray: true,
    description: 'Known ids only (400 otherwise). Default [].',
    example: EXAMPLE_REFLECTION.lifeAreas,
  })
  @IsOptional()
  @Transform(uniqueList)
  @IsArray({ message: M.lifeAreasList })
  @IsIn(LIFE_AREAS, { each: true, message: unknownLifeArea })
  lifeAreas: LifeAreaId[];

  @ApiPropertyOptional({
    type: [String],
    description: `Cleaned like a reflection's tags; at most ${L.tagsMax} of ${L.tagMax} characters. Default [].`,
    example: EXAMPLE_REFLECTION.tags,
  })
  @IsOptional()
  @Transform(cleanTagList)
  @IsArray({ message: M.tagsList })
  @IsString({ each: true, message: M.tagsList })
  @ArrayMaxSize(L.tagsMax, { message: M.tooManyTags })
  @MaxLength(L.tagMax, { each: true, message: M.tagTooLong })
  tags: string[];
}

/** A takeaway as Clari answers it: the fields of a new takeaway, plus the id it may update. */
export class AiTakeawayDto extends TakeawayInputDto implements AiTakeaway {
  @ApiPropertyOptional({
    oneOf: [{ type: 'string' }, { type: 'number' }],
    nullable: true,
    description:
      'The id of one of this reflection’s takeaways to update it. A number, a text that is not UUID-shaped, or a UUID this reflection does not have creates a new takeaway.',
    example: EXAMPLE_TAKEAWAY.id,
  })
  @IsOptional()
  @IsTakeawayIdLike()
  id?: string | number | null;
}

export class ReflectionAiResultDto implements ReflectionAiResultRequest {
  @ApiPropertyOptional({
    type: ReflectionSummaryDto,
    description:
      'Replaces the title, content, life areas and tags (the topic stays). Omitted: the reflection is left as it is.',
  })
  @IsOptional()
  @IsObject({ message: 'reflection_summary must be an object.' })
  @ValidateNested()
  @Type(() => ReflectionSummaryDto)
  reflection_summary?: ReflectionSummaryDto;

  @ApiPropertyOptional({
    type: [AiTakeawayDto],
    description: `At most ${L.takeawaysMax}. Known ids are updated, others created, and the reflection’s takeaways missing from the list are deleted. Omitted: the takeaways are left as they are; [] deletes them all.`,
    example: [
      {
        id: EXAMPLE_TAKEAWAY.id,
        title: 'Go to bed before eleven',
        content: 'In your own words: “I will go to bed before eleven on weekdays.”',
      },
      { id: 2, title: 'Prepare in small steps', content: 'Twenty minutes a day worked better than one long evening.' },
    ],
  })
  @IsOptional()
  @IsArray({ message: 'takeaways must be a list.' })
  @ArrayMaxSize(L.takeawaysMax, { message: M.tooManyTakeaways })
  @ValidateNested({ each: true })
  @Type(() => AiTakeawayDto)
  takeaways?: AiTakeawayDto[];
}
