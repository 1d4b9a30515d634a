import { CONVERSATION_RETENTION_MS, INTERVIEW_DEFAULT_RETENTION_DAYS, type Language } from '@clari/contracts';
import enTexts from '../../../../../../locales/en/about-clari.json';
import svTexts from '../../../../../../locales/sv/about-clari.json';
import enDialogue from '../../../../../../locales/en/dialogue.json';
import svDialogue from '../../../../../../locales/sv/dialogue.json';
import enLexicon from '../../../../../../locales/en/safety-lexicon.json';
import svLexicon from '../../../../../../locales/sv/safety-lexicon.json';
import { compileLexicon, compilePattern, normalise, tokenise, type LexiconFile } from '../safety/crisis-lexicon';
import { fill } from '../language/text-helpers';
import { classifyMessage, isQuestion } from './dialogue-act';

/**
 * Questions people ask about Clari itself ("are you a real person?", "who can read this?"):
 * answered from locales/{en,sv}/about-clari.json in every chat, before any guide sees them,
 * so that a question about privacy is never taken as an answer to the exercise.
 */
export const ABOUT_CLARI_TOPICS = ['control', 'readers', 'data', 'limits', 'identity'] as const;
export type AboutClariTopic = (typeof ABOUT_CLARI_TOPICS)[number];

/** A longer message is an answer that mentions these things, not a question about them. */
const ABOUT_MAX_WORDS = 25;

type Patterns = Record<AboutClariTopic, string[]>;

/** Words a question starts with, in either language (dialogue.json's interrogatives). */
const QUESTION_WORDS = new Set(
  [...enDialogue.interrogatives, ...svDialogue.interrogatives].flatMap((word) => tokenise(word).slice(0, 1)),
);

/** A question word left at the end asks too ("i want to delete my account how"). */
const ASKS_AT_END = /\b(how|hur|hur gör jag|how do i do that|or what|eller)\s*$/iu;
/** A question told as a wish to know ("I want to know what happens to this text"). */
const ASKS_INDIRECTLY =
  /\b(i want to know|i'd like to know|i would like to know|i wonder|wondering|just so i know|jag undrar|undrar|jag vill veta|vill gärna veta)\b/iu;

const COMPILED = (['en', 'sv'] as const).map((language) => {
  const lexiconFile = (language === 'en' ? enLexicon : svLexicon) as LexiconFile;
  const patterns = (language === 'en' ? enDialogue : svDialogue).aboutClari as unknown as Patterns;
  // The safety lexicon's replacements (contractions, slang, spelling) serve here too; its phrases do not.
  const lexicon = compileLexicon(language, { ...lexiconFile, entries: [], exclusions: [] }, { stemmed: true });
  const topics = ABOUT_CLARI_TOPICS.map((topic) => ({
    topic,
    regexes: patterns[topic].map((pattern) => compilePattern(pattern, lexicon)),
  }));
  return { lexicon, topics };
});

/** What the message asks about Clari, or null when it asks nothing of the kind. */
export function aboutClariTopic(message: string): AboutClariTopic | null {
  const words = tokenise(message).filter((token) => token !== '|').length;
  if (words === 0 || words > ABOUT_MAX_WORDS) return null;
  // Only a question: "my boss reads everything I write" is an answer to the exercise. Without a question mark,
  // a question word first ("are you a bot", "kan han läsa det") or last ("… my account how") asks too.
  const first = tokenise(message)[0] ?? '';
  const asks =
    message.includes('?') ||
    ASKS_AT_END.test(message) ||
    ASKS_INDIRECTLY.test(message) ||
    QUESTION_WORDS.has(first) ||
    isQuestion(message) ||
    classifyMessage(message) === 'question';
  if (!asks) return null;
  for (const { lexicon, topics } of COMPILED) {
    const text = normalise(message, lexicon);
    for (const { topic, regexes } of topics)
      if (regexes.some((regex) => ((regex.lastIndex = 0), regex.test(text)))) return topic;
  }
  return null;
}

interface AboutTexts {
  identity: string;
  limits: string;
  data: Record<'default' | 'interview', string>;
  readers: Record<'default' | 'interview', string>;
  control: Record<'default' | 'interview', string>;
  provider: Record<'offline' | 'model', string>;
  back: string;
}

const TEXTS: Record<Language, AboutTexts> = { en: enTexts, sv: svTexts };

export interface AboutClariContext {
  /** The conversation's domain: the anonymous interview answers differently from an account's tools. */
  domain: string;
  /** The emergency number of the reader's language. */
  emergency: string;
  /** Whether what people write goes to an outside AI service. */
  sendsToModel: boolean;
}

/** Clari's answer to a question about itself, then the way back to the exercise. */
export function aboutClariReply(language: Language, topic: AboutClariTopic, context: AboutClariContext): string {
  const texts = TEXTS[language];
  const place = context.domain === 'interview' ? 'interview' : 'default';
  const values = {
    emergency: context.emergency,
    hours: CONVERSATION_RETENTION_MS / 3_600_000,
    days: INTERVIEW_DEFAULT_RETENTION_DAYS,
  };
  const provider = texts.provider[context.sendsToModel ? 'model' : 'offline'];
  const answer =
    topic === 'identity' || topic === 'limits'
      ? texts[topic]
      : topic === 'control'
        ? texts.control[place]
        : // Where the text goes matters to what is kept and who reads it.
          `${texts[topic][place]} ${provider}`;
  return `${fill(answer, values)}\n\n${texts.back}`;
}
