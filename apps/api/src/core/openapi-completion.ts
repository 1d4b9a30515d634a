import type {
  ExampleObject,
  MediaTypeObject,
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger';
import { REQUEST_MESSAGES, invalidTextMessage } from '@clari/contracts';
import { unavailableBody } from './health/unavailable';
import { jsonBodyLimit } from './security/json-body';

/**
 * What every route answers besides its own results, added to the document in one place
 * because it is done in one place (middleware, the validation pipe, the error filter):
 *
 * - error answers share the ApiError schema, each with named examples;
 * - JSON bodies are objects whose unknown fields are refused (additionalProperties: false),
 *   and their body errors are listed: 400 (malformed, missing, unknown field), 413 (over the
 *   route's limit), 415 (not application/json); multipart forms may be refused with 400;
 * - state-changing calls may be refused as cross-origin (403);
 * - everything but the public settings may answer 503 while PostgreSQL is unreachable;
 * - 404 for unknown paths under /api and 405 (with Allow) for methods a path does not accept,
 *   as reusable responses, since neither belongs to an operation.
 */

const ERROR_SCHEMA = 'ApiError';
const JSON_TYPE = 'application/json';
const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** Answer without PostgreSQL (the session store is skipped for them, as is any query). */
const DATABASE_FREE = new Set(['GET /api/config', 'GET /api/health']);

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

type Example = object;

function error(statusCode: number, message: string, extra: Record<string, unknown> = {}): Example {
  return { statusCode, message, error: STATUS_TEXT[statusCode], ...extra };
}

const API_ERROR: SchemaObject = {
  type: 'object',
  description:
    'Every error: the status, a readable message (validation messages joined into one text) and the status text. Domain errors add a stable code the SPA translates, and some add what the client acts on (retryAfter in seconds, the life area, the refused status change).',
  required: ['statusCode', 'message', 'error'],
  properties: {
    statusCode: { type: 'integer', minimum: 400, maximum: 599, example: 400 },
    message: { type: 'string', example: 'Please enter a valid e-mail address.' },
    error: { type: 'string', example: 'Bad Request' },
    code: {
      type: 'string',
      example: 'rate_limited',
      description: 'A stable machine-readable reason, for domain errors.',
    },
    retryAfter: {
      type: 'integer',
      minimum: 0,
      example: 120,
      description: 'Seconds to wait before trying again (429, 503); also sent as Retry-After.',
    },
    area: {
      type: 'string',
      example: 'family',
      description: 'Value Explorer: the life area a validation error is about.',
    },
    from: { type: 'string', example: 'completed', description: 'Interview: the status a refused change started from.' },
    to: { type: 'string', example: 'in_progress', description: 'Interview: the status a refused change asked for.' },
  },
};

const RETRY_AFTER_HEADER = {
  description: 'Seconds to wait before trying again.',
  schema: { type: 'integer', minimum: 0 },
};

const NOT_FOUND: ResponseObject = {
  description: 'No route has this path (any path under /api that the document does not list).',
  content: { [JSON_TYPE]: { schema: ref(ERROR_SCHEMA), example: error(404, 'Cannot GET /api/nothing-here') } },
};

const METHOD_NOT_ALLOWED: ResponseObject = {
  description:
    'The path exists but does not accept the method (TRACE, OPTIONS, or any method the path’s operations do not list; GET implies HEAD). Allow lists the methods it accepts.',
  headers: {
    Allow: {
      required: true,
      description: 'The methods the path accepts, e.g. "GET, HEAD".',
      schema: { type: 'string', example: 'GET, HEAD' },
    },
  },
  content: {
    [JSON_TYPE]: {
      schema: ref(ERROR_SCHEMA),
      example: error(405, 'TRACE is not allowed here. This address accepts GET, HEAD.', { code: 'method_not_allowed' }),
    },
  },
};

function ref(name: string): ReferenceObject {
  return { $ref: `#/components/schemas/${name}` };
}

function isReference(value: unknown): value is ReferenceObject {
  return typeof value === 'object' && value !== null && '$ref' in value;
}

/** A path template with sample values, to look up the body limit its routes get. */
function samplePath(template: string): string {
  return template.replace(/\{[^}]+\}/g, 'x').toLowerCase();
}

