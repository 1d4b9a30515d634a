import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Equals, IsBoolean, IsEmail, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import {
  ACCOUNT_LIMITS,
  LANGUAGES,
  type AuthCheckResponse,
  type ChangePasswordRequest,
  type Language,
  type LoginRequest,
  type MessageResponse,
  type RegisterRequest,
  type ResendVerificationRequest,
  type VerifyEmailResponse,
  type ResetPasswordConfirmRequest,
  type ResetPasswordRequest,
  type SessionUser,
  type UserRole,
} from '@clari/contracts';

export class SessionUserDto implements SessionUser {
  @ApiProperty({ format: 'email', example: 'anna@example.com' }) email: string;
  @ApiProperty({ example: 'Anna Svensson' }) full_name: string;
  @ApiProperty({ enum: LANGUAGES, example: 'sv' }) language: Language;
  @ApiProperty({ example: false }) is_clinician: boolean;
  @ApiProperty({ enum: ['user', 'admin'], example: 'user' }) role: UserRole;
}

export class AuthCheckResponseDto implements AuthCheckResponse {
  @ApiProperty({ example: true }) authenticated: boolean;
  @ApiPropertyOptional({ type: SessionUserDto }) user?: SessionUserDto;
}

export class MessageResponseDto implements MessageResponse {
  @ApiProperty({ example: 'Done.' }) message: string;
}

export class VerifyEmailResponseDto extends MessageResponseDto implements VerifyEmailResponse {
  @ApiPropertyOptional({
    example: true,
    description:
      'Present when the signup link had already been used and the address is verified: the link was followed again.',
  })
  alreadyVerified?: boolean;
}

export class LogoutResponseDto {
  @ApiProperty({ enum: [true], example: true }) success: true;
}

export class LoginResponseDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiPropertyOptional({ type: SessionUserDto }) user?: SessionUserDto;
  @ApiPropertyOptional({ example: 'Invalid e-mail or password.' }) error?: string;
  @ApiPropertyOptional({ enum: ['invalid_credentials', 'email_not_verified', 'rate_limited'] }) code?: string;
}

const EMAIL_MESSAGE = { message: 'Please enter a valid e-mail address.' };

export class LoginDto implements LoginRequest {
  @ApiProperty({ format: 'email', maxLength: ACCOUNT_LIMITS.emailMax, example: 'anna@example.com' })
  @IsEmail({}, EMAIL_MESSAGE)
  @MaxLength(ACCOUNT_LIMITS.emailMax)
  email: string;

  @ApiProperty({ example: 'correct horse battery staple' })
  @IsString()
  @MinLength(1, { message: 'Please enter your password.' })
  @MaxLength(ACCOUNT_LIMITS.passwordMax)
  password: string;
}

export class RegisterDto implements RegisterRequest {
  @ApiProperty({ format: 'email', example: 'anna@example.com', maxLength: ACCOUNT_LIMITS.emailMax })
  @IsEmail({}, EMAIL_MESSAGE)
  @MaxLength(ACCOUNT_LIMITS.emailMax)
  email: string;

  @ApiProperty({
    example: 'correct horse battery staple',
    minLength: ACCOUNT_LIMITS.passwordMin,
    maxLength: ACCOUNT_LIMITS.passwordMax,
    description: 'Refused when among the most common passwords.',
  })
  @IsString()
  password: string;

  @ApiProperty({ example: 'Anna Svensson', maxLength: ACCOUNT_LIMITS.fullNameMax })
  @IsString()
  @MinLength(1, { message: 'Please enter your full name.' })
  @MaxLength(ACCOUNT_LIMITS.fullNameMax, {
    message: `Full name must be at most ${ACCOUNT_LIMITS.fullNameMax} characters.`,
  })
  full_name: string;

  @ApiProperty({ enum: LANGUAGES, example: 'sv' })
  @IsIn(LANGUAGES, { message: 'Language must be en or sv.' })
  language: Language;

  @ApiProperty({ example: true, description: 'Must be true.' })
  @IsBoolean()
  @Equals(true, { message: 'You must accept the terms to create an account.' })
  termsAccepted: boolean;
}

export class ResendVerificationDto implements ResendVerificationRequest {
  @ApiProperty({ format: 'email', maxLength: ACCOUNT_LIMITS.emailMax, example: 'anna@example.com' })
  @IsEmail({}, EMAIL_MESSAGE)
  @MaxLength(ACCOUNT_LIMITS.emailMax)
  email: string;

  @ApiPropertyOptional({ enum: LANGUAGES, description: 'Used when the account has no language yet.' })
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;
}

export class ResetPasswordDto implements ResetPasswordRequest {
  @ApiProperty({ format: 'email', maxLength: ACCOUNT_LIMITS.emailMax, example: 'anna@example.com' })
  @IsEmail({}, EMAIL_MESSAGE)
  @MaxLength(ACCOUNT_LIMITS.emailMax)
  email: string;
}

export class ResetPasswordConfirmDto implements ResetPasswordConfirmRequest {
  @ApiProperty({ description: 'The token from the e-mail link.' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  token: string;

  @ApiProperty({ minLength: ACCOUNT_LIMITS.passwordMin, maxLength: ACCOUNT_LIMITS.passwordMax })
  @IsString()
  newPassword: string;
}

export class ChangePasswordDto implements ChangePasswordRequest {
  @ApiProperty()
  @IsString()
  @MinLength(1, { message: 'Please enter your current password.' })
  @MaxLength(ACCOUNT_LIMITS.passwordMax)
  currentPassword: string;

  @ApiProperty({ minLength: ACCOUNT_LIMITS.passwordMin, maxLength: ACCOUNT_LIMITS.passwordMax })
  @IsString()
  newPassword: string;
}

export class VerifyEmailQueryDto {
  @ApiProperty({ description: 'The token from the verification link.' })
  @IsString()
  @MinLength(1, { message: 'Invalid verification token' })
  @MaxLength(200)
  token: string;
}
