import type { Language, ReflectTopicId } from '@clari/contracts';
import enFile from '../../../../../../locales/en/reflect-guide.json';
import svFile from '../../../../../../locales/sv/reflect-guide.json';
import { type Feeling, fill, pluralOf, quote } from '../../assistant/language';

/**
 * One topic's guided conversation: the questions Clari asks in order (the first one in the
 * opening), the heading each answer gets in the written reflection, and suggestion chips.
 */
export interface TopicGuide {
  /** As the topic reads in a title: "Your day", "A conflict". */
  title: string;
  /** The topic as the user's own subject: "your day", "the conflict". */
  about: string;
  /** The opening's first sentence, before the first question. */
  intro: string;
  questions: string[];
  /** One per question: the reflection's heading for the answer to it. */
  sections: string[];
  /** Chips per question (the same index as questions). */
  chips: string[][];
  /** Which answer holds the topic's core insight (what matters, the needs, the tiny version…). */
  coreSection: number;
  /** The title of the takeaway made from that answer. */
  coreTakeaway: string;
  /** A takeaway that fits the topic whatever was said. */
  fallbackTakeaway: { title: string; content: string };
}

export interface ReflectGuideTexts {
  topics: Record<ReflectTopicId, TopicGuide>;
  /** Empathic first sentences, by the feeling a message names. */
  feelings: Record<Feeling, string>;
  acknowledgements: string[];
  mirror(quote: string): string;
  /** Said when every question of the topic has been answered. */
  wrapUp(about: string): string;
  /** Said after the wrap-up and after a summary exists, while the user keeps writing. */
  keepGoing: string;
  keepGoingAfterSummary: string;
  clarifyHint: string;
  welcomeBack(title: string): string;
  summaryWritten(takeaways: number): string;
  nothingToSummarise(question: string): string;
  alreadySummarised: string;
  /** Heading of what a later Clarify adds to a written reflection. */
  addedHeading: string;
  /** Said when a second Clarify added to the reflection and kept the user's edits. */
  summaryUpdated(takeaways: number): string;
  afterSummaryChips: string[];
  /** "X and Y" in a title. */
  and: string;
  intentionsHeading: string;
  quoteTakeaway(sentence: string, kind: 'intention' | 'insight'): string;
  coreTakeawayContent(quote: string): string;
}

/** The shape of locales/{en,sv}/reflect-guide.json: data as is, replies as templates. */
type CountedTemplate = { none: string; one: string; other: string };
interface ReflectGuideFile extends Omit<
  ReflectGuideTexts,
  | 'topics'
  | 'feelings'
  | 'mirror'
  | 'wrapUp'
  | 'welcomeBack'
  | 'summaryWritten'
  | 'nothingToSummarise'
  | 'summaryUpdated'
  | 'quoteTakeaway'
  | 'coreTakeawayContent'
> {
  topics: Record<string, TopicGuide>;
  feelings: Record<string, string>;
  mirror: string;
  wrapUp: string;
  welcomeBack: string;
  summaryWritten: CountedTemplate;
  nothingToSummarise: string;
  summaryUpdated: CountedTemplate;
  quoteTakeaway: { intention: string; insight: string };
  coreTakeawayContent: string;
}

function counted(template: CountedTemplate, count: number, language: Language): string {
  return fill(count === 0 ? template.none : template[pluralOf(language, count)], { count });
}

/** The guide's texts from the locale file, with quoting and plurals done per language. */
function guideTexts(file: ReflectGuideFile, language: Language): ReflectGuideTexts {
  return {
    ...file,
    topics: file.topics as Record<ReflectTopicId, TopicGuide>,
    feelings: file.feelings as Record<Feeling, string>,
    mirror: (text) => fill(file.mirror, { quote: quote(text, language) }),
    wrapUp: (about) => fill(file.wrapUp, { about }),
    welcomeBack: (title) => fill(file.welcomeBack, { title: quote(title, language) }),
    summaryWritten: (count) => counted(file.summaryWritten, count, language),
    nothingToSummarise: (question) => fill(file.nothingToSummarise, { question }),
    summaryUpdated: (count) => counted(file.summaryUpdated, count, language),
    quoteTakeaway: (sentence, kind) => fill(file.quoteTakeaway[kind], { quote: quote(sentence, language) }),
    coreTakeawayContent: (text) => fill(file.coreTakeawayContent, { quote: quote(text, language) }),
  };
}

export const REFLECT_GUIDE: Record<Language, ReflectGuideTexts> = {
  en: guideTexts(enFile as ReflectGuideFile, 'en'),
  sv: guideTexts(svFile as ReflectGuideFile, 'sv'),
};
