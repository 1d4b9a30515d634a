import { placeholderTitle, type Reflection } from '@clari/contracts';
import { hasContent } from './summary-flag';

/**
 * A reflection still exactly as a topic click created it: the placeholder (or a blank) title,
 * no summary, no life areas, no tags, and no takeaways when they are known. Such a reflection
 * holds nothing of the user's, and the list marks it as a draft.
 */
export function isUntouchedPlaceholder(
  reflection: Pick<Reflection, 'title' | 'topic' | 'content' | 'lifeAreas' | 'tags'>,
  takeaways: readonly unknown[] = [],
): boolean {
  const title = reflection.title.trim();
  return (
    (!title || title === placeholderTitle(reflection.topic)) &&
    !hasContent(reflection) &&
    reflection.lifeAreas.length === 0 &&
    reflection.tags.length === 0 &&
    takeaways.length === 0
  );
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
