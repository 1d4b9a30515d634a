import type { Language } from '@clari/contracts';
import enDialogue from '../../../../../../locales/en/dialogue.json';
import svDialogue from '../../../../../../locales/sv/dialogue.json';
import enLexicon from '../../../../../../locales/en/safety-lexicon.json';
import svLexicon from '../../../../../../locales/sv/safety-lexicon.json';
import {
  compileLexicon,
  compilePattern,
  normalise,
  tokenise,
  type CompiledLexicon,
  type LexiconFile,
} from '../language/lexicon';

/**
 * The shared dialogue layer: what kind of message a guide got, before anything in it can
 * become content. Only `content` may be written into a user's records; a question gets an
 * answer, a skip moves on, a chip is Clari's own words coming back. Phrase data lives in
 * locales/{en,sv}/dialogue.json; both languages are always checked (people mix them).
 */
export type DialogueAct =
  'greeting' | 'thanks' | 'ack' | 'question' | 'help' | 'skip' | 'pause' | 'done' | 'update' | 'chip' | 'content';

const WHOLE_ACTS = ['pause', 'skip', 'done', 'update', 'help', 'thanks', 'ack', 'greeting'] as const;
type WholeAct = (typeof WHOLE_ACTS)[number];

interface DialogueFile {
  whole: Record<WholeAct, string[]>;
  anywhere: { question: string[] };
  interrogatives: string[];
  /** Words that make "what should I …", "vad ska jag …" a question without a question mark. */
  secondWords: string[];
  leadingFillers: string[];
  trailingFillers: string[];
  yesNoQuestions: YesNoRule;
}

/** A yes/no question's word order: a finite verb first, then its subject (dialogue.json's `yesNoQuestions`). */
interface YesNoRule {
  verbs: string[];
  /** Endings that mark a finite verb (Swedish present and passive: "ligger", "sparas"). */
  verbEndings: string[];
  notVerbs: string[];
  subjects: string[];
  /** Endings that mark a noun in its definite form, a subject ("forskaren", "personalen"). */
  subjectEndings: string[];
  /**
   * Subjects after which a verb asks anywhere in a sentence, in a language whose statements never
   * put the verb first ("if i stop now can i delete it", "… is that possible"); none in Swedish,
   * where a verb second is a statement ("om jag hinner kan jag skriva mer").
   */
  inside: string[];
  /** Words before the verb that make it a statement ("so do i", "neither can we"). */
  notAfter: string[];
}

interface CompiledDialogue {
  lexicon: CompiledLexicon;
  whole: Array<{ act: WholeAct; regex: RegExp }>;
  anywhere: RegExp[];
  interrogatives: Set<string>;
  secondWords: Set<string>;
  leading: Set<string>;
  trailing: Set<string>;
  /** Whether two words, first in a sentence after any filler, ask a yes/no question ("can my", "sparas det"). */
  yesNoOrder: (first: string, second: string, filler?: string) => boolean;
  /** Whether a sentence's words have a verb and its subject inverted inside it ("… can i wipe …"). */
  invertedInside: (words: readonly string[]) => boolean;
}

function invertedInside(rule: YesNoRule): CompiledDialogue['invertedInside'] {
  const words = (list: readonly string[]) => new Set(list.flatMap((word) => tokenise(word)));
  const verbs = words(rule.verbs);
  const subjects = words(rule.inside);
  const notAfter = words(rule.notAfter);
  return (sentence) =>
    sentence.some(
      (word, index) =>
        index > 0 && verbs.has(word) && subjects.has(sentence[index + 1] ?? '') && !notAfter.has(sentence[index - 1]),
    );
}

/** Endings are read only on words longer than this: "har", "är" and "en" are listed or nothing. */
const ENDING_MIN_LENGTH = 4;

