import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';

/**
 * The specification's table shows the save body as `{ "data": { … } }`; the SPA sends the
 * data itself. Both are accepted: a body whose only key is an object `data` is unwrapped
 * before validation (interceptors run before pipes), so the same rules apply to both.
 */
@Injectable()
export class DataEnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const body: unknown = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const keys = Object.keys(body);
      const data = (body as { data?: unknown }).data;
      if (keys.length === 1 && keys[0] === 'data' && data && typeof data === 'object' && !Array.isArray(data))
        request.body = data;
    }
    return next.handle();
  }
}
