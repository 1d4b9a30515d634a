import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthCheckResponse, LoginResponse, MessageResponse, VerifyEmailResponse } from '@clari/contracts';
import { ValidBodyGuard } from '../../core/security/validation';
import { SESSION_COOKIE_NAME } from './auth.constants';
import { AuthService } from './auth.service';
import {
  AuthCheckResponseDto,
  ChangePasswordDto,
  LoginDto,
  LoginResponseDto,
  LogoutResponseDto,
  MessageResponseDto,
  RegisterDto,
  ResendVerificationDto,
  ResetPasswordConfirmDto,
  ResetPasswordDto,
  VerifyEmailQueryDto,
  VerifyEmailResponseDto,
} from './dto/auth.dto';
import { LocalAuthGuard } from './guards/local-auth.guard';
import { LoginRateLimitGuard } from './guards/login-rate-limit.guard';
import { CurrentUser, SessionAuthGuard } from './guards/session-auth.guard';
import { LoginRefusedFilter } from './login-refused';
import type { UserEntity } from '../users/entities/user.entity';

const ERROR_EXAMPLE = (statusCode: number, message: string, error: string, code?: string) => ({
  schema: { example: { statusCode, message, error, ...(code ? { code } : {}) } },
});

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(SESSION_COOKIE_NAME) private readonly cookieName: string,
  ) {}

  @Get('check')
  @ApiOperation({
    summary: 'Session check',
    description: 'Whether the session cookie belongs to a signed-in user, and who.',
  })
  @ApiOkResponse({
    type: AuthCheckResponseDto,
    example: {
      authenticated: true,
      user: {
        email: 'anna@example.com',
        full_name: 'Anna Svensson',
        language: 'sv',
        is_clinician: false,
        role: 'user',
      },
    },
  })
  check(@Req() req: Request): Promise<AuthCheckResponse> {
    return this.auth.check(req);
  }

  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Log in',
    description: 'Starts a new session (a new session id) for a verified account. Rate-limited per IP and per account.',
  })
  @ApiOkResponse({
    type: LoginResponseDto,
    example: {
      success: true,
      user: {
        email: 'anna@example.com',
        full_name: 'Anna Svensson',
        language: 'sv',
        is_clinician: false,
        role: 'user',
      },
    },
  })
  @ApiUnauthorizedResponse({
    type: LoginResponseDto,
    example: { success: false, error: 'Invalid e-mail or password.', code: 'invalid_credentials' },
  })
  @ApiForbiddenResponse({
    type: LoginResponseDto,
    description: 'The e-mail address is not verified yet.',
    example: {
      success: false,
      error: 'Please verify your e-mail address before logging in.',
      code: 'email_not_verified',
    },
  })
  @ApiTooManyRequestsResponse({
    type: LoginResponseDto,
    example: { success: false, error: 'Too many attempts. Please wait a while and try again.', code: 'rate_limited' },
  })
  @ApiBadRequestResponse(ERROR_EXAMPLE(400, 'Please enter a valid e-mail address.', 'Bad Request'))
  // In order: the body's validation (400), the per-IP and per-account limits, passport's check
  // of the password; a refusal is answered with the login body by LoginRefusedFilter.
  @UseGuards(ValidBodyGuard(LoginDto), LoginRateLimitGuard, LocalAuthGuard)
  @UseFilters(LoginRefusedFilter)
  login(@Req() req: Request, @CurrentUser() user: UserEntity, @Body() _body: LoginDto): Promise<LoginResponse> {
    return this.auth.completeLogin(req, user);
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Log out', description: 'Ends the session and clears the cookie. Always succeeds.' })
  @ApiOkResponse({ type: LogoutResponseDto })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ success: true }> {
    await this.auth.logout(req);
    res.clearCookie(this.cookieName, { path: '/' });
    return { success: true };
  }

  @Post('register')
  @ApiOperation({
    summary: 'Sign up',
    description:
      'Creates an account and sends a verification e-mail in the chosen language. Answers the same whether or not the e-mail already has an account. Rate-limited per IP and per e-mail.',
  })
  @ApiCreatedResponse({ type: MessageResponseDto })
  @ApiBadRequestResponse(
    ERROR_EXAMPLE(
      400,
      'This password is too common. Please choose one that is harder to guess.',
      'Bad Request',
      'password_too_common',
    ),
  )
  @ApiTooManyRequestsResponse(
    ERROR_EXAMPLE(429, 'Too many attempts. Please wait a while and try again.', 'Too Many Requests', 'rate_limited'),
  )
  register(@Req() req: Request, @Body() body: RegisterDto): Promise<MessageResponse> {
    return this.auth.register(req, {
      email: body.email,
      password: body.password,
      fullName: body.full_name,
      language: body.language,
    });
  }

  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Ask for a password reset link',
    description: 'Sends a link valid for 1 hour. Answers the same whether or not the e-mail has an account.',
  })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiTooManyRequestsResponse(
    ERROR_EXAMPLE(429, 'Too many attempts. Please wait a while and try again.', 'Too Many Requests', 'rate_limited'),
  )
  requestReset(@Req() req: Request, @Body() body: ResetPasswordDto): Promise<MessageResponse> {
    return this.auth.requestPasswordReset(req, body.email);
  }

  @Post('reset-password/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Set a new password from a reset link',
    description: 'The token works once. Every session of the account is ended.',
  })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiBadRequestResponse(
    ERROR_EXAMPLE(
      400,
      'This link is invalid or has expired. Please ask for a new one.',
      'Bad Request',
      'token_invalid',
    ),
  )
  @ApiTooManyRequestsResponse(
    ERROR_EXAMPLE(429, 'Too many attempts. Please wait a while and try again.', 'Too Many Requests', 'rate_limited'),
  )
  confirmReset(@Req() req: Request, @Body() body: ResetPasswordConfirmDto): Promise<MessageResponse> {
    return this.auth.confirmPasswordReset(req, body.token, body.newPassword);
  }

  @Post('change-password')
  @HttpCode(200)
  @UseGuards(SessionAuthGuard)
  @ApiCookieAuth()
  @ApiOperation({
    summary: 'Change password',
    description: 'Needs the current password. Ends the user’s other sessions and renews this session’s id.',
  })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiBadRequestResponse(
    ERROR_EXAMPLE(400, 'Your current password is not correct.', 'Bad Request', 'password_incorrect'),
  )
  @ApiUnauthorizedResponse(ERROR_EXAMPLE(401, 'Please log in to continue.', 'Unauthorized', 'not_authenticated'))
  @ApiTooManyRequestsResponse(
    ERROR_EXAMPLE(429, 'Too many attempts. Please wait a while and try again.', 'Too Many Requests', 'rate_limited'),
  )
  changePassword(
    @Req() req: Request,
    @CurrentUser() user: UserEntity,
    @Body() body: ChangePasswordDto,
  ): Promise<MessageResponse> {
    return this.auth.changePassword(req, user, body.currentPassword, body.newPassword);
  }
}

