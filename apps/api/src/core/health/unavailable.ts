import type { ApiErrorBody } from '@clari/contracts';

/** A shared service the request needs (PostgreSQL, or Redis behind the queues) does not answer. */
export type Dependency = 'database' | 'queue';

/** Thrown by our own code when a dependency is known to be unreachable or did not answer in time. */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: Dependency,
    reason: string,
  ) {
    super(`${dependency === 'database' ? 'Database' : 'Queue (Redis)'} unavailable: ${reason}`);
  }
}

/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

const MESSAGES: Record<Dependency, string> = {
  database: 'The database is not reachable right now. Please try again in a moment.',
  queue: 'Background processing is not available right now. Please try again in a moment.',
};

/**
 * PostgreSQL error codes of a server that is going away, starting up, overloaded or too slow:
 * connection exceptions (08…), admin/crash shutdown and "cannot connect now" (57P0x),
 * too many connections, a statement cancelled by statement_timeout, and a session ended by
 * idle_in_transaction_session_timeout.
 */
const PG_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);

/** What pg and pg-pool say when a connection is lost, refused or times out. */
const PG_UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'the database system is',
];

/**
 * TypeORM's errors for a query runner it has released: a runner listens for its pg connection's
 * 'error' event and releases itself when the backend goes away between two queries (a restart's
 * 57P01 arriving while the client has no query running), so the transaction's next query, commit
 * or manager call throws one of these instead of a pg error. Our code never uses a runner after
 * releasing it, so they mean a lost connection.
 */
const TYPEORM_RELEASED_RUNNER_ERRORS = new Set([
  'QueryRunnerAlreadyReleasedError',
  'QueryRunnerProviderAlreadyReleasedError',
]);

/** ioredis (and Bull through it) when Redis is away. */
const REDIS_UNAVAILABLE_MESSAGES = [
  'Connection is closed',
  "Stream isn't writeable",
  'Reached the max retries per request limit',
];

/** Socket errors of any unreachable server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** Which dependency an error says is unreachable, or null for any other error. */
export function unavailableDependency(error: unknown): Dependency | null {
  if (error instanceof DependencyUnavailableError) return error.dependency;
  // Duck-typed: socket errors come from Node's own realm, where `instanceof Error` may not hold (e.g. under jest).
  if (typeof error !== 'object' || error === null || typeof (error as { message?: unknown }).message !== 'string')
    return null;
  const { message, name } = error as { message: string; name?: unknown };
  // TypeORM's QueryFailedError copies the driver error's fields; the original is kept too.
  const driverError = (error as { driverError?: unknown }).driverError;
  const code = String(
    (error as { code?: unknown }).code ?? (driverError as { code?: unknown } | undefined)?.code ?? '',
  );
  if (PG_UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return 'database';
  if (typeof name === 'string' && TYPEORM_RELEASED_RUNNER_ERRORS.has(name)) return 'database';
  if (name === 'MaxRetriesPerRequestError' || REDIS_UNAVAILABLE_MESSAGES.some((m) => message.includes(m)))
    return 'queue';
  if (PG_UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return 'database';
  // Redis errors are caught where Redis is used, so a bare socket error reaching the filter is the database's.
  if (NETWORK_CODES.has(code)) return 'database';
  return null;
}

/** The 503 body for an unreachable dependency; the filter adds Retry-After from `retryAfter`. */
export function unavailableBody(dependency: Dependency): ApiErrorBody & { retryAfter: number } {
  return {
    statusCode: 503,
    message: MESSAGES[dependency],
    error: 'Service Unavailable',
    code: `${dependency}_unavailable` as ApiErrorBody['code'],
    retryAfter: RETRY_AFTER_SECONDS,
  };
}

/** Resolves like `promise`, or rejects with DependencyUnavailableError after `ms`. */
export function withDeadline<T>(promise: Promise<T>, ms: number, dependency: Dependency, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DependencyUnavailableError(dependency, `${what} took longer than ${ms} ms`)),
      ms,
    );
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
