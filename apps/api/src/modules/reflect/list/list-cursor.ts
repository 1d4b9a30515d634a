import { isUuidShaped } from '@clari/contracts';

/**
 * Where a page of the reflection list ends: the last entry's creation time (PostgreSQL's full
 * microsecond precision, so equal milliseconds cannot skip or repeat rows) and its id, the
 * list's own order (created_at DESC, id ASC). A reflection created later sorts before every
 * cursor, so paging on stays stable while new reflections arrive. Sent as base64url JSON:
 * opaque to clients, and checked on the way back in.
 */
export interface ListCursor {
  createdAt: string;
  id: string;
}

/** created_at as the list query writes it: UTC with six fractional digits. */
const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const BASE64URL = /^[A-Za-z0-9_-]{1,200}$/;

export function encodeListCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id]), 'utf8').toString('base64url');
}

/** The cursor a client sent back, or null when it is not one this API wrote. */
export function decodeListCursor(text: string): ListCursor | null {
  if (!BASE64URL.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [createdAt, id] = value as unknown[];
  if (typeof createdAt !== 'string' || !CREATED_AT.test(createdAt) || !isRealTime(createdAt) || !isUuidShaped(id))
    return null;
  return { createdAt, id };
}

/** Date.parse accepts 30 February (it rolls over); PostgreSQL would refuse it, so the date must read back unchanged. */
function isRealTime(createdAt: string): boolean {
  const time = Date.parse(createdAt);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === createdAt.slice(0, 19);
}
