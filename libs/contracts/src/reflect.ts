import type { Language } from './languages';
import type { LifeAreaId } from './value-explorer';

/** The nine Reflect topics (part 2 §2, §9), in display order. */
export const REFLECT_TOPICS = [
  'open_ended',
  'your_day',
  'meeting',
  'life_goal',
  'philosophical_idea',
  'problem',
  'conflict',
  'emotion',
  'habit',
] as const;
export type ReflectTopicId = (typeof REFLECT_TOPICS)[number];
export const DEFAULT_REFLECT_TOPIC: ReflectTopicId = 'open_ended';

/** Takeaway ids are UUID-shaped, 8-4-4-4-12 hex (part 2 §9). */
export const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isReflectTopic(value: unknown): value is ReflectTopicId {
  return typeof value === 'string' && (REFLECT_TOPICS as readonly string[]).includes(value);
}

/** An unknown or missing topic falls back to open_ended (part 2 §4, §5). */
export function reflectTopicOr(value: unknown): ReflectTopicId {
  return isReflectTopic(value) ? value : DEFAULT_REFLECT_TOPIC;
}

/** A takeaway id the server may know: a UUID-shaped string. Numbers and other shapes are new takeaways (part 2 §4). */
export function isUuidShaped(value: unknown): value is string {
  return typeof value === 'string' && UUID_SHAPE.test(value);
}

/** Limits the spec leaves open (part 2 §3, §5), chosen here; the API enforces them and Swagger documents them. */
export const REFLECT_LIMITS = {
  titleMax: 200,
  /** Markdown characters of a reflection. */
  contentMax: 20000,
  tagsMax: 20,
  tagMax: 40,
  takeawaysMax: 20,
  takeawayTitleMax: 200,
  takeawayContentMax: 2000,
  /** GET /reflect/reflections: reflections per page when no limit is given, and the largest limit. */
  listPageDefault: 50,
  listPageMax: 100,
  /** Characters of a list entry's excerpt (plain text from the start of the content). */
  excerptMax: 160,
} as const;

/** The API's English messages for Reflect's rules (400 answers); the SPA may show its own translation. */
export const REFLECT_MESSAGES = {
  titleTooLong: `The title can be at most ${REFLECT_LIMITS.titleMax} characters long.`,
  contentTooLong: `The content can be at most ${REFLECT_LIMITS.contentMax} characters long.`,
  unknownTopic: `Unknown topic. Use one of: ${REFLECT_TOPICS.join(', ')}.`,
  lifeAreasList: 'lifeAreas must be a list of life area ids.',
  unknownLifeArea: 'Unknown life area',
  tagsList: 'tags must be a list of texts.',
  tooManyTags: `A reflection can have at most ${REFLECT_LIMITS.tagsMax} tags.`,
  tagTooLong: `A tag can be at most ${REFLECT_LIMITS.tagMax} characters long.`,
  takeawayTitleRequired: 'A takeaway needs a title.',
  takeawayTitleTooLong: `A takeaway title can be at most ${REFLECT_LIMITS.takeawayTitleMax} characters long.`,
  takeawayContentTooLong: `A takeaway can be at most ${REFLECT_LIMITS.takeawayContentMax} characters long.`,
  tooManyTakeaways: `A reflection can have at most ${REFLECT_LIMITS.takeawaysMax} takeaways.`,
  takeawayIdShape: 'A takeaway id must be text or a number.',
  reflectionNotFound: 'Reflection not found.',
  takeawayNotFound: 'Takeaway not found.',
  badCursor:
    'cursor is not valid: pass the nextCursor of the previous page unchanged, or leave it out for the first page.',
  badLimit: `limit must be a whole number from 1 to ${REFLECT_LIMITS.listPageMax}.`,
} as const;

export type ReflectErrorCode = 'takeaways_max';

/**
 * What the Clarify button sends as the user's message (part 2 §2), per language. Clari answers
 * a message containing either phrase (case-insensitive) with reflection_summary and takeaways.
 */
export const REFLECT_CLARIFY_PHRASE: Record<Language, string> = {
  en: 'Please clarify and summarize my reflection',
  sv: 'Förtydliga och sammanfatta min reflektion',
};

/** Whether a text contains the clarify phrase of either language, case-insensitively (part 2 §4 "Summary flag"). */
export function mentionsClarifyPhrase(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  const lower = text.toLocaleLowerCase('sv');
  return Object.values(REFLECT_CLARIFY_PHRASE).some((phrase) => lower.includes(phrase.toLocaleLowerCase('sv')));
}

