import { STATUS_CODES } from 'node:http';
import express from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { REQUEST_LIMITS, REQUEST_MESSAGES, invalidTextMessage } from '@clari/contracts';

/**
 * JSON bodies are read here, before the session, guards or validation run, so that a large,
 * deep or malformed body costs little: each route gets a byte limit sized for what the SPA
 * can legitimately send, nesting is counted on the raw bytes before JSON.parse, and every
 * string is checked for NUL and unpaired surrogates (which PostgreSQL and validators choke on).
 */

const KB = 1024;

/**
 * Upper bounds, with room, of the largest valid body (3 bytes per character for non-Latin
 * text, JSON escapes and field names included). Routes not listed get DEFAULT_LIMIT.
 */
const ROUTE_LIMITS: readonly (readonly [RegExp, number])[] = [
  // A Year Compass section's boxes or a Value Explorer summary as conversationData (150,000 characters) plus a 4,000-character message.
  [/^\/api\/ai-assistant\/(chat|clear-conversation)$/, 512 * KB],
  // 8 areas × 20 goals of 500 characters, values, obstacles and a 20,000-character summary: about 105,000 characters.
  [/^\/api\/value-explorer\/data$/, 512 * KB],
  // A section's 10 boxes of 10,000 characters.
  [/^\/api\/yearcompass\/section\/[^/]+$/, 512 * KB],
  // One box or an image prompt: 10,000 characters.
  [/^\/api\/yearcompass\/(section\/[^/]+\/box\/[^/]+|yc-generate-image)$/, 64 * KB],
  // A 100,000-character transcript.
  [/^\/conversation-to-journal$/, 512 * KB],
  // A reflection (20,000 characters) with its 20 takeaways (2,200 each).
  [/^\/reflect\//, 256 * KB],
  // E-mail, password, name, token, language, status: a few hundred characters.
  [/^\/api\/(auth|email|interview)\//, 8 * KB],
  [/^\/api\/update$/, 8 * KB],
];
const DEFAULT_LIMIT = 16 * KB;

/** Multipart uploads, read by multer in their routes; every other route takes JSON only. */
const UPLOAD_ROUTES: readonly RegExp[] = [
  /^\/(api\/)?transcribe$/,
  /^\/api\/profile\/portrait\/upload$/,
  /^\/api\/yearcompass\/upload-image\/[^/]+\/[^/]+$/,
];

type BodyError = Error & { status: number; type: string };

function bodyError(status: number, type: string, message: string): BodyError {
  return Object.assign(new Error(message), { status, type });
}

/** Express paths are case-insensitive and accept one trailing slash; the tables match the same way. */
function routePath(req: Request): string {
  const path = req.path.toLowerCase();
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export function jsonBodyLimit(path: string): number {
  return ROUTE_LIMITS.find(([pattern]) => pattern.test(path))?.[1] ?? DEFAULT_LIMIT;
}

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/**
 * Refuses JSON nested deeper than `max` by counting brackets outside strings: one pass over
 * the bytes, before JSON.parse and long before class-transformer (which recursed into a
 * stack overflow at about 1,500 levels).
 */
export function jsonDepthExceeds(buffer: Buffer, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buffer.length; i++) {
    const byte = buffer[i];
    if (inString) {
      if (byte === 0x5c)
        i++; // skip the escaped byte (\" or \\)
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) {
      inString = true;
    } else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > max) return true;
    } else if (byte === 0x7d || byte === 0x5d) {
      depth--;
    }
  }
  return false;
}

/** NUL, or a high surrogate not followed by a low one, or a low one without a high one before it (fixed-width look-arounds: linear). */
const INVALID_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string holds NUL or half of a surrogate pair. */
export function isInvalidText(text: string): boolean {
  return INVALID_TEXT.test(text);
}

/**
 * The path of the first string (value or key) holding NUL or an unpaired surrogate, e.g.
 * `conversationData.boxes[2].content`, or undefined when all text is clean. Recursion is
 * bounded by the depth limit checked before parsing.
 */
export function findInvalidText(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isInvalidText(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findInvalidText(value[index], `${path}[${index}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      if (isInvalidText(key)) return path ? `A key in ${path}` : 'A field name';
      const found = findInvalidText(item, field);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The characters of all strings and keys in a JSON-like value; stops walking once the count passes `max`. */
export function textLength(value: unknown, max: number): number {
  let total = 0;
  const visit = (item: unknown): void => {
    if (total > max) return;
    if (typeof item === 'string') total += item.length;
    else if (Array.isArray(item)) item.forEach(visit);
    else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (total > max) return;
        total += key.length;
        visit(child);
      }
    }
  };
  visit(value);
  return total;
}

const parsers = new Map<number, RequestHandler>();

function parserFor(limit: number): RequestHandler {
  let parser = parsers.get(limit);
  if (!parser) {
    parser = express.json({
      limit,
      type: () => true, // the content type was checked before
      verify: (_req, _res, buffer) => {
        if (jsonDepthExceeds(buffer, REQUEST_LIMITS.jsonDepthMax))
          throw bodyError(400, 'entity.too.deep', REQUEST_MESSAGES.tooDeep);
      },
    });
    parsers.set(limit, parser);
  }
  return parser;
}

/**
 * Reads the JSON body of every route but the uploads: 415 unless it is application/json,
 * 413 over the route's limit, 400 when malformed, too deep, not an object, or holding NUL
 * or unpaired surrogates (naming the field). A request without a body keeps req.body
 * undefined; the validation pipe refuses that where a route expects one.
 */
export function jsonBody(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const path = routePath(req);
    if (!hasBody(req) || UPLOAD_ROUTES.some((pattern) => pattern.test(path))) return next();
    if (!req.is('application/json'))
      return next(bodyError(415, 'entity.unsupported.type', REQUEST_MESSAGES.unsupportedType));
    parserFor(jsonBodyLimit(path))(req, res, (error?: unknown) => {
      if (error) return next(error);
      const body: unknown = req.body;
      if (!body || typeof body !== 'object' || Array.isArray(body))
        return next(bodyError(400, 'entity.not.object', REQUEST_MESSAGES.bodyNotObject));
      const field = findInvalidText(body);
      if (field !== undefined) return next(bodyError(400, 'entity.invalid.text', invalidTextMessage(field)));
      next();
    });
  };
}

/** Answers the errors above, and body-parser's own, in the common error shape before any route runs. */
export function jsonBodyErrors(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  const { status, type, message, limit } = (error ?? {}) as Partial<BodyError> & { limit?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500 || typeof type !== 'string') return next(error);
  const text =
    type === 'entity.parse.failed'
      ? REQUEST_MESSAGES.bodyNotJson
      : type === 'entity.too.large'
        ? `The request is too large${typeof limit === 'number' ? ` (at most ${Math.round(limit / KB)} KB here)` : ''}.`
        : (message ?? 'Bad request');
  res.status(status).json({ statusCode: status, message: text, error: STATUS_CODES[status] ?? 'Error' });
}
