import { ASSISTANT_LIMITS } from '@clari/contracts';

/** Helpers for validating a model's JSON answer: anything unexpected is dropped, never trusted. */

export function record(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A trimmed non-empty string of at most `max` characters, else null (over-long texts are dropped, not cut). */
export function text(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= max ? trimmed : null;
}

/** The valid strings of a list, without duplicates, at most `count`. */
export function texts(value: unknown, max: number, count: number): string[] {
  if (!Array.isArray(value)) return [];
  const result: string[] = [];
  for (const item of value) {
    const valid = text(item, max);
    if (valid && !result.includes(valid)) result.push(valid);
    if (result.length >= count) break;
  }
  return result;
}

export function suggestions(value: unknown): string[] {
  return texts(value, ASSISTANT_LIMITS.suggestionMax, ASSISTANT_LIMITS.suggestionsMax);
}

export function reply(value: unknown): string | null {
  return text(value, ASSISTANT_LIMITS.replyMax);
}

/** One of `allowed`, else `fallback`. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}
