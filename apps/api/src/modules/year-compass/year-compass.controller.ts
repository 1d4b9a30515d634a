import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Res,
  StreamableFile,
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCookieAuth,
  ApiGatewayTimeoutResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import {
  UPLOAD_LIMITS,
  YEAR_COMPASS_SECTION_COUNT,
  type YearCompassBox,
  type YearCompassImageResponse,
  type YearCompassSectionData,
  type YearCompassSectionSummary,
} from '@clari/contracts';
import { CurrentUser, SessionAuthGuard } from '../auth/guards/session-auth.guard';
import type { UserEntity } from '../users/entities/user.entity';
import {
  YearCompassBoxDto,
  YearCompassGenerateImageDto,
  YearCompassImageResponseDto,
  YearCompassImageUploadDto,
  YearCompassSaveBoxDto,
  YearCompassSaveSectionDto,
  YearCompassSectionDataDto,
  YearCompassSectionSummaryDto,
} from './dto/year-compass.dto';
import { SectionNumberPipe } from './section-number.pipe';
import { YEAR_COMPASS_MESSAGES } from './year-compass.constants';
import { YearCompassImagesService } from './year-compass-images.service';
import { YearCompassService } from './year-compass.service';
import { QUEUE_UNAVAILABLE_EXAMPLE, RATE_LIMITED_RESPONSE, UNAUTHORIZED_RESPONSE } from '../../core/swagger-responses';

const INVALID_SECTION = {
  statusCode: 400,
  message: YEAR_COMPASS_MESSAGES.invalidSection,
  error: 'Bad Request',
  code: 'invalid_section',
};
/** A route's own 400 beside the one every section path answers. */
const badRequest = (own?: Record<string, unknown>) => ({
  examples: {
    ...(own
      ? {
          [String(own.code ?? 'invalid')]: {
            summary: String(own.message),
            value: { statusCode: 400, error: 'Bad Request', ...own },
          },
        }
      : {}),
    invalid_section: { summary: 'A section number outside 1–19', value: INVALID_SECTION },
  },
});
const UNKNOWN_BOX = {
  schema: {
    example: { statusCode: 404, message: YEAR_COMPASS_MESSAGES.unknownBox, error: 'Not Found', code: 'unknown_box' },
  },
};
const SECTION_PARAM = {
  name: 'n',
  type: 'integer',
  minimum: 1,
  maximum: YEAR_COMPASS_SECTION_COUNT,
  description: 'The section, 1–19 (1–12 look back at the past year, 13–19 plan the next). Anything else answers 400.',
  example: 3,
};
const IMAGE_SECTION_PARAM = { ...SECTION_PARAM, name: 'sectionNumber', example: 11 };
const BOX_PARAM = { name: 'boxId', description: 'A box id of that section (404 otherwise).', example: 's11_picture' };
const LANG_QUERY = {
  name: 'lang',
  required: false,
  enum: ['en', 'sv'],
  description: 'The texts’ language; default the user’s.',
};

@ApiTags('year-compass')
@ApiCookieAuth()
@ApiUnauthorizedResponse(UNAUTHORIZED_RESPONSE)
@UseGuards(SessionAuthGuard)
@Controller('api/yearcompass')
export class YearCompassController {
  constructor(
    private readonly yearCompass: YearCompassService,
    private readonly images: YearCompassImagesService,
  ) {}

  @Get('sections')
  @ApiOperation({
    summary: 'The 19 sections for the sidebar',
    description:
      'Section numbers with their nav texts in the user’s language (or ?lang=). Sections up to 12 belong under the past-year heading, the rest under the future-year heading.',
  })
  @ApiQuery(LANG_QUERY)
  @ApiOkResponse({ type: [YearCompassSectionSummaryDto] })
  @ApiBadRequestResponse({
    schema: { example: { statusCode: 400, message: YEAR_COMPASS_MESSAGES.invalidLanguage, error: 'Bad Request' } },
  })
  sections(@CurrentUser() user: UserEntity, @Query('lang') lang?: string): YearCompassSectionSummary[] {
    return this.yearCompass.sections(user, lang);
  }

