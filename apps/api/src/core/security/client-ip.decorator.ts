import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/**
 * The caller's address for per-address rate limits: with TRUST_PROXY the address the proxy
 * saw (X-Forwarded-For), else the socket's.
 */
export const ClientIp = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const req = context.switchToHttp().getRequest<Request>();
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
});
