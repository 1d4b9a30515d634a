import { NestFactory } from '@nestjs/core';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Pool } from 'pg';
import { AppModule } from '../app.module';
import { PinoNestLogger } from './logging/logger';
import { requestLogging } from './logging/request-logging.middleware';
import type { Runtime } from './runtime';
import { securityHeaders } from './security/helmet';
import { HttpExceptionFilter } from './security/http-exception.filter';
import { methodNotAllowed, type RouteTable } from './security/method-not-allowed';
import { apiAnswersNotStored } from './security/no-store';
import { originCheck } from './security/origin-check.middleware';
import { jsonBody, jsonBodyErrors } from './security/json-body';
import { createValidationPipe } from './security/validation';
import { SESSION_POOL } from './session/session.module';
import { sessionMiddleware } from './session/session';
import { mountSwagger } from './swagger';
import { spaMiddleware } from './web/spa';

const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Builds the HTTP application exactly as production runs it; the integration tests use this
 * same function. Middleware order: request id + access log, security headers, 405 for
 * unsupported methods, cross-origin refusal, compression, SPA files, JSON body (bounded), session, then the API controllers.
 */
export async function createApp(runtime: Runtime): Promise<NestExpressApplication> {
  const { config, logger } = runtime;
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(runtime), {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
    // Throw instead of exiting, so startup errors reach the caller (and the tests) intact.
    abortOnError: false,
  });
  app.disable('x-powered-by');
  // No ETag on answers: API answers are never stored (no-store), so one would only cost a hash of
  // every body; the SPA's page and files carry their own (core/web/spa.ts).
  app.set('etag', false);
  if (config.trustProxy) app.set('trust proxy', 1);
  app.use(requestLogging(logger));
  app.use(securityHeaders(config));
  // Known paths answer 405 (not 404) to methods they do not accept; nothing else runs for those.
  app.use(methodNotAllowed(() => (app.getHttpAdapter().getInstance() as { router: RouteTable }).router));
  app.use(originCheck(config));
  // Answers over 1 KB (API JSON, the SPA's files) go out gzip- or brotli-compressed when the browser asks.
  // A client that accepts no encoding (a script, an integrator's tool) skips the middleware,
  // which otherwise wraps every answer's writes to decide.
  const compress = compression({ threshold: COMPRESSION_THRESHOLD_BYTES });
  app.use((req: Request, res: Response, next: NextFunction) =>
    req.headers['accept-encoding'] ? compress(req, res, next) : next(),
  );
  // The SPA's files and pages need no session: served before it, they cost no session read.
  app.use(spaMiddleware(undefined, { sessionCookieName: config.session.cookieName }));
  app.use(apiAnswersNotStored());
  // Bodies are read and bounded before the session lookup and every guard: limits cost less than the work they prevent.
  app.use(jsonBody(), jsonBodyErrors);
  app.use(sessionMiddleware(config, app.get<Pool>(SESSION_POOL), runtime.sessionSecret).middleware);

  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  mountSwagger(app, config.session.cookieName);
  return app;
}
