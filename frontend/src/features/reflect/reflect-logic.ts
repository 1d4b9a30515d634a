import {
  REFLECT_LIMITS,
  isLifeArea,
  mentionsClarifyPhrase,
  placeholderTitle,
  reflectTopicOr,
  splitTags,
  type ChatResponse,
  type Reflection,
  type ReflectionAiResultRequest,
  type ReflectionInput,
  type ReflectConversationData,
  type ReflectTopicId,
  type Takeaway,
  type TakeawayInput,
} from '@clari/contracts';

/* ---------- Summary flag (part 2 §4 "Summary flag") ---------- */

/** A loaded reflection has a summary when its content is not blank. */
export function hasContent(reflection: Pick<Reflection, 'content'> | null | undefined): boolean {
  return !!reflection && reflection.content.trim().length > 0;
}

/**
 * The flag after one of Clari's replies: it turns true when the reply mentions the clarify
 * phrase (case-insensitive, either language) or carries a reflection_summary; it never turns
 * false here.
 */
export function summaryFlagAfterReply(flag: boolean, response: Pick<ChatResponse, 'reply' | 'reflection_summary'>): boolean {
  return flag || !!response.reflection_summary || mentionsClarifyPhrase(response.reply);
}

/**
 * After the reply to a Clarify click. When Clari had nothing to summarise yet (no
 * reflection_summary and still no content), the request is over: the flag goes back to what
 * the content says, so the Clarify button returns instead of 'Processing...' staying forever.
 */
export function summaryFlagAfterClarifyReply(flag: boolean, response: Pick<ChatResponse, 'reply' | 'reflection_summary'>, reflection: Pick<Reflection, 'content'> | null): boolean {
  if (response.reflection_summary) return true;
  return hasContent(reflection) || mentionsClarifyPhrase(response.reply) ? flag : false;
}

export type SectionState = 'content' | 'processing' | 'empty';

/** What the summary section shows: the card, 'Processing...' once a summary was requested, else 'No summary yet'. */
export function summarySectionState(reflection: Pick<Reflection, 'content'> | null, flag: boolean): SectionState {
  if (hasContent(reflection)) return 'content';
  return flag ? 'processing' : 'empty';
}

/** The takeaways section: cards, 'Processing...' while a requested summary is still on its way, else 'No takeaways yet'. */
export function takeawaySectionState(takeaways: readonly unknown[], reflection: Pick<Reflection, 'content'> | null, flag: boolean): SectionState {
  if (takeaways.length > 0) return 'content';
  return flag && !hasContent(reflection) ? 'processing' : 'empty';
}

/** Part 2 §2: the Clarify button shows only without a summary, for a reflection that exists and is not being created. */
export function showClarify({ flag, reflectionExists, creating }: { flag: boolean; reflectionExists: boolean; creating: boolean }): boolean {
  return !flag && reflectionExists && !creating;
}

/* ---------- Clari's answer ---------- */

/** Whether a reply carries something to save through PUT …/ai-result. */
export function hasAiResult(response: Pick<ChatResponse, 'reflection_summary' | 'takeaways'>): boolean {
  return !!response.reflection_summary || Array.isArray(response.takeaways);
}

/**
 * The ai-result body: reflection_summary and takeaways as they came, field by field (the API
 * refuses unknown fields, so nothing else the reply might carry is passed on).
 */
export function aiResultRequest(response: Pick<ChatResponse, 'reflection_summary' | 'takeaways'>): ReflectionAiResultRequest {
  const body: ReflectionAiResultRequest = {};
  const summary = response.reflection_summary;
  if (summary) {
    body.reflection_summary = {
      title: summary.title,
      content: summary.content,
      // The chat handler already drops unknown areas; the API would refuse one with a 400.
      lifeAreas: summary.lifeAreas.filter(isLifeArea),
      tags: summary.tags,
    };
  }
  if (Array.isArray(response.takeaways)) {
    body.takeaways = response.takeaways.map(({ id, title, content }) => ({ ...(id !== undefined && id !== null ? { id } : {}), title, content: content ?? '' }));
  }
  return body;
}

