import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/**
 * The caller's address for per-address rate limits: with TRUST_PROXY the address the proxy
 * saw (X-Forwarded-For), else the socket's.
 */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** clientIp() as a controller parameter. */
export const ClientIp = createParamDecorator((_data: unknown, context: ExecutionContext): string =>
  clientIp(context.switchToHttp().getRequest<Request>()),
);

/**
 * The network an address belongs to, for limits meant per client: an IPv4 address as it is,
 * an IPv6 address by its /64 prefix (one household or server gets a whole /64, so counting
 * single IPv6 addresses would give one client billions of allowances).
 */
export function clientNetwork(ip: string): string {
  const address = ip.replace(/^::ffff:/i, '');
  if (!address.includes(':')) return address;
  const [head, tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = address.includes('::') ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}
