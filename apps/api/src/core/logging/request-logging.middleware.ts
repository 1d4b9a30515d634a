import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { requestContext } from './logger';

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

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
        const level = res.statusCode >= 500 ? 'error' : 'info';
        logger[level](
          { requestId, method: req.method, path: req.originalUrl.split('?')[0], status: res.statusCode, durationMs: Math.round(durationMs) },
          'request',
        );
      });
      next();
    });
  };
}