/** The last message the user sent, from a reply's history. */
export function lastUserMessage(history: ChatResponse['history'] | undefined): string | undefined {
  if (!Array.isArray(history)) return undefined;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    if (history[index].role === 'user') return history[index].content;
  }
  return undefined;
}

/** conversationData of reflect_topic (part 2 §3); the thread is the reflection's id. */
export function conversationDataOf({
  reflection,
  takeaways,
  flag,
  lastMessage,
}: {
  reflection: Reflection;
  takeaways: readonly Takeaway[];
  flag: boolean;
  lastMessage?: string;
}): ReflectConversationData {
  const { id, title, content, topic, lifeAreas, tags } = reflection;
  return {
    topic,
    reflectionId: id,
    area: id,
    existingReflection: { id, title, content, topic, lifeAreas, tags },
    existingTakeaways: takeaways.map((takeaway) => ({ id: takeaway.id, title: takeaway.title, content: takeaway.content })),
    reflection_has_summary: flag,
    ...(lastMessage !== undefined ? { lastUserMessage: lastMessage } : {}),
  };
}

/* ---------- Titles ---------- */

/** The placeholder reflection of a topic (part 2 §4 "Reflection start"); an unknown topic is open_ended. */
export function placeholderReflection(topicId: string | undefined): Required<ReflectionInput> {
  const topic = reflectTopicOr(topicId);
  return { title: placeholderTitle(topic), content: '', topic, lifeAreas: [], tags: [] };
}

/**
 * The title to show. The stored placeholder title is English ("Your Day", as part 2 §4 asks);
 * while it is untouched, the topic's name in the user's language is shown instead.
 */
export function displayTitle(reflection: Pick<Reflection, 'title' | 'topic'>, topicName: (topic: ReflectTopicId) => string): string {
  const title = reflection.title.trim();
  if (!title || title === placeholderTitle(reflection.topic)) return topicName(reflection.topic);
  return title;
}

/** Part 2 §2: the reflection's title, else the localized topic title, else 'New Reflection'. */
export function headingOf({
  reflection,
  topic,
  topicName,
  fallback,
}: {
  reflection: Pick<Reflection, 'title' | 'topic'> | null;
  topic: ReflectTopicId | null;
  topicName: (topic: ReflectTopicId) => string;
  fallback: string;
}): string {
  if (reflection) return displayTitle(reflection, topicName);
  if (topic) return topicName(topic);
  return fallback;
}

/* ---------- Validation of the edit forms (REFLECT_LIMITS) ---------- */

export interface ValidationMessage {
  key: string;
  values?: Record<string, string | number>;
}

export interface ReflectionEdit {
  title: string;
  content: string;
  /** The comma-separated tags input. */
  tags: string;
}

export interface ReflectionEditErrors {
  title?: ValidationMessage;
  content?: ValidationMessage;
  tags?: ValidationMessage;
}

export function validateReflectionEdit(edit: ReflectionEdit): ReflectionEditErrors {
  const errors: ReflectionEditErrors = {};
  if (edit.title.trim().length > REFLECT_LIMITS.titleMax) errors.title = { key: 'validation.titleTooLong', values: { max: REFLECT_LIMITS.titleMax } };
  if (edit.content.length > REFLECT_LIMITS.contentMax) errors.content = { key: 'validation.contentTooLong', values: { max: REFLECT_LIMITS.contentMax } };
  const tags = splitTags(edit.tags);
  const long = tags.find((tag) => tag.length > REFLECT_LIMITS.tagMax);
  if (tags.length > REFLECT_LIMITS.tagsMax) errors.tags = { key: 'validation.tooManyTags', values: { max: REFLECT_LIMITS.tagsMax } };
  else if (long) errors.tags = { key: 'validation.tagTooLong', values: { max: REFLECT_LIMITS.tagMax, tag: `${long.slice(0, 20)}…` } };
  return errors;
}

