import {
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
  createParamDecorator,
} from '@nestjs/common';
import type { Request } from 'express';
import { UsersRepository } from '../../users/users.repository';
import type { UserEntity } from '../../users/entities/user.entity';
import { AccountsPolicy } from '../accounts.policy';

export interface AuthenticatedRequest extends Request {
  user: UserEntity;
}

/** 401 unless the session belongs to an existing, verified user, who is then on req.user. */
@Injectable()
export class SessionAuthGuard implements CanActivate {
  constructor(private readonly users: UsersRepository) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const userId = req.session?.userId;
    const user = userId ? await this.users.findById(userId) : null;
    if (!user) throw new UnauthorizedException({ message: 'Please log in to continue.', code: 'not_authenticated' });
    req.user = user;
    return true;
  }
}

/** 403 unless the signed-in user is an admin (by role or ADMIN_EMAILS). Use after SessionAuthGuard. */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly policy: AccountsPolicy) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!req.user || this.policy.roleOf(req.user) !== 'admin') {
      throw new ForbiddenException({ message: 'This page is only for administrators.', code: 'forbidden' });
    }
    return true;
  }
}

/** 403 unless the signed-in user is a clinician. Use after SessionAuthGuard. */
@Injectable()
export class ClinicianGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!req.user?.isClinician)
      throw new ForbiddenException({ message: 'This feature is only available for clinicians.', code: 'forbidden' });
    return true;
  }
}

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<AuthenticatedRequest>().user,
);
