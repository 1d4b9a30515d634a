import { inspect } from 'node:util';

/**
 * An error whose message alone tells the person running Clari what went wrong and what to do
 * (a port in use, a data folder in use); it is printed without a stack trace.
 */
export class OperatorError extends Error {
  override name = 'OperatorError';
}

/**
 * Text for anything thrown, never `undefined` or `[object Object]`: an Error's message (or its
 * stack, for a bug) with its causes, a string as it is, and anything else inspected.
 */
export function describeError(error: unknown, options: { stack?: boolean } = {}): string {
  if (error instanceof Error) {
    const own =
      options.stack && !(error instanceof OperatorError) && error.stack ? error.stack : error.message || error.name;
    const code = (error as NodeJS.ErrnoException).code;
    const text = code && !own.includes(code) ? `${own} (${code})` : own;
    return error.cause === undefined ? text : `${text}\nCaused by: ${describeError(error.cause, options)}`;
  }
  if (typeof error === 'string') return error || 'An empty error was thrown.';
  if (error === undefined || error === null) return `Failed without an error message (${String(error)} was thrown).`;
  return inspect(error, { depth: 4, breakLength: 120 });
}
