import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import * as path from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import OpenAPIResponseValidator from 'openapi-response-validator';

/**
 * Checks every answer of an app under test against docs/openapi.json: the status must be
 * documented for the operation, the content type must be one documented for that status,
 * and a JSON body must match its schema. Answers are captured on the HTTP server itself, so
 * supertest agents, fetch and anything else that reaches the app are all checked, each after
 * compression exactly as it went out.
 *
 * Answers are held to the document more strictly than a client would: an object schema that
 * lists properties and says nothing about others is taken as closed, so an answer cannot
 * carry a field the document does not describe.
 *
 * Rules beyond one operation's responses:
 * - an undocumented method on a documented path must answer 405 with an Allow header that
 *   lists the documented methods (the MethodNotAllowed response of the document);
 * - an undocumented path under /api/ must answer the 404 error body (NotFound);
 * - other paths (the SPA, its files, the Swagger UI) and pages the SPA answers on a path that
 *   is also an API path (a browser's GET /transcribe) are not part of the API and are skipped.
 */

const DOCUMENT_FILE = path.resolve(__dirname, '../../docs/openapi.json');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const NOT_API = /^\/api\/docs(-json)?(\/|$)/;
/** The name the document's components are known by inside the validator. */
const DOCUMENT_ID = 'openapi.json';

type Json = Record<string, unknown>;
interface MediaType {
  schema?: Json;
}
interface ResponseObject {
  description?: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, { required?: boolean }>;
  $ref?: string;
}
interface Operation {
  responses: Record<string, ResponseObject>;
}
type PathItem = Partial<Record<(typeof METHODS)[number], Operation>>;
interface Document {
  paths: Record<string, PathItem>;
  components: { schemas?: Record<string, Json>; responses?: Record<string, ResponseObject> };
}

export interface Exchange {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

export interface Verdict {
  /** Whether the answer belongs to the API (and so was checked). */
  checked: boolean;
  problems: string[];
}

interface Route {
  template: string;
  pattern: RegExp;
  literalSegments: number;
  item: PathItem;
}

/** Ways to describe a string that the document uses; anything else (binary) is not checked. */
const FORMATS = {
  email: (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  uuid: (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
  'date-time': (value: string) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)),
  binary: () => true,
};

export class OpenApiContract {
  private readonly document: Document;
  private readonly routes: Route[];
  private compiled?: { validator: OpenAPIResponseValidator; ids: Map<string, string> };

  constructor(documentFile = DOCUMENT_FILE) {
    this.document = JSON.parse(readFileSync(documentFile, 'utf8')) as Document;
    for (const schema of Object.values(this.document.components.schemas ?? {})) closeObjects(schema);
    this.routes = Object.entries(this.document.paths)
      .map(([template, item]) => {
        const segments = template.split('/').filter(Boolean);
        const source = segments
          .map((segment) => (/^\{[^}]+\}$/.test(segment) ? '[^/]+' : escapeRegExp(segment)))
          .join('/');
        // Express matches paths case-insensitively and with or without one trailing slash.
        return {
          template,
          item,
          pattern: new RegExp(`^/${source}/?$`, 'i'),
          literalSegments: segments.filter((segment) => !segment.startsWith('{')).length,
        };
      })
      // Literal paths before templated ones, as the routes are declared.
      .sort((a, b) => b.literalSegments - a.literalSegments);
  }

