import type { InterviewConversationData } from './interview';
import type { ReflectConversationData } from './reflect';
import type { LifeAreaConversationData, SummaryConversationData } from './value-explorer';

/** Limits of every JSON request, enforced by the API's body parser before any route runs. */
export const REQUEST_LIMITS = {
  /** Nesting of objects and arrays in a JSON body; the deepest real one (a summary's goals) is 5. */
  jsonDepthMax: 32,
  /**
   * Characters of all strings and keys in a chat's conversationData together. The largest a
   * page sends is a Year Compass section (10 boxes of at most 10,000 characters) or a Value
   * Explorer summary (8 areas of goals, values and obstacles, about 10,600 each).
   */
  conversationDataTextMax: 150_000,
} as const;

export const REQUEST_MESSAGES = {
  bodyRequired: 'A JSON body is required.',
  bodyNotObject: 'The request body must be a JSON object.',
  bodyNotJson: 'The request body is not valid JSON.',
  tooDeep: `The request body is nested too deeply (at most ${REQUEST_LIMITS.jsonDepthMax} levels).`,
  unsupportedType: 'The request body must be sent as application/json.',
  conversationDataTooLarge: `conversationData can hold at most ${REQUEST_LIMITS.conversationDataTextMax} characters.`,
} as const;

/** The message naming a field whose text holds a NUL character or half of a surrogate pair. */
export function invalidTextMessage(field: string): string {
  return `${field || 'The request'} contains a character that is not allowed (NUL or an unpaired surrogate).`;
}

/**
 * The top-level conversationData keys each domain's pages send and its handler reads. The API
 * drops every other key before anything (validation, scrubbing, prompts) looks at the data.
 * Domains not listed (other valueexplorer_ domains) keep their data as sent.
 */
export const CONVERSATION_DATA_KEYS: Record<string, readonly string[]> = {
  valueexplorer_lifearea: [
    'area',
    'contextSwitched',
    'currentPhase',
    'selectedValues',
    'goals',
    'obstacles',
  ] satisfies (keyof LifeAreaConversationData)[],
  valueexplorer_summary: ['lifeAreas'] satisfies (keyof SummaryConversationData)[],
  yearcompass_dynamicsection: ['sectionNumber', 'sectionTitle', 'boxes'],
  reflect_topic: [
    'topic',
    'reflectionId',
    'area',
    'existingReflection',
    'existingTakeaways',
    'reflection_has_summary',
    'lastUserMessage',
    'clarify',
  ] satisfies (keyof ReflectConversationData)[],
  interview: [
    'session_id',
    'interview_id',
    'currentPhase',
    'isContextLoaded',
    'contextSwitched',
  ] satisfies (keyof InterviewConversationData)[],
};
/** Read for every domain: the context's language and an explicit thread id. */
export const COMMON_CONVERSATION_DATA_KEYS: readonly string[] = ['language', 'thread_id'];

/** conversationData with only the keys its domain knows; anything that is not a plain object is returned as is. */
export function knownConversationData(domain: unknown, data: unknown): unknown {
  const keys =
    typeof domain === 'string' && Object.hasOwn(CONVERSATION_DATA_KEYS, domain)
      ? CONVERSATION_DATA_KEYS[domain]
      : undefined;
  if (!keys || !data || typeof data !== 'object' || Array.isArray(data)) return data;
  const record = data as Record<string, unknown>;
  return Object.fromEntries(
    [...COMMON_CONVERSATION_DATA_KEYS, ...keys]
      .filter((key) => Object.hasOwn(record, key))
      .map((key) => [key, record[key]]),
  );
}
