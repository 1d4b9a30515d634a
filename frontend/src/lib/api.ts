import type { ApiErrorBody } from '@clari/contracts';
import { takeEarly, takeSettledEarly } from './early-requests';

/** An HTTP error with the server's readable message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The one way the SPA calls the API: same origin, cookies included, JSON in and out.
 * Errors carry the server's message ({message} or {error}) or the HTTP status text.
 */
export async function api<T>(path: string, { method = 'GET', body, signal }: ApiRequest = {}): Promise<T> {
  // A read the page started while it loaded (early-requests.ts) answers its first caller.
  const early = method === 'GET' ? takeEarly(path, signal) : undefined;
  if (early) {
    const answer = await early;
    return readAnswer<T>(answer, answer.text);
  }
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    signal,
    headers: {
      Accept: 'application/json',
      ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  return readAnswer<T>(response, await response.text());
}

/**
 * What the page's load already read from `path` (lib/early-requests.ts), if that answer has come
 * and is a success: taken once, by the first reader, which can then render from it at once.
 * An answer still on its way stays for the reader's own `api()` call; an error answer is dropped,
 * and that call asks the server again. Otherwise undefined.
 */
export function takeLoadedWithPage<T>(path: string): T | undefined {
  const answer = takeSettledEarly(path);
  if (!answer?.ok) return undefined;
  try {
    return readAnswer<T>(answer, answer.text);
  } catch {
    return undefined;
  }
}

/** An answer's body read as the API's JSON, or its error thrown as an ApiError with the server's message. */
export function readAnswer<T>(response: Pick<Response, 'ok' | 'status' | 'statusText'>, text: string): T {
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      if (!response.ok) throw new ApiError(response.status, response.statusText || 'Request failed');
      throw new ApiError(response.status, 'Server returned non-JSON response');
    }
  }
  if (!response.ok)
    throw new ApiError(response.status, errorMessage(data) ?? (response.statusText || 'Request failed'), data);
  return data as T;
}

function errorMessage(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const { message, error } = data as Partial<ApiErrorBody> & { error?: unknown };
  if (typeof message === 'string' && message) return message;
  if (typeof error === 'string' && error) return error;
  return undefined;
}