function yesNoOrder(rule: YesNoRule): CompiledDialogue['yesNoOrder'] {
  const words = (list: readonly string[]) => new Set(list.flatMap((word) => tokenise(word)));
  const verbs = words(rule.verbs);
  const notVerbs = words(rule.notVerbs);
  const subjects = words(rule.subjects);
  const notAfter = words(rule.notAfter);
  const ends = (word: string, endings: readonly string[]) =>
    word.length > ENDING_MIN_LENGTH && endings.some((ending) => word.endsWith(ending));
  return (first, second, filler) =>
    !notAfter.has(filler ?? '') &&
    (verbs.has(first) || (!notVerbs.has(first) && ends(first, rule.verbEndings))) &&
    (subjects.has(second) || ends(second, rule.subjectEndings));
}

function compileDialogue(language: Language, file: DialogueFile, lexiconFile: LexiconFile): CompiledDialogue {
  // The safety lexicon's replacements (contractions, slang, spelling) serve here too; its phrases do not.
  const lexicon = compileLexicon(language, { ...lexiconFile, entries: [], exclusions: [] });
  const whole = WHOLE_ACTS.flatMap((act) =>
    file.whole[act].map((pattern) => {
      const source = compilePattern(pattern, lexicon).source;
      // Anchored: the pattern is the whole (trimmed) message, up to trailing clause marks.
      return { act, regex: new RegExp(`^${source}(?:\\| )*$`) };
    }),
  );
  return {
    lexicon,
    whole,
    anywhere: file.anywhere.question.map((pattern) => compilePattern(pattern, lexicon)),
    interrogatives: new Set(file.interrogatives.flatMap((word) => tokenise(word))),
    secondWords: new Set(file.secondWords.flatMap((word) => tokenise(word))),
    leading: new Set(file.leadingFillers.flatMap((word) => tokenise(word))),
    trailing: new Set(file.trailingFillers.flatMap((word) => tokenise(word))),
    yesNoOrder: yesNoOrder(file.yesNoQuestions),
    invertedInside: invertedInside(file.yesNoQuestions),
  };
}

const DIALOGUES: Record<Language, CompiledDialogue> = {
  en: compileDialogue('en', enDialogue as DialogueFile, enLexicon as LexiconFile),
  sv: compileDialogue('sv', svDialogue as DialogueFile, svLexicon as LexiconFile),
};

/** A message longer than this is content, whatever words it starts with. */
const WHOLE_ACT_MAX_WORDS = 14;

/** Words of a message as the dialogue layer compares them: lower case, folded, no punctuation. */
export function comparable(text: string): string {
  return tokenise(text)
    .filter((token) => token !== '|')
    .join(' ');
}

export interface ClassifyOptions {
  /** Clari's own suggestion chips the message may be (both languages). */
  chips?: readonly string[];
}

/** Which act a message of several non-content sentences is ("Can we take a break? I'll continue later"). */
const ACT_PRIORITY: readonly DialogueAct[] = [
  'pause',
  'skip',
  'done',
  'update',
  'help',
  'question',
  'thanks',
  'greeting',
  'ack',
];

/** What kind of message this is; see DialogueAct. */
export function classifyMessage(message: string, options: ClassifyOptions = {}): DialogueAct {
  const act = classifyOne(message, options);
  if (act !== 'content') return act;
  const sentences = message
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /\p{L}/u.test(sentence));
  if (sentences.length < 2) return act;
  const acts = sentences.map((sentence) => classifyOne(sentence, options));
  if (acts.includes('content')) return 'content';
  return ACT_PRIORITY.find((candidate) => acts.includes(candidate)) ?? 'content';
}

function classifyOne(message: string, options: ClassifyOptions): DialogueAct {
  const plain = comparable(message);
  if (!plain) return 'ack';
  if (options.chips?.some((chip) => comparable(chip) === plain)) return 'chip';
  const wordCount = plain.split(' ').length;
  for (const dialogue of Object.values(DIALOGUES)) {
    const normalised = normalise(message, dialogue.lexicon);
    if (wordCount <= WHOLE_ACT_MAX_WORDS) {
      for (const candidate of trimmedVariants(normalised, dialogue)) {
        const found = dialogue.whole.find(({ regex }) => regex.test(candidate));
        if (found) return found.act;
      }
    }
    if (dialogue.anywhere.some((pattern) => ((pattern.lastIndex = 0), pattern.test(normalised)))) return 'question';
  }
  return isQuestion(message) ? 'question' : 'content';
}

