import type { ConversationData } from '@clari/contracts';

export const THREAD_ID_MAX = 200;
/** Used when the data names no thread at all. */
export const DEFAULT_THREAD_ID = 'default';

/** A thread id from a string or number field, trimmed and bounded; '' when absent. */
export function threadField(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return value.trim().slice(0, THREAD_ID_MAX);
  return '';
}

/** The area id of Value Explorer data: `area: {id}` or `area: 'family'`. */
export function areaIdOf(data: ConversationData): string {
  const area = data.area;
  if (area && typeof area === 'object' && !Array.isArray(area)) return threadField((area as { id?: unknown }).id);
  return threadField(area);
}

/**
 * Part 1 §3: yearcompass_dynamicsection threads by sectionNumber, reflect_topic by
 * reflectionId, interview by session_id; otherwise thread_id, else the area id.
 */
export function defaultThreadId(domain: string, data: ConversationData): string {
  const byDomain: Record<string, unknown> = {
    yearcompass_dynamicsection: data.sectionNumber,
    reflect_topic: data.reflectionId,
    interview: data.session_id,
  };
  return threadField(byDomain[domain]) || threadField(data.thread_id) || areaIdOf(data) || DEFAULT_THREAD_ID;
}