  @Get('section/:n')
  @ApiOperation({
    summary: 'One section with your boxes',
    description:
      'Nav text, title, instruction and boxes in the user’s language (or ?lang=), with the years computed (from October on, the past year is the current one), each box with the saved content and the picture’s URL (null without one).',
  })
  @ApiParam(SECTION_PARAM)
  @ApiQuery(LANG_QUERY)
  @ApiOkResponse({ type: YearCompassSectionDataDto })
  @ApiBadRequestResponse({ schema: { example: INVALID_SECTION } })
  section(
    @CurrentUser() user: UserEntity,
    @Param('n', SectionNumberPipe) sectionNumber: number,
    @Query('lang') lang?: string,
  ): Promise<YearCompassSectionData> {
    return this.yearCompass.section(user, sectionNumber, lang);
  }

  @Put('section/:n')
  @ApiOperation({
    summary: 'Save a whole section (Save Changes)',
    description:
      'Saves the listed boxes of the section in one transaction: all of them or none. Boxes not listed keep their text; content is trimmed, at most 10000 characters, empty clears a box. Answers the saved section; the SPA then shows “Section saved successfully.”.',
  })
  @ApiParam(SECTION_PARAM)
  @ApiOkResponse({ type: YearCompassSectionDataDto })
  @ApiBadRequestResponse(badRequest({ message: 'Section 3 has no box "s4_how".', code: 'unknown_box' }))
  saveSection(
    @CurrentUser() user: UserEntity,
    @Param('n', SectionNumberPipe) sectionNumber: number,
    @Body() body: YearCompassSaveSectionDto,
  ): Promise<YearCompassSectionData> {
    return this.yearCompass.saveSection(user, sectionNumber, body);
  }

