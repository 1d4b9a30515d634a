import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Post,
  Put,
  Req,
  Res,
  StreamableFile,
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTooManyRequestsResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  UPLOAD_LIMITS,
  type MessageResponse,
  type PortraitResponse,
  type ProfileResponse,
  type ProfileUpdateResponse,
} from '@clari/contracts';
import { SESSION_COOKIE_NAME } from '../auth/auth.constants';
import { MessageResponseDto } from '../auth/dto/auth.dto';
import { CurrentUser, SessionAuthGuard } from '../auth/guards/session-auth.guard';
import type { UserEntity } from '../users/entities/user.entity';
import {
  PortraitResponseDto,
  PortraitUploadDto,
  ProfileResponseDto,
  ProfileUpdateDto,
  ProfileUpdateResponseDto,
} from './dto/profile.dto';
import { ProfileService } from './profile.service';
import { RATE_LIMITED_RESPONSE, UNAUTHORIZED_RESPONSE } from '../../core/swagger-responses';

@ApiTags('profile')
@ApiCookieAuth()
@ApiUnauthorizedResponse(UNAUTHORIZED_RESPONSE)
@UseGuards(SessionAuthGuard)
@Controller('api')
export class ProfileController {
  constructor(
    private readonly profile: ProfileService,
    @Inject(SESSION_COOKIE_NAME) private readonly cookieName: string,
  ) {}

  @Get('profile')
  @ApiOperation({ summary: 'Your profile' })
  @ApiOkResponse({ type: ProfileResponseDto })
  get(@CurrentUser() user: UserEntity): ProfileResponse {
    return this.profile.get(user);
  }

  @Put('update')
  @ApiOperation({
    summary: 'Update your profile',
    description:
      'Name and language change at once; a new e-mail address is used only after its verification link is followed. The answer is the same whether or not another account uses the address (its owner is told by e-mail instead); confirmations are limited per account and per address (429).',
  })
  @ApiOkResponse({ type: ProfileUpdateResponseDto })
  @ApiBadRequestResponse({
    schema: { example: { statusCode: 400, message: 'Please enter a valid e-mail address.', error: 'Bad Request' } },
  })
  @ApiTooManyRequestsResponse(RATE_LIMITED_RESPONSE)
  update(@CurrentUser() user: UserEntity, @Body() body: ProfileUpdateDto): Promise<ProfileUpdateResponse> {
    return this.profile.update(user, body);
  }

  @Delete('delete')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Delete your account',
    description: 'Removes the account and all of its data in every module, and ends all of its sessions.',
  })
  @ApiOkResponse({ type: MessageResponseDto })
  async delete(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentUser() user: UserEntity,
  ): Promise<MessageResponse> {
    const result = await this.profile.delete(req, user);
    res.clearCookie(this.cookieName, { path: '/' });
    return result;
  }

  @Get('export')
  @ApiOperation({
    summary: 'Download all your data',
    description: 'Every module’s data of the signed-in user as one JSON file.',
  })
  @ApiOkResponse({
    description:
      'A JSON download (Content-Disposition: attachment): when and in which format it was written, then one section per module (account, portrait, valueExplorer, …), each as that module stores it.',
    schema: {
      type: 'object',
      required: ['exportedAt', 'format'],
      properties: {
        exportedAt: { type: 'string', format: 'date-time', example: '2026-11-20T10:00:00.000Z' },
        format: { type: 'string', enum: ['clari-export/1'] },
      },
      // A module added later brings its own section.
      additionalProperties: true,
      example: {
        exportedAt: '2026-11-20T10:00:00.000Z',
        format: 'clari-export/1',
        account: { email: 'anna@example.com' },
        portrait: null,
      },
    },
  })
  async export(
    @Res({ passthrough: true }) res: Response,
    @CurrentUser() user: UserEntity,
  ): Promise<Record<string, unknown>> {
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="clari-export-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    res.setHeader('Cache-Control', 'no-store');
    return this.profile.export(user);
  }

  @Get('profile/portrait')
  @ApiOperation({
    summary: 'Your portrait’s URL',
    description: 'null without a portrait; the URL changes whenever the portrait does.',
  })
  @ApiOkResponse({ type: PortraitResponseDto })
  portrait(@CurrentUser() user: UserEntity): Promise<PortraitResponse> {
    return this.profile.portrait(user);
  }

  @Get('profile/portrait/image')
  @ApiOperation({ summary: 'Your portrait image', description: 'Served only to its owner.' })
  // Only the image is WebP; errors are JSON like everywhere (the document's completion keeps them so).
  @ApiOkResponse({
    description: 'The image bytes (WebP).',
    content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiNotFoundResponse({
    schema: { example: { statusCode: 404, message: 'No portrait has been uploaded.', error: 'Not Found' } },
  })
  async portraitImage(
    @Res({ passthrough: true }) res: Response,
    @CurrentUser() user: UserEntity,
  ): Promise<StreamableFile> {
    const { data, mimeType } = await this.profile.portraitImage(user);
    // The URL carries a version, so the browser may keep it; only this user's browser has it.
    res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
    return new StreamableFile(data, { type: mimeType, length: data.length });
  }

  @Post('profile/portrait/upload')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('portrait', { limits: { fileSize: UPLOAD_LIMITS.portraitBytes, files: 1 } }))
  @ApiOperation({
    summary: 'Upload a portrait',
    description: 'PNG, JPEG, WebP or GIF by content, at most 5 MB; resized and re-encoded without metadata.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: PortraitUploadDto })
  @ApiOkResponse({ type: PortraitResponseDto })
  @ApiPayloadTooLargeResponse({
    schema: {
      example: {
        statusCode: 413,
        message: 'The image is too large: at most 5 MB.',
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
  upload(
    @CurrentUser() user: UserEntity,
    @UploadedFile() file: Express.Multer.File | undefined,
  ): Promise<PortraitResponse> {
    return this.profile.uploadPortrait(user, file?.buffer);
  }
}
