import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { STATUS_CODES } from 'node:http';
import type { Response } from 'express';
import type { ApiErrorBody } from '@clari/contracts';
import { unavailableBody, unavailableDependency } from '../health/unavailable';

/**
 * One error body for every endpoint: {statusCode, message, error}. Validation messages are
 * joined into one readable sentence; an unreachable database or Redis is a 503 that says so
 * (the client may retry); other unexpected errors become a 500 without internals.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    const dependency = unavailableDependency(exception);
    if (dependency) {
      // Expected during an outage: one line, no stack, and the pools reconnect by themselves.
      this.logger.warn(
        `${dependency} unavailable: ${(exception as { message?: unknown }).message ?? String(exception)}`,
      );
      const body = unavailableBody(dependency);
      res.setHeader('Retry-After', String(body.retryAfter));
      res.status(503).json(body);
      return;
    }
    const body = this.toBody(exception);
    if (body.statusCode >= 500) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    const retryAfter = (body as { retryAfter?: unknown }).retryAfter;
    if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
    res.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown): ApiErrorBody {
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const response = exception.getResponse();
      const error = STATUS_CODES[statusCode] ?? 'Error';
      if (typeof response === 'string') return { statusCode, message: response, error };
      const { message: raw, statusCode: _s, error: _e, ...extra } = response as Record<string, unknown>;
      const message = Array.isArray(raw) ? joinSentences(raw.map(String)) : typeof raw === 'string' ? raw : error;
      // Domain errors may add fields (code, retryAfter) that clients act on.
      if (statusCode === 413 && !extra.code) extra.code = 'file_too_large';
      return { ...extra, statusCode, message, error } as ApiErrorBody;
    }
    // body-parser and multer errors carry a status (e.g. 413 payload too large, 400 bad JSON).
    const status = (exception as { status?: unknown; statusCode?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return {
        statusCode: status,
        message: describeClientError(status, exception),
        error: STATUS_CODES[status] ?? 'Error',
      };
    }
    return {
      statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
      message: 'Something went wrong. Please try again.',
      error: 'Internal Server Error',
    };
  }
}

function describeClientError(status: number, exception: unknown): string {
  if (status === 413) return 'The request is too large.';
  if (status === 400 && (exception as { type?: string }).type === 'entity.parse.failed')
    return 'The request body is not valid JSON.';
  return exception instanceof Error ? exception.message : 'Bad request';
}

/** A sentence's end: a full stop, question or exclamation mark or ellipsis, then any closing quotes or brackets. */
const SENTENCE_END = /[.!?…][)\]"'”’»]*$/;

/**
 * Validation messages as one text, each sentence ending once: "… address. Please …", never
 * "address.. Please" nor 'write "yes.". Please'.
 */
export function joinSentences(messages: readonly string[]): string {
  return messages
    .map((message) => message.trim())
    .filter(Boolean)
    .reduce((text, message) => (text ? `${text}${SENTENCE_END.test(text) ? '' : '.'} ${message}` : message), '');
}