@ApiTags('auth')
@Controller('api/email')
export class EmailController {
  constructor(private readonly auth: AuthService) {}

  @Get('verify')
  @ApiOperation({
    summary: 'Verify an e-mail address',
    description:
      'Follows a verification link (signup or e-mail change). The token works once, for 24 hours; a signup link followed again after it worked answers 200 with alreadyVerified, so the person is not told the link is invalid.',
  })
  @ApiOkResponse({ type: VerifyEmailResponseDto })
  @ApiBadRequestResponse(
    ERROR_EXAMPLE(
      400,
      'This link is invalid or has expired. Please ask for a new one.',
      'Bad Request',
      'token_invalid',
    ),
  )
  @ApiConflictResponse(
    ERROR_EXAMPLE(409, 'That e-mail address is already used by another account.', 'Conflict', 'email_taken'),
  )
  @ApiTooManyRequestsResponse(
    ERROR_EXAMPLE(429, 'Too many attempts. Please wait a while and try again.', 'Too Many Requests', 'rate_limited'),
  )
  verify(@Req() req: Request, @Query() query: VerifyEmailQueryDto): Promise<VerifyEmailResponse> {
    return this.auth.verifyEmail(req, query.token);
  }

  @Post('resend-verification')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send a new verification link',
    description: 'Answers the same whether or not the e-mail has an account waiting for verification.',
  })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiTooManyRequestsResponse(
    ERROR_EXAMPLE(429, 'Too many attempts. Please wait a while and try again.', 'Too Many Requests', 'rate_limited'),
  )
  resend(@Req() req: Request, @Body() body: ResendVerificationDto): Promise<MessageResponse> {
    return this.auth.resendVerification(req, body.email);
  }
}
