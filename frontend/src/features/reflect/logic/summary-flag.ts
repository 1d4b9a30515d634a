import { mentionsClarifyPhrase, type ChatResponse, type Reflection } from '@clari/contracts';

/* Summary flag (part 2 §4 "Summary flag") and what the summary and takeaways sections show. */

/** A loaded reflection has a summary when its content is not blank. */
export function hasContent(reflection: Pick<Reflection, 'content'> | null | undefined): boolean {
  return !!reflection && reflection.content.trim().length > 0;
}

/**
 * The flag after one of Clari's replies: it turns true when the reply mentions the clarify
 * phrase (case-insensitive, either language) or carries a reflection_summary; it never turns
 * false here.
 */
export function summaryFlagAfterReply(
  flag: boolean,
  response: Pick<ChatResponse, 'reply' | 'reflection_summary'>,
): boolean {
  return flag || !!response.reflection_summary || mentionsClarifyPhrase(response.reply);
}

/**
 * After the reply to a Clarify click. When Clari had nothing to summarise yet (no
 * reflection_summary and still no content), the request is over: the flag goes back to what
 * the content says, so the Clarify button returns instead of 'Processing...' staying forever.
 */
export function summaryFlagAfterClarifyReply(
  flag: boolean,
  response: Pick<ChatResponse, 'reply' | 'reflection_summary'>,
  reflection: Pick<Reflection, 'content'> | null,
): boolean {
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
export function takeawaySectionState(
  takeaways: readonly unknown[],
  reflection: Pick<Reflection, 'content'> | null,
  flag: boolean,
): SectionState {
  if (takeaways.length > 0) return 'content';
  return flag && !hasContent(reflection) ? 'processing' : 'empty';
}

/** Part 2 §2: the Clarify button shows only without a summary, for a reflection that exists and is not being created. */
export function showClarify({
  flag,
  reflectionExists,
  creating,
}: {
  flag: boolean;
  reflectionExists: boolean;
  creating: boolean;
}): boolean {
  return !flag && reflectionExists && !creating;
}
