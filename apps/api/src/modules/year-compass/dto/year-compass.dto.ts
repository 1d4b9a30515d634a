import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import {
  UPLOAD_LIMITS,
  YEAR_COMPASS_BOX_SIZES,
  YEAR_COMPASS_LIMITS,
  YEAR_COMPASS_SECTION_COUNT,
  type YearCompassBox,
  type YearCompassBoxSize,
  type YearCompassGenerateImageRequest,
  type YearCompassImageResponse,
  type YearCompassSaveBoxRequest,
  type YearCompassSaveSectionRequest,
  type YearCompassSectionData,
  type YearCompassSectionSummary,
} from '@clari/contracts';

const CONTENT_TOO_LONG = `A box can hold at most ${YEAR_COMPASS_LIMITS.boxContentMax} characters.`;
const IMAGE_URL_EXAMPLE = '/api/yearcompass/image/11/s11_picture?v=1764000000123';

export class YearCompassSectionSummaryDto implements YearCompassSectionSummary {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: YEAR_COMPASS_SECTION_COUNT, example: 3 }) sectionNumber: number;
  @ApiProperty({ example: 'Best moments' }) UiNavText: string;
}

export class YearCompassBoxDto implements YearCompassBox {
  @ApiProperty({ description: 'Stable id of the box, unique across sections.', example: 's11_picture' }) id: string;
  @ApiProperty({ example: 'The picture of your year' }) UiBoxTitle: string;
  @ApiProperty({
    description: 'The guiding question, in the requested language, with the years filled in.',
    example: 'If 2026 were a single picture, what would it show?',
  })
  prompt: string;
  @ApiProperty({
    description: 'The saved text; empty before the first save.',
    example: 'A harbour at dawn, boats leaving one by one.',
  })
  content: string;
  @ApiProperty({
    enum: YEAR_COMPASS_BOX_SIZES,
    description: 'large: a 6-row text area; small: 3 rows.',
    example: 'large',
  })
  box_size: YearCompassBoxSize;
  @ApiProperty({ example: true }) hasImage: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Image boxes: what the picture is drawn from; null for other boxes.',
    example: 'An abstract, painterly picture of 2026, drawn from what you write in this box.',
  })
  imagePrompt: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The picture, served only to its owner; the v parameter changes with every new picture. null without one.',
    example: IMAGE_URL_EXAMPLE,
  })
  imageUrl: string | null;
}

export class YearCompassSectionDataDto implements YearCompassSectionData {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: YEAR_COMPASS_SECTION_COUNT, example: 11 }) sectionNumber: number;
  @ApiProperty({ example: 'In one picture' }) UiNavText: string;
  @ApiProperty({ example: '2026 in one picture' }) UiSectionTitle: string;
  @ApiProperty({
    example:
      'Describe the year as an image: colours, places, weather, a symbol or a scene. Then let Clari draw it, or upload a picture of your own.',
  })
  UiSectionInstruction: string;
  @ApiProperty({ type: [YearCompassBoxDto] }) boxes: YearCompassBoxDto[];
}

export class YearCompassSaveBoxDto implements YearCompassSaveBoxRequest {
  @ApiProperty({
    description: `The box's whole text (trimmed); empty clears the box. At most ${YEAR_COMPASS_LIMITS.boxContentMax} characters.`,
    maxLength: YEAR_COMPASS_LIMITS.boxContentMax,
    example: 'Midsummer with the whole family on the island.',
  })
  @IsString({ message: 'content must be text.' })
  @MaxLength(YEAR_COMPASS_LIMITS.boxContentMax, { message: CONTENT_TOO_LONG })
  content: string;
}

export class YearCompassBoxInputDto {
  @ApiProperty({ description: 'A box id of this section.', example: 's3_moments' })
  @IsString({ message: 'Each box needs an id.' })
  @MaxLength(YEAR_COMPASS_LIMITS.boxIdMax, { message: 'Unknown box id.' })
  id: string;

  @ApiProperty({
    maxLength: YEAR_COMPASS_LIMITS.boxContentMax,
    example: 'Midsummer with the whole family on the island.',
  })
  @IsString({ message: 'content must be text.' })
  @MaxLength(YEAR_COMPASS_LIMITS.boxContentMax, { message: CONTENT_TOO_LONG })
  content: string;
}

export class YearCompassSaveSectionDto implements YearCompassSaveSectionRequest {
  @ApiProperty({
    type: [YearCompassBoxInputDto],
    description: 'The boxes to save; boxes not listed keep their text.',
    example: [
      { id: 's3_moments', content: 'Midsummer on the island.' },
      { id: 's3_grateful', content: 'My sister.' },
    ],
  })
  @IsArray({ message: 'boxes must be a list of {id, content}.' })
  @ArrayMaxSize(20, { message: 'A section has at most 20 boxes.' })
  @ValidateNested({ each: true })
  @Type(() => YearCompassBoxInputDto)
  boxes: YearCompassBoxInputDto[];
}

export class YearCompassGenerateImageDto implements YearCompassGenerateImageRequest {
  @ApiProperty({
    description:
      'The box text the picture is drawn from. Must not be empty; names, e-mail addresses and phone numbers are removed before it reaches the AI provider.',
    maxLength: YEAR_COMPASS_LIMITS.imagePromptMax,
    example: 'A harbour at dawn, boats leaving one by one.',
  })
  @IsString({ message: 'prompt must be text.' })
  @MaxLength(YEAR_COMPASS_LIMITS.imagePromptMax, {
    message: `The text can be at most ${YEAR_COMPASS_LIMITS.imagePromptMax} characters.`,
  })
  prompt: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: YEAR_COMPASS_SECTION_COUNT, example: 11 })
  @IsInt({ message: 'sectionNumber must be a whole number from 1 to 19.' })
  @Min(1, { message: 'sectionNumber must be a whole number from 1 to 19.' })
  @Max(YEAR_COMPASS_SECTION_COUNT, { message: 'sectionNumber must be a whole number from 1 to 19.' })
  sectionNumber: number;

  @ApiProperty({ description: 'An image box of that section.', example: 's11_picture' })
  @IsString({ message: 'boxId must be text.' })
  @MaxLength(YEAR_COMPASS_LIMITS.boxIdMax, { message: 'Unknown box id.' })
  boxId: string;
}

export class YearCompassImageResponseDto implements YearCompassImageResponse {
  @ApiProperty({ example: IMAGE_URL_EXAMPLE }) imageUrl: string;
}

export class YearCompassImageUploadDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: `PNG, JPEG, WebP or GIF (by content), at most ${UPLOAD_LIMITS.yearCompassImageBytes / 1024 / 1024} MB.`,
  })
  image: unknown;
}