/** Tags as stored: trimmed, a leading # removed, empty ones dropped, duplicates (case-insensitive) dropped. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const tag of tags) {
    const clean = tag.trim().replace(/^#+/, '').trim();
    const key = clean.toLocaleLowerCase('sv');
    if (clean && !seen.has(key)) {
      seen.add(key);
      result.push(clean);
    }
  }
  return result;
}

/** The edit form's comma-separated tags input (part 2 §5): split on commas, then cleaned. */
export function splitTags(input: string): string[] {
  return cleanTags(input.split(','));
}

/** A new reflection's title (part 2 §4): the topic id with underscores as spaces and words capitalised. */
export function placeholderTitle(topic: ReflectTopicId): string {
  return topic
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** A reflection as the API returns it. */
export interface Reflection {
  id: string;
  title: string;
  /** Markdown. */
  content: string;
  topic: ReflectTopicId;
  lifeAreas: LifeAreaId[];
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * One entry of GET /reflect/reflections: what the list shows (part 2 §2), without the content,
 * of which only a short plain-text excerpt comes along. The detail route has everything.
 */
export type ReflectionListItem = Omit<Reflection, 'content'> & {
  /** The content's start as plain text (Markdown marks removed), at most REFLECT_LIMITS.excerptMax characters. */
  excerpt: string;
};

/** GET /reflect/reflections?cursor=&limit=: newest first, a page at a time. */
export interface ReflectionListPage {
  items: ReflectionListItem[];
  /** Opaque; pass it as `cursor` for the next page. Null on the last page. */
  nextCursor: string | null;
}

/** The list's query: `cursor` from the previous page (none for the first), `limit` 1 to REFLECT_LIMITS.listPageMax. */
export interface ReflectionListQuery {
  cursor?: string;
  limit?: number;
}

/**
 * POST /reflect/reflections and PUT /reflect/reflections/{id}. On POST, missing fields get
 * their defaults ('' texts, open_ended, empty lists); on PUT, missing fields keep their value.
 */
export interface ReflectionInput {
  title?: string;
  content?: string;
  topic?: ReflectTopicId;
  lifeAreas?: LifeAreaId[];
  tags?: string[];
}

export interface Takeaway {
  id: string;
  reflectionId: string;
  title: string;
  /** Markdown. */
  content: string;
  createdAt: string;
  updatedAt: string;
}

/** POST /reflect/reflections/{id}/takeaways and PUT /reflect/takeaways/{id}. */
export interface TakeawayInput {
  title: string;
  content?: string;
}

/** GET /reflect/reflections/{id} (part 2 §3 "Reflection detail response"). */
export interface ReflectionDetail {
  reflection: Reflection;
  /** In the order Clari (or the user) gave them. */
  takeaways: Takeaway[];
}

/** DELETE of a reflection or a takeaway. */
export interface ReflectDeleteResponse {
  id: string;
  deleted: true;
}

/** Clari's reflection_summary (part 2 §3 "AI message response"). */
export interface ReflectionSummary {
  title: string;
  content: string;
  lifeAreas: LifeAreaId[];
  tags: string[];
}

/** A takeaway as Clari proposes it: with the id of an existing one that still applies, else without. */
export interface AiTakeaway {
  /** A UUID of this reflection's takeaway is updated; a number, another shape or an unknown id creates a new one. */
  id?: string | number | null;
  title: string;
  content?: string;
}

/**
 * PUT /reflect/reflections/{id}/ai-result: the SPA saves Clari's answer with it (part 2 §4
 * "Takeaway reconciliation"), in one transaction. Without `takeaways` the takeaways are left
 * alone; with a list, takeaways of the reflection that are not in it are deleted.
 */
export interface ReflectionAiResultRequest {
  reflection_summary?: ReflectionSummary;
  takeaways?: AiTakeaway[];
}

/** conversationData of reflect_topic (part 2 §3); `clarify: true` asks for the summary like the clarify phrase does. */
export interface ReflectConversationData {
  topic: ReflectTopicId;
  reflectionId: string;
  /** Set to the reflection id, as in the original app. */
  area?: string;
  existingReflection?: Partial<Reflection> | null;
  existingTakeaways?: Array<Pick<Takeaway, 'id' | 'title' | 'content'>>;
  reflection_has_summary?: boolean;
  lastUserMessage?: string;
  clarify?: boolean;
}
