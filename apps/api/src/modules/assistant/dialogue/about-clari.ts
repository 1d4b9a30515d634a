import { CONVERSATION_RETENTION_MS, INTERVIEW_DEFAULT_RETENTION_DAYS, type Language } from '@clari/contracts';
import enTexts from '../../../../../../locales/en/about-clari.json';
import svTexts from '../../../../../../locales/sv/about-clari.json';
import enDialogue from '../../../../../../locales/en/dialogue.json';
import svDialogue from '../../../../../../locales/sv/dialogue.json';
import enLexicon from '../../../../../../locales/en/safety-lexicon.json';
import svLexicon from '../../../../../../locales/sv/safety-lexicon.json';
import type { NeuralNetworkJson } from '@nlpjs/neural';
import { compileLexicon, compilePattern, normalise, tokenise, type LexiconFile } from '../language/lexicon';
import { bestLabel, featuresOf, loadStemNetwork, trainStemNetwork } from '../language/stem-network';
import { fill } from '../language/text-helpers';
import weights from './about-clari.weights.json';
import { askedPart, asksAnything, classifyMessage } from './dialogue-act';

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

/**
 * The order topics are tried in: the narrower first, so that "who can download this" is about
 * readers, "can I download it to keep" about control, before being kept is read as a data question.
 */
const MATCH_ORDER: readonly AboutClariTopic[] = ['identity', 'limits', 'readers', 'control', 'data'];

/** Words a question starts with, in either language (dialogue.json's interrogatives). */
const QUESTION_WORDS = new Set(
  [...enDialogue.interrogatives, ...svDialogue.interrogatives].flatMap((word) => tokenise(word).slice(0, 1)),
);

/** A question word or tag left at the end asks too ("i want to delete my account how", "… see this right"). */
const ASKS_AT_END =
  /\b(how|hur|hur gör jag|how do i do that|or what|eller|elr|right|eller hur|or not|eller inte)\s*$/iu;
/** A question told as a wish to know ("I want to know what happens to this text"). */
const ASKS_INDIRECTLY =
  /\b(i want to know|i'd like to know|i would like to know|i wonder|wonder if|wonder whether|wondering|just so i know|jag undrar|undrar|undrar om|undrar ifall|jag vill veta|vill gärna veta|skulle vilja veta|skulle gärna vilja veta)\b/iu;

const COMPILED = (['en', 'sv'] as const).map((language) => {
  const lexiconFile = (language === 'en' ? enLexicon : svLexicon) as LexiconFile;
  const dialogue = language === 'en' ? enDialogue : svDialogue;
  const patterns = dialogue.aboutClari as unknown as Patterns;
  // The safety lexicon's replacements (contractions, slang, spelling) serve here too; its phrases do not. The
  // concepts and key words are this recogniser's own (`@writing`, `@keep`: what is written, and being kept).
  const lexicon = compileLexicon(
    language,
    {
      ...lexiconFile,
      // Its own key words are typo-corrected too ("delte" is delete).
      keywords: [...lexiconFile.keywords, ...dialogue.aboutClariKeywords],
      // "can't you just tell me which values", "kan du inte bara säga": a negation asks the same question here.
      negators: [],
      concepts: dialogue.aboutClariConcepts,
      scopes: {},
      entries: [],
      exclusions: [],
    },
    { stemmed: true },
  );
  const topics = MATCH_ORDER.map((topic) => ({
    topic,
    regexes: patterns[topic].map((pattern) => compilePattern(pattern, lexicon)),
  }));
  return { lexicon, topics };
});

/** A message of a development set or corpus, with what it asks about Clari ('none': nothing). */
export interface AboutClariTrainingItem {
  text: string;
  language: Language;
  topic: AboutClariTopic | 'none';
}

/**
 * Trains the recogniser's network (language/stem-network.ts) from scratch: `npm run cli --
 * about-clari:train` writes it to about-clari.weights.json.
 */
export function trainAboutClari(items: readonly AboutClariTrainingItem[]): NeuralNetworkJson {
  const lexicons = Object.fromEntries(COMPILED.map(({ lexicon }) => [lexicon.language, lexicon]));
  return trainStemNetwork(
    items.map((item) => ({ features: featuresOf(normalise(item.text, lexicons[item.language])), label: item.topic })),
  );
}

/**
 * Above this the network names the topic of a question its phrases did not: chosen on the
 * development sets and the guides' corpora, where no ordinary message reaches it.
 */
const NETWORK_THRESHOLD = 0.6;

/** Empty until `about-clari:train` has run: then only the phrases answer. */
const NETWORK = 'perceptrons' in weights ? loadStemNetwork(weights as unknown as NeuralNetworkJson) : null;

/**
 * Whether the message is short and asks something: "my boss reads everything I write" is an answer
 * to the exercise. Without a question mark, a question's word order ("are you a bot", "kan han läsa
 * det", "… btw sparas det") or a question word last ("… my account how") asks too.
 */
export function isShortQuestion(message: string): boolean {
  const tokens = tokenise(message).filter((token) => token !== '|');
  if (tokens.length === 0 || tokens.length > ABOUT_MAX_WORDS) return false;
  return (
    message.includes('?') ||
    ASKS_AT_END.test(message) ||
    ASKS_INDIRECTLY.test(message) ||
    QUESTION_WORDS.has(tokens[0]) ||
    asksAnything(message) ||
    classifyMessage(message) === 'question'
  );
}

/**
 * The words to read for a question about Clari: a short question whole; in a longer message, the
 * question put after the answer ("… we almost split up in June, who besides me can read this"),
 * when it is short itself. Null when nothing asks.
 */
function questionOf(message: string): string | null {
  if (isShortQuestion(message)) return message;
  const asked = askedPart(message);
  return asked !== null && asked !== message && isShortQuestion(asked) ? asked : null;
}

/** What the message asks about Clari, or null when it asks nothing of the kind. */
export function aboutClariTopic(message: string): AboutClariTopic | null {
  const question = questionOf(message);
  if (question === null) return null;
  const readings = COMPILED.map(({ lexicon, topics }) => ({ text: normalise(question, lexicon), topics }));
  for (const { text, topics } of readings)
    for (const { topic, regexes } of topics)
      if (regexes.some((regex) => ((regex.lastIndex = 0), regex.test(text)))) return topic;
  // Said in words the phrases do not list: the network, over both languages' readings, may still name the topic.
  let found: { label: string; score: number } | null = null;
  for (const { text } of readings) {
    const best = NETWORK ? bestLabel(NETWORK(featuresOf(text))) : null;
    if (best && (!found || best.score > found.score)) found = best;
  }
  return found && found.label !== 'none' && found.score > NETWORK_THRESHOLD ? (found.label as AboutClariTopic) : null;
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
