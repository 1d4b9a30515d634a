import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { SessionAuthGuard } from '../../auth/guards/session-auth.guard';
import { DomainHandlerRegistry } from '../handlers/handler.registry';

/**
 * The chat call's guard: a signed-in user is put on req.user as by SessionAuthGuard; a visitor
 * passes only when the conversation domain allows anonymous use (the interview), every other
 * domain still answers 401. The domain's handler then decides which thread may be used.
 */
@Injectable()
export class ChatAccessGuard implements CanActivate {
  constructor(
    private readonly session: SessionAuthGuard,
    private readonly registry: DomainHandlerRegistry,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    try {
      return await this.session.canActivate(context);
    } catch (error) {
      if (!(error instanceof UnauthorizedException)) throw error;
      const body: unknown = context.switchToHttp().getRequest<Request>().body;
      const domain =
        body && typeof body === 'object' ? (body as { conversationDomain?: unknown }).conversationDomain : undefined;
      if (typeof domain === 'string' && this.registry.resolve(domain)?.allowsAnonymous === true) return true;
      throw error;
    }
  }
}
