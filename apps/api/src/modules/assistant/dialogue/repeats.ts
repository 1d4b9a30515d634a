import type { ChatHistoryItem, Language } from '@clari/contracts';
import enDialogue from '../../../../../../locales/en/dialogue.json';
import svDialogue from '../../../../../../locales/sv/dialogue.json';
import { vary } from '../language/text-helpers';
import { comparable } from './dialogue-act';

/** Short replies for when all a guide would say repeats what it just said (locales/{en,sv}/dialogue.json). */
const FRESH_REPLIES: Record<Language, readonly string[]> = {
  en: enDialogue.freshReplies.replies,
  sv: svDialogue.freshReplies.replies,
};

/** A reply's sentences, each with what follows it up to the next (spaces, line breaks, list marks). */
function sentencesOf(text: string): string[] {
  return text.match(/[^.!?\n]+(?:[.!?]+|\n|$)\s*/g) ?? [];
}

/**
 * The reply without the sentences Clari's previous reply in the history already said: Clari never
 * says the same sentence twice in a row. When nothing is left, a short reply of its own that the
 * previous one did not use either.
 */
export function withoutRepeats(reply: string, history: readonly ChatHistoryItem[], language: Language): string {
  const previous = [...history].reverse().find((item) => item.role === 'assistant')?.content;
  if (!previous) return reply;
  const said = new Set(sentencesOf(previous).map(comparable).filter(Boolean));
  const kept = sentencesOf(reply).filter((sentence) => !said.has(comparable(sentence)));
  if (kept.some((sentence) => comparable(sentence))) return kept.join('').trim();
  return vary(FRESH_REPLIES[language], history) || reply;
}
