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
