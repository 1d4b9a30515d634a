import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { requestContext } from './logger';

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Polled by load balancers and monitors every few seconds: not worth a line each at info. */
const HEALTH_PATH = '/api/health';

/** Marks a response as routine (the SPA's files), or not again: a routine one's access line is written at debug. */
export function markRoutine(res: Response, routine = true): void {
  res.locals.routineRequest = routine;
}

/** Failures are errors; health checks and the SPA's files are debug, so the info log shows what people do. */
export function accessLogLevel(path: string, status: number, routine: boolean): 'error' | 'info' | 'debug' {
  if (status >= 500) return 'error';
  return routine || path === HEALTH_PATH ? 'debug' : 'info';
}

/**
 * Gives every request an id (kept from X-Request-Id when well-formed), echoes it in the
 * response, and writes one access line: method, path without query (tokens travel in
 * queries), status and duration. Bodies, cookies and headers are never logged.
 */
export function requestLogging(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    requestContext.run({ requestId }, () => {
      res.on('finish', () => {
        const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
        const path = req.originalUrl.split('?')[0];
        const level = accessLogLevel(path, res.statusCode, res.locals.routineRequest === true);
        logger[level](
          { requestId, method: req.method, path, status: res.statusCode, durationMs: Math.round(durationMs) },
          'request',
        );
      });
      next();
    });
  };
}
