import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { LoginRequest } from '@clari/contracts';
import { AuthService } from '../auth.service';

/**
 * Login's per-IP and per-account limits, before LocalAuthGuard checks the password (429 with
 * the login body). The body must already be validated (ValidBodyGuard(LoginDto) before it).
 */
@Injectable()
export class LoginRateLimitGuard implements CanActivate {
  constructor(private readonly auth: AuthService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    await this.auth.assertLoginAllowed(req, (req.body as LoginRequest).email);
    return true;
  }
}
