import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import passport from 'passport';
import { Strategy } from 'passport-local';
import { clientIp } from '../../../core/security/client-ip.decorator';
import type { UserEntity } from '../../users/entities/user.entity';
import { AuthService } from '../auth.service';

/** Instances registered as 'local', newest last (see onModuleDestroy). */
const registered: LocalStrategy[] = [];

/**
 * Passport's e-mail and password login. The check itself (dummy-hash timing for unknown
 * e-mails, failures counted per account and in a row per account and address, the distinct
 * "not verified" answer) is AuthService.verifyCredentials; a refusal is thrown as
 * LoginRefusedException, which the route's filter answers with the login body. The body is
 * validated and the rate limits applied by guards that run before LocalAuthGuard.
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') implements OnModuleDestroy {
  constructor(private readonly auth: AuthService) {
    // The request gives the client address, which failures in a row are counted by.
    super({ usernameField: 'email', passwordField: 'password', session: false, passReqToCallback: true });
    registered.push(this);
  }

  validate(req: Request, email: string, password: string): Promise<UserEntity> {
    return this.auth.verifyCredentials(email, password, clientIp(req));
  }

  /**
   * Passport keeps strategies in one registry per process. When an app closes while another
   * in the same process lives on (integration tests start several), 'local' must point at a
   * live app's strategy again, not at the closed one.
   */
  onModuleDestroy(): void {
    const index = registered.indexOf(this);
    if (index === -1) return;
    registered.splice(index, 1);
    const current = registered.at(-1);
    if (current) passport.use('local', current);
    else passport.unuse('local');
  }
}
