import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import {
  ACCOUNT_LIMITS,
  LANGUAGES,
  type Language,
  type PortraitResponse,
  type ProfileResponse,
  type ProfileUpdateRequest,
  type ProfileUpdateResponse,
  type UserRole,
} from '@clari/contracts';

export class ProfileResponseDto implements ProfileResponse {
  @ApiProperty({ format: 'email', example: 'anna@example.com' }) email: string;
  @ApiProperty({ example: 'Anna Svensson' }) full_name: string;
  @ApiProperty({ enum: LANGUAGES, example: 'sv' }) language: Language;
  @ApiProperty({
    type: String,
    format: 'email',
    nullable: true,
    example: null,
    description: 'A new address waiting for verification.',
  })
  pending_email: string | null;
  @ApiProperty({ example: false }) is_clinician: boolean;
  @ApiProperty({ enum: ['user', 'admin'], example: 'user' }) role: UserRole;
  @ApiProperty({ example: '2026-03-01T09:30:00.000Z' }) created_at: string;
}

export class ProfileUpdateDto implements ProfileUpdateRequest {
  @ApiProperty({
    format: 'email',
    maxLength: ACCOUNT_LIMITS.emailMax,
    example: 'anna@example.com',
    description: 'A different address is only used after its verification link is followed.',
  })
  @IsEmail({}, { message: 'Please enter a valid e-mail address.' })
  @MaxLength(ACCOUNT_LIMITS.emailMax)
  email: string;

  @ApiProperty({ example: 'Anna Svensson', maxLength: ACCOUNT_LIMITS.fullNameMax })
  @IsString()
  @MinLength(1, { message: 'Please enter your full name.' })
  // Spaces alone are no name (the service trims, and would store an empty one).
  @Matches(/\S/, { message: 'Please enter your full name.' })
  @MaxLength(ACCOUNT_LIMITS.fullNameMax, {
    message: `Full name must be at most ${ACCOUNT_LIMITS.fullNameMax} characters.`,
  })
  fullName: string;

  @ApiProperty({ enum: LANGUAGES, example: 'sv' })
  @IsIn(LANGUAGES, { message: 'Language must be en or sv.' })
  language: Language;
}

export class ProfileUpdateResponseDto implements ProfileUpdateResponse {
  @ApiProperty({ example: 'Your profile has been updated.' }) message: string;
  @ApiProperty({ type: ProfileResponseDto }) profile: ProfileResponseDto;
  @ApiProperty({ example: false }) emailChangePending: boolean;
}

export class PortraitResponseDto implements PortraitResponse {
  @ApiProperty({ type: String, nullable: true, example: '/api/profile/portrait/image?v=3-Xq2vK8n1dP0a' }) url:
    string | null;
}

export class PortraitUploadDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'PNG, JPEG, WebP or GIF, at most 5 MB.' })
  portrait: unknown;
}