/** The sentences of a message that have letters in them. */
function sentencesOf(message: string): string[] {
  return message
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /\p{L}/u.test(sentence));
}

/** Whether the message only asks (every sentence is a question), in either language. */
export function isQuestion(message: string): boolean {
  const sentences = sentencesOf(message);
  return sentences.length > 0 && sentences.every(asks);
}

/**
 * Whether any sentence or clause of the message asks ("ok i picked family. btw can my boss see
 * this", "jag vill radera det, går det"): for a question put after an answer.
 */
export function asksAnything(message: string): boolean {
  return askedPart(message) !== null;
}

/** Clauses start after a comma or at "or" ("am i talking to a person or is this a bot"); kept by split. */
const CLAUSE_START = /(,\s*|\s+(?:or|eller|elr)\s+)/iu;

/**
 * The question of a message, as written: the last sentence that asks, or in it the part from the
 * first clause that asks to its end ("… and now I'm panicking, who can read this", "wait am i
 * talking to a real person or is this a bot"). Null when nothing asks: a question put after an
 * answer is read on its own.
 */
export function askedPart(message: string): string | null {
  const sentences = sentencesOf(message);
  for (let index = sentences.length - 1; index >= 0; index--) {
    const sentence = sentences[index];
    if (asks(sentence)) return sentence;
    // Even places are clauses, odd places the commas and "or"s between them.
    const parts = sentence.split(CLAUSE_START);
    for (let clause = 0; clause < parts.length; clause += 2)
      if (asks(parts[clause])) return clause === 0 ? sentence : parts.slice(clause).join('');
  }
  return null;
}

function asks(sentence: string): boolean {
  if (/\?\s*$/.test(sentence)) return true;
  // Without a question mark only the question word order counts ("what should I write", "vad ska jag skriva",
  // "can my boss see this", "sparas det här"): "When my daughter learned to ride", "när vi var i Italien" are answers.
  const words = tokenise(sentence).filter((word) => word !== '|');
  if (!words.length || /[.!]\s*$/.test(sentence) || words.length > QUESTION_MAX_WORDS) return false;
  return Object.values(DIALOGUES).some((dialogue) => {
    // A filler first ("ok", "btw", "asså") is not where the question starts.
    const start = words.findIndex((word) => !dialogue.leading.has(word));
    const [first, second] = start === -1 ? [] : words.slice(start, start + 2);
    return (
      !!first &&
      !!second &&
      ((dialogue.interrogatives.has(first) && dialogue.secondWords.has(second)) ||
        dialogue.yesNoOrder(first, second, words[start - 1]) ||
        dialogue.invertedInside(words))
    );
  });
}

/** A longer sentence without a question mark is told, not asked. */
const QUESTION_MAX_WORDS = 12;

/**
 * The message with fillers at its ends set aside ("ok, thanks", "hej, kan vi pausa?"):
 * first as written, then without leading and trailing fillers.
 */
function trimmedVariants(normalised: string, dialogue: CompiledDialogue): string[] {
  const words = normalised.trim().split(' ').filter(Boolean);
  let start = 0;
  let end = words.length;
  while (start < end && (dialogue.leading.has(words[start]) || words[start] === '|')) start++;
  while (end > start && (dialogue.trailing.has(words[end - 1]) || words[end - 1] === '|')) end--;
  const variants = new Set([
    ` ${words.join(' ')} `,
    ` ${words.slice(start).join(' ')} `,
    ` ${words.slice(0, end).join(' ')} `,
    ` ${words.slice(start, end).join(' ')} `,
  ]);
  return [...variants];
}

/** Content words of a message only: a message that is a greeting, thanks or an act carries none. */
export function isContent(message: string, options: ClassifyOptions = {}): boolean {
  return classifyMessage(message, options) === 'content';
}
