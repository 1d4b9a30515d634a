import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';

/**
 * POST /api/auth/login: LocalStrategy checks the e-mail and password and puts the account on
 * req.user. Put it after ValidBodyGuard(LoginDto) and LoginRateLimitGuard: passport-local
 * would answer a missing field itself (401), and the limits count before the password check.
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {}