  @Post('section/:n/box/:boxId')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Save one box',
    description:
      'Replaces the box’s text (trimmed, at most 10000 characters; empty clears it) and answers the saved box.',
  })
  @ApiParam(SECTION_PARAM)
  @ApiParam({ ...BOX_PARAM, example: 's3_moments' })
  @ApiOkResponse({ type: YearCompassBoxDto })
  @ApiBadRequestResponse(badRequest({ message: 'A box can hold at most 10000 characters.' }))
  @ApiNotFoundResponse(UNKNOWN_BOX)
  saveBox(
    @CurrentUser() user: UserEntity,
    @Param('n', SectionNumberPipe) sectionNumber: number,
    @Param('boxId') boxId: string,
    @Body() body: YearCompassSaveBoxDto,
  ): Promise<YearCompassBox> {
    return this.yearCompass.saveBox(user, sectionNumber, boxId, body.content);
  }

  @Post('yc-generate-image')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Draw a picture for an image box',
    description:
      'Runs on the images queue and waits for its job (up to 150 s). The box text, without names, e-mail addresses or phone numbers, goes to the image provider (the offline provider draws an abstract picture from it). The picture is re-encoded as WebP, stored for the box and replaces an earlier one; the answer is its URL.',
  })
  @ApiOkResponse({ type: YearCompassImageResponseDto })
  @ApiBadRequestResponse({
    schema: {
      example: {
        statusCode: 400,
        message: YEAR_COMPASS_MESSAGES.contentRequired,
        error: 'Bad Request',
        code: 'content_required',
      },
    },
  })
  @ApiNotFoundResponse(UNKNOWN_BOX)
  @ApiTooManyRequestsResponse(RATE_LIMITED_RESPONSE)
  @ApiBadGatewayResponse({
    schema: {
      example: {
        statusCode: 502,
        message: YEAR_COMPASS_MESSAGES.generationFailed,
        error: 'Bad Gateway',
        code: 'image_generation_failed',
      },
    },
  })
  @ApiGatewayTimeoutResponse({
    schema: {
      example: {
        statusCode: 504,
        message: YEAR_COMPASS_MESSAGES.generationTooSlow,
        error: 'Gateway Timeout',
        code: 'image_generation_failed',
      },
    },
  })
  @ApiServiceUnavailableResponse({ examples: { queue_unavailable: QUEUE_UNAVAILABLE_EXAMPLE } })
  generateImage(
    @CurrentUser() user: UserEntity,
    @Body() body: YearCompassGenerateImageDto,
  ): Promise<YearCompassImageResponse> {
    return this.images.generate(user, body);
  }

  @Post('upload-image/:sectionNumber/:boxId')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('image', { limits: { fileSize: UPLOAD_LIMITS.yearCompassImageBytes, files: 1 } }))
  @ApiOperation({
    summary: 'Upload a picture for an image box',
    description:
      'Multipart field image: PNG, JPEG, WebP or GIF by content, at most 10 MB. Re-encoded as WebP without metadata (camera, GPS position), at most 1600 px; replaces an earlier picture.',
  })
  @ApiParam(IMAGE_SECTION_PARAM)
  @ApiParam(BOX_PARAM)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: YearCompassImageUploadDto })
  @ApiOkResponse({ type: YearCompassImageResponseDto })
  @ApiBadRequestResponse(badRequest({ message: YEAR_COMPASS_MESSAGES.boxWithoutImage, code: 'box_without_image' }))
  @ApiNotFoundResponse(UNKNOWN_BOX)
  @ApiPayloadTooLargeResponse({
    schema: {
      example: {
        statusCode: 413,
        message: 'The image is too large: at most 10 MB.',
        error: 'Payload Too Large',
        code: 'file_too_large',
      },
    },
  })
  @ApiUnsupportedMediaTypeResponse({
    schema: {
      example: {
        statusCode: 415,
        message: 'Please choose a PNG, JPEG, WebP or GIF image.',
        error: 'Unsupported Media Type',
        code: 'unsupported_file_type',
      },
    },
  })
  @ApiTooManyRequestsResponse(RATE_LIMITED_RESPONSE)
  uploadImage(
    @CurrentUser() user: UserEntity,
    @Param('sectionNumber', SectionNumberPipe) sectionNumber: number,
    @Param('boxId') boxId: string,
    @UploadedFile() file: Express.Multer.File | undefined,
  ): Promise<YearCompassImageResponse> {
    return this.images.upload(user, sectionNumber, boxId, file?.buffer);
  }

  @Get('image/:sectionNumber/:boxId')
  @ApiOperation({
    summary: 'A picture of yours',
    description:
      'Served only to its owner: the same path gives every user their own picture, or 404. Cached privately by the browser for the version in ?v=.',
  })
  @ApiParam(IMAGE_SECTION_PARAM)
  @ApiParam(BOX_PARAM)
  @ApiQuery({
    name: 'v',
    required: false,
    description: 'The version from imageUrl (cache-busting).',
    example: '1764000000123',
  })
  // Only the image is WebP; errors are JSON like everywhere.
  @ApiOkResponse({
    description: 'The image bytes (WebP).',
    content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiBadRequestResponse(badRequest())
  @ApiNotFoundResponse({
    schema: { example: { statusCode: 404, message: YEAR_COMPASS_MESSAGES.noImage, error: 'Not Found' } },
  })
  async image(
    @Res({ passthrough: true }) res: Response,
    @CurrentUser() user: UserEntity,
    @Param('sectionNumber', SectionNumberPipe) sectionNumber: number,
    @Param('boxId') boxId: string,
    @Query('v') version?: string,
  ): Promise<StreamableFile> {
    const image = await this.images.image(user, sectionNumber, boxId);
    // A URL with the current version never changes its bytes; any other must be checked again.
    res.setHeader(
      'Cache-Control',
      version === String(image.version) ? 'private, max-age=31536000, immutable' : 'private, no-cache',
    );
    return new StreamableFile(image.data, { type: image.mimeType, length: image.data.length });
  }
}