  /**
   * Compiles every response schema of the document at once, in one validator (one Ajv
   * instance: a new one per schema costs tens of milliseconds), so no answer waits for a
   * compilation (the bad-input tests time the event loop).
   */
  compileAll(): void {
    if (this.compiled) return;
    const schemas = new Map<string, string>();
    const responses: Record<string, { schema: Json }> = {};
    const add = (response: ResponseObject) => {
      const schema = this.resolve(response).content?.['application/json']?.schema;
      const key = schema && JSON.stringify(schema);
      if (!schema || !key || schemas.has(key)) return;
      const id = `schema${schemas.size}`;
      schemas.set(key, id);
      // References point into the document, added once, so each schema is compiled once for all answers.
      responses[id] = {
        schema: closeObjects(JSON.parse(key.replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`)) as Json),
      };
    };
    for (const item of Object.values(this.document.paths)) {
      for (const method of METHODS) for (const response of Object.values(item[method]?.responses ?? {})) add(response);
    }
    for (const response of Object.values(this.document.components.responses ?? {})) add(response);
    const validator = new OpenAPIResponseValidator({
      responses,
      externalSchemas: { [DOCUMENT_ID]: { components: this.document.components } as never },
      customFormats: FORMATS,
    });
    this.compiled = { validator, ids: schemas };
  }

  check(exchange: Exchange): Verdict {
    const pathname = decodePath(exchange.url);
    const route = this.routes.find((candidate) => candidate.pattern.test(pathname));
    if (!route) {
      if (!pathname.startsWith('/api/') || NOT_API.test(pathname)) return { checked: false, problems: [] };
      return { checked: true, problems: this.checkComponentResponse(exchange, 404, 'NotFound') };
    }
    const method = exchange.method.toLowerCase();
    if (isSpaPage(exchange, pathname)) return { checked: false, problems: [] };
    const operation = route.item[method as keyof PathItem] ?? (method === 'head' ? route.item.get : undefined);
    if (!operation) return { checked: true, problems: this.checkMethodNotAllowed(exchange, route) };
    return {
      checked: true,
      problems: this.checkOperation(exchange, `${exchange.method} ${route.template}`, operation),
    };
  }

  private checkOperation(exchange: Exchange, name: string, operation: Operation): string[] {
    const status = String(exchange.status);
    const response =
      operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
    if (!response) {
      return [
        `${name} answered ${status}, which the document does not list (it lists ${Object.keys(operation.responses).join(', ')}): ${preview(exchange)}`,
      ];
    }
    return this.checkResponse(exchange, name, status, this.resolve(response));
  }

  private checkMethodNotAllowed(exchange: Exchange, route: Route): string[] {
    const problems = this.checkComponentResponse(exchange, 405, 'MethodNotAllowed');
    const documented = METHODS.filter((method) => route.item[method]).map((method) => method.toUpperCase());
    if (documented.includes('GET') && !documented.includes('HEAD')) documented.push('HEAD');
    const allow = String(exchange.headers.allow ?? '')
      .split(',')
      .map((method) => method.trim())
      .filter(Boolean);
    if ([...allow].sort().join(', ') !== [...documented].sort().join(', ')) {
      problems.push(
        `${exchange.method} ${route.template}: Allow is "${allow.join(', ')}", the document has ${documented.join(', ')}`,
      );
    }
    return problems;
  }

  private checkComponentResponse(exchange: Exchange, status: number, component: string): string[] {
    const name = `${exchange.method} ${decodePath(exchange.url)}`;
    const response = this.document.components.responses?.[component];
    if (!response) return [`${name}: the document has no components.responses.${component}`];
    if (exchange.status !== status)
      return [`${name} answered ${exchange.status}, expected ${status} (${component}): ${preview(exchange)}`];
    return this.checkResponse(exchange, name, String(status), response);
  }

  private checkResponse(exchange: Exchange, name: string, status: string, response: ResponseObject): string[] {
    const problems: string[] = [];
    for (const [header, spec] of Object.entries(response.headers ?? {})) {
      if (spec.required && exchange.headers[header.toLowerCase()] === undefined)
        problems.push(`${name} ${status}: the ${header} header is missing`);
    }
    const content = response.content ?? {};
    const contentType = String(exchange.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    const empty = exchange.body.length === 0;
    if (empty && (exchange.method === 'HEAD' || exchange.status === 204 || exchange.status === 304)) return problems;
    if (empty && !contentType) {
      if (Object.keys(content).length)
        problems.push(
          `${name} ${status}: the document describes a body (${Object.keys(content).join(', ')}), the answer has none`,
        );
      return problems;
    }
    const media = content[contentType];
    if (!media) {
      problems.push(
        `${name} ${status}: Content-Type ${contentType || '(none)'} is not documented (documented: ${Object.keys(content).join(', ') || 'no body'})`,
      );
      return problems;
    }
    if (contentType !== 'application/json' || !media.schema) return problems;
    let body: unknown;
    try {
      body = JSON.parse(exchange.body.toString('utf8'));
    } catch {
      return [...problems, `${name} ${status}: the body is not JSON: ${preview(exchange)}`];
    }
    const error = this.validate(media.schema, body);
    if (error) {
      const details = error.errors.map((item) => `${item.path || '(body)'} ${item.message}`).join('; ');
      problems.push(`${name} ${status}: the body does not match the document: ${details}. Body: ${preview(exchange)}`);
    }
    return problems;
  }

  /** Validates a body against one of the document's response schemas; undefined when it matches. */
  private validate(schema: Json, body: unknown): { errors: { path?: string; message: string }[] } | undefined {
    this.compileAll();
    const id = this.compiled?.ids.get(JSON.stringify(schema));
    if (!id || !this.compiled) return { errors: [{ message: 'has a schema the document does not hold' }] };
    return this.compiled.validator.validateResponse(id, body);
  }

  private resolve(response: ResponseObject): ResponseObject {
    if (!response.$ref) return response;
    const name = response.$ref.replace('#/components/responses/', '');
    return this.document.components.responses?.[name] ?? response;
  }
}

/** Marks every object schema with properties and no word on others as closed (additionalProperties: false); returns it. */
function closeObjects<T>(schema: T): T {
  if (Array.isArray(schema)) {
    schema.forEach(closeObjects);
  } else if (schema && typeof schema === 'object') {
    const object = schema as Json;
    if (object.properties && typeof object.properties === 'object' && !('additionalProperties' in object))
      object.additionalProperties = false;
    // Examples are data, not schemas.
    for (const [key, value] of Object.entries(object)) if (key !== 'example' && key !== 'examples') closeObjects(value);
  }
  return schema;
}

/** A browser's page request that the SPA answered (it serves page addresses that are also API paths, e.g. /transcribe). */
function isSpaPage(exchange: Exchange, pathname: string): boolean {
  const html = /^text\/html/i.test(String(exchange.headers['content-type'] ?? ''));
  return html && (exchange.method === 'GET' || exchange.method === 'HEAD') && !pathname.startsWith('/api/');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function decodePath(url: string): string {
  const pathname = url.split('?')[0];
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

function preview(exchange: Exchange): string {
  const text = exchange.body.toString('utf8');
  return text.length > 300 ? `${text.slice(0, 300)}…` : text || '(empty)';
}

/** What one content encoding's bytes were before compression. */
function decode(body: Buffer, encoding: string): Buffer {
  switch (encoding) {
    case 'gzip':
      return gunzipSync(body);
    case 'br':
      return brotliDecompressSync(body);
    case 'deflate':
      return inflateSync(body);
    default:
      return body;
  }
}

/** The figures of one test file, and the answers that broke the document since the last look. */
export interface ContractLog {
  checked: number;
  skipped: number;
  problems: string[];
}

const log: ContractLog = { checked: 0, skipped: 0, problems: [] };
/** Statuses the current test provokes on purpose although the document does not list them. */
const tolerated = new Set<number>();
let contract: OpenApiContract | undefined;
let enabled = false;

/** Turns the check on for apps started from now on in this test file (the integration tier does). */
export function enableContractCheck(): void {
  enabled = true;
}

export function contractLog(): ContractLog {
  return log;
}

/** The problems recorded since the last call, which are then forgotten (as are the statuses tolerated until then). */
export function takeContractProblems(): string[] {
  tolerated.clear();
  return log.problems.splice(0);
}

/**
 * For a test that provokes an answer no client should see and the document rightly does not
 * list (a 500 from a fault the test injects): that status goes unchecked until the test ends.
 */
export function tolerateUndocumentedStatus(status: number): void {
  tolerated.add(status);
}

/**
 * Records every answer the server sends (when the check is on) and checks it against the
 * document once it has gone out. Bodies are kept only for JSON answers, and only up to 2 MB.
 */
export function watchServer(server: Server): void {
  if (!enabled) return;
  if (!contract) {
    contract = new OpenApiContract();
    contract.compileAll();
  }
  const active = contract;
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const chunks: Buffer[] = [];
    let size = 0;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      if (!/json/i.test(String(res.getHeader('content-type') ?? '')) || size > 2 * 1024 * 1024) {
        if (!chunks.length) chunks.push(Buffer.from('(not kept)'));
        return;
      }
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      size += buffer.length;
      chunks.push(buffer);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as ServerResponse['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as ServerResponse['end'];
    res.once('finish', () => {
      let body: Buffer = Buffer.concat(chunks);
      const encoding = String(res.getHeader('content-encoding') ?? '');
      try {
        if (/json/i.test(String(res.getHeader('content-type') ?? ''))) body = decode(body, encoding);
      } catch (error) {
        log.problems.push(`${method} ${url}: the ${encoding} body could not be decoded: ${String(error)}`);
        return;
      }
      if (tolerated.has(res.statusCode)) {
        log.skipped++;
        return;
      }
      const verdict = active.check({
        method,
        url,
        status: res.statusCode,
        headers: res.getHeaders() as Exchange['headers'],
        body,
      });
      if (verdict.checked) log.checked++;
      else log.skipped++;
      log.problems.push(...verdict.problems);
    });
  });
}