/** The PUT body of an edited reflection: the whole reflection object (part 2 §7 "same body"), never id or dates. */
export function reflectionInputOf(reflection: Reflection, edit: ReflectionEdit): Required<ReflectionInput> {
  return {
    title: edit.title.trim(),
    content: edit.content,
    topic: reflection.topic,
    lifeAreas: reflection.lifeAreas,
    tags: splitTags(edit.tags),
  };
}

/** The tags as the edit form's input shows them. */
export function tagsInputOf(tags: readonly string[]): string {
  return tags.join(', ');
}

export interface TakeawayErrors {
  title?: ValidationMessage;
  content?: ValidationMessage;
}

export function validateTakeaway(input: { title: string; content: string }): TakeawayErrors {
  const errors: TakeawayErrors = {};
  const title = input.title.trim();
  if (!title) errors.title = { key: 'validation.takeawayTitleRequired' };
  else if (title.length > REFLECT_LIMITS.takeawayTitleMax) errors.title = { key: 'validation.takeawayTitleTooLong', values: { max: REFLECT_LIMITS.takeawayTitleMax } };
  if (input.content.length > REFLECT_LIMITS.takeawayContentMax) errors.content = { key: 'validation.takeawayContentTooLong', values: { max: REFLECT_LIMITS.takeawayContentMax } };
  return errors;
}

export function takeawayInputOf(input: { title: string; content: string }): TakeawayInput {
  return { title: input.title.trim(), content: input.content };
}

export const isValid = (errors: object) => Object.keys(errors).length === 0;

/* ---------- Creating the placeholder once (part 2 §4 "Reflection start") ---------- */

// Module level, so neither StrictMode's second effect run nor a remount of the page can
// create a second reflection for the same navigation: the key is the history entry's key.
const creations = new Map<string, Promise<Reflection>>();

/** Starts `create` unless a creation for `key` is already under way or done; both callers get the same promise. */
export function createOnce(key: string, create: () => Promise<Reflection>): Promise<Reflection> {
  let creation = creations.get(key);
  if (!creation) {
    creation = create();
    creations.set(key, creation);
  }
  return creation;
}

/** After a failed creation: the next visit may try again. */
export function resetCreation(key: string): void {
  creations.delete(key);
}

/** For tests. */
export function forgetCreations(): void {
  creations.clear();
}

/* ---------- Untouched placeholders ---------- */

/**
 * A reflection still exactly as a topic click created it: the placeholder (or a blank) title,
 * no summary, no life areas, no tags, and no takeaways when they are known. Such a reflection
 * holds nothing of the user's, and the list marks it as a draft.
 */
export function isUntouchedPlaceholder(reflection: Pick<Reflection, 'title' | 'topic' | 'content' | 'lifeAreas' | 'tags'>, takeaways: readonly unknown[] = []): boolean {
  const title = reflection.title.trim();
  return (!title || title === placeholderTitle(reflection.topic)) && !hasContent(reflection) && reflection.lifeAreas.length === 0 && reflection.tags.length === 0 && takeaways.length === 0;
}

/**
 * Whether leaving a reflection should delete it: it is an untouched placeholder and the user
 * wrote nothing to Clari about it. The chat counts when its history has loaded and shows no
 * message from the user and no reply on its way; a reflection created on this visit whose chat
 * or details had not loaded yet is still the bare placeholder.
 */
export function discardOnLeave({
  reflection,
  takeaways,
  chat,
  createdHere,
}: {
  reflection: Pick<Reflection, 'title' | 'topic' | 'content' | 'lifeAreas' | 'tags'> | null;
  takeaways: readonly unknown[];
  chat: { historyLoaded: boolean; replyLoading: boolean; messages: ReadonlyArray<{ role: string }> };
  createdHere: boolean;
}): boolean {
  if (chat.replyLoading || chat.messages.some((message) => message.role === 'user')) return false;
  if (!reflection) return createdHere;
  if (!isUntouchedPlaceholder(reflection, takeaways)) return false;
  return chat.historyLoaded || createdHere;
}