export function completeDocument(document: OpenAPIObject): OpenAPIObject {
  const components = (document.components ??= {});
  const schemas = (components.schemas ??= {});
  schemas[ERROR_SCHEMA] = API_ERROR;
  components.responses = { ...components.responses, NotFound: NOT_FOUND, MethodNotAllowed: METHOD_NOT_ALLOWED };
  components.examples = { ...components.examples, ...SHARED_EXAMPLES };

  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const jsonBody = jsonBodyOf(operation);
      if (jsonBody) closeSchema(jsonBody.schema, schemas);
      normaliseErrors(operation);
      addCommonErrors(operation, method, path, Boolean(jsonBody));
    }
  }
  return document;
}

function jsonBodyOf(operation: OperationObject): MediaTypeObject | undefined {
  const body = operation.requestBody;
  if (!body || isReference(body)) return undefined;
  return (body as RequestBodyObject).content[JSON_TYPE];
}

/**
 * The validation pipe (whitelist + forbidNonWhitelisted) refuses unknown fields of a body
 * and of the objects nested in it that have a class of their own; free-form objects (e.g.
 * conversationData, whose unknown keys are dropped) stay open.
 */
function closeSchema(
  schema: SchemaObject | ReferenceObject | undefined,
  schemas: Record<string, SchemaObject | ReferenceObject>,
  seen = new Set<string>(),
): void {
  if (!schema) return;
  if (isReference(schema)) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (seen.has(name)) return;
    seen.add(name);
    closeSchema(schemas[name], schemas, seen);
    return;
  }
  if (schema.properties) {
    schema.additionalProperties = false;
    for (const property of Object.values(schema.properties)) closeSchema(property, schemas, seen);
  }
  if (schema.items) closeSchema(schema.items, schemas, seen);
  for (const part of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])])
    closeSchema(part, schemas, seen);
}

/**
 * Error answers are always JSON in the ApiError shape (also on routes whose success is an
 * image): decorators give one example each, which becomes a named example.
 */
function normaliseErrors(operation: OperationObject): void {
  for (const [status, response] of Object.entries(operation.responses)) {
    if (Number(status) < 400 || !response || isReference(response)) continue;
    const examples: Record<string, ExampleObject> = {};
    let ownSchema: SchemaObject | ReferenceObject | undefined;
    for (const media of Object.values(response.content ?? {})) {
      const schema = media.schema;
      if (schema && (isReference(schema) || schema.type || schema.properties)) ownSchema = schema;
      const example: unknown = media.example ?? (schema && !isReference(schema) ? schema.example : undefined);
      if (example && typeof example === 'object')
        examples[exampleName(example as Example, examples)] = { value: example };
      for (const [name, value] of Object.entries(media.examples ?? {})) examples[name] = value as ExampleObject;
    }
    const content: MediaTypeObject = { schema: ownSchema ?? ref(ERROR_SCHEMA) };
    if (Object.keys(examples).length) content.examples = examples;
    response.content = { [JSON_TYPE]: content };
    response.description ||= STATUS_TEXT[Number(status)] ?? 'Error';
  }
}

function exampleName(example: Example, taken: Record<string, unknown>): string {
  const { code, statusCode } = example as { code?: unknown; statusCode?: unknown };
  const base =
    typeof code === 'string'
      ? code
      : typeof statusCode === 'number'
        ? (STATUS_TEXT[statusCode]?.replace(/\s+/g, '') ?? 'error')
        : 'error';
  let name = base.charAt(0).toLowerCase() + base.slice(1);
  for (let i = 2; name in taken; i++) name = `${base}${i}`;
  return name;
}

/** Examples many operations share, kept once in components.examples. */
const SHARED_EXAMPLES: Record<string, ExampleObject> = {
  NotJson: { summary: 'The body is not valid JSON', value: error(400, REQUEST_MESSAGES.bodyNotJson) },
  UnknownField: { summary: 'A field the schema does not list', value: error(400, 'Unknown field "admin"') },
  InvalidText: { summary: 'NUL or half a surrogate pair in a text', value: error(400, invalidTextMessage('message')) },
  InvalidParameter: {
    summary: 'NUL or half a surrogate pair in a path or query value',
    value: error(400, invalidTextMessage('id')),
  },
  BodyRequired: { summary: 'No body', value: error(400, REQUEST_MESSAGES.bodyRequired) },
  UnexpectedFormField: {
    summary: 'A file under another field name, or a second file',
    value: error(400, 'Unexpected field - photo'),
  },
  UnsupportedType: { summary: 'Not sent as application/json', value: error(415, REQUEST_MESSAGES.unsupportedType) },
  CrossOrigin: { summary: 'Sent from another site', value: error(403, 'Cross-origin request refused') },
  DatabaseUnavailable: { summary: 'PostgreSQL is not reachable', value: unavailableBody('database') },
};

function shared(name: keyof typeof SHARED_EXAMPLES): ReferenceObject {
  return { $ref: `#/components/examples/${name}` };
}

/** Adds an example (and the status, when the operation does not list it yet) to an error answer. */
function addError(
  operation: OperationObject,
  status: number,
  name: string,
  example: ExampleObject | ReferenceObject,
  description?: string,
): void {
  const existing = operation.responses[status] as ResponseObject | undefined;
  const response: ResponseObject = existing ?? { description: description ?? STATUS_TEXT[status] };
  const media = (response.content ??= {})[JSON_TYPE] ?? { schema: ref(ERROR_SCHEMA) };
  response.content[JSON_TYPE] = media;
  // A route's own error shape (login's {success: false, …}) or the common one.
  const own = media.schema;
  const alternatives = own && !isReference(own) ? own.anyOf : undefined;
  const errorRef = `#/components/schemas/${ERROR_SCHEMA}`;
  const covered = isReference(own)
    ? own.$ref === errorRef
    : (alternatives ?? []).some((part) => isReference(part) && part.$ref === errorRef);
  if (own && !covered) media.schema = { anyOf: [own, ref(ERROR_SCHEMA)] };
  media.examples ??= {};
  if (!(name in media.examples)) media.examples[name] = example;
  if (status === 429 || status === 503) response.headers = { 'Retry-After': RETRY_AFTER_HEADER, ...response.headers };
  operation.responses[status] = response;
}

function addCommonErrors(operation: OperationObject, method: string, path: string, jsonBody: boolean): void {
  const body = operation.requestBody && !isReference(operation.requestBody) ? operation.requestBody : undefined;
  // multer refuses a malformed form, an unexpected file field or a second file.
  if (body?.content['multipart/form-data']) addError(operation, 400, 'unexpectedField', shared('UnexpectedFormField'));
  const hasParameters = (operation.parameters ?? []).some(
    (parameter) => !isReference(parameter) && (parameter as ParameterObject).in !== 'header',
  );
  if (jsonBody) {
    const limitKb = Math.round(jsonBodyLimit(samplePath(path)) / 1024);
    addError(operation, 400, 'notJson', shared('NotJson'));
    addError(operation, 400, 'unknownField', shared('UnknownField'));
    addError(operation, 400, 'invalidText', shared('InvalidText'));
    if ((operation.requestBody as RequestBodyObject).required)
      addError(operation, 400, 'bodyRequired', shared('BodyRequired'));
    addError(
      operation,
      413,
      'tooLarge',
      { value: error(413, `The request is too large (at most ${limitKb} KB here).`) },
      `The body is over this route’s limit (${limitKb} KB).`,
    );
    addError(operation, 415, 'notJson', shared('UnsupportedType'), 'The body is not sent as application/json.');
  } else if (hasParameters) {
    // Path and query values with NUL or half a surrogate pair are refused by the validation pipe.
    addError(operation, 400, 'invalidText', shared('InvalidParameter'));
  }
  if (STATE_CHANGING.has(method)) {
    addError(
      operation,
      403,
      'crossOrigin',
      shared('CrossOrigin'),
      'Sent by a browser from another site (the Origin is not PUBLIC_URL’s or one of ALLOWED_ORIGINS).',
    );
  }
  if (!DATABASE_FREE.has(`${method.toUpperCase()} ${path}`)) {
    addError(
      operation,
      503,
      'databaseUnavailable',
      shared('DatabaseUnavailable'),
      'A service the call needs is not reachable right now; try again after Retry-After seconds.',
    );
  }
}
