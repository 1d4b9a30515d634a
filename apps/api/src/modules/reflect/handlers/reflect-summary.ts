import {
  REFLECT_LIMITS,
  cleanTags,
  type Language,
  type LifeAreaId,
  type ReflectionSummary,
  type ReflectTopicId,
} from '@clari/contracts';
import {
  areasMentioned,
  capitalise,
  firstSentence,
  limit,
  sentencesOf,
  shorten,
  signalsCrisis,
  wordCount,
} from '../../assistant/language';
import { REFLECT_GUIDE } from './reflect-guide';
import { overlap, statementsIn, themeWords, type ThemeWord } from './reflect-language';

export interface ExistingTakeaway {
  id: string;
  title: string;
  content: string;
}

export interface ProposedTakeaway {
  id?: string;
  title: string;
  content: string;
}

export interface OfflineReflectionInput {
  topic: ReflectTopicId;
  language: Language;
  /** What the user wrote in the thread, oldest first, without clarify requests. */
  answers: string[];
  existingTakeaways: ExistingTakeaway[];
  existingLifeAreas: LifeAreaId[];
  existingTags: string[];
}

export interface OfflineReflection {
  summary: ReflectionSummary;
  takeaways: ProposedTakeaway[];
}

/** Below this many words in all answers there is nothing to write a reflection from. */
export const MIN_WORDS_TO_SUMMARISE = 5;
const ANSWER_MAX = 1200;
const SECTION_MAX = 2400;
const INTENTIONS_LISTED = 5;
const TAGS_PROPOSED = 5;
const NEW_TAKEAWAYS_MAX = 4;
const TAKEAWAY_TITLE_MAX = 80;

/**
 * Life areas with clear evidence: named in two sentences or more, or as the only area of a
 * sentence. "At work we made a budget plan" alone is about work, not about finances.
 */
function areasWithEvidence(answers: string[]): LifeAreaId[] {
  const mentions = new Map<LifeAreaId, { sentences: number; alone: boolean }>();
  for (const sentence of answers.flatMap(sentencesOf)) {
    const areas = areasMentioned(sentence);
    for (const area of areas) {
      const known = mentions.get(area) ?? { sentences: 0, alone: false };
      mentions.set(area, { sentences: known.sentences + 1, alone: known.alone || areas.length === 1 });
    }
  }
  return [...mentions.entries()]
    .filter(([, evidence]) => evidence.sentences >= 2 || evidence.alone)
    .map(([area]) => area);
}

/** Whole sentences up to `max` characters; a first sentence longer than that is cut at a word. */
function excerpt(text: string, max: number): string {
  const sentences = sentencesOf(text);
  let result = '';
  for (const sentence of sentences) {
    const next = result ? `${result} ${sentence}` : sentence;
    if (next.length > max) return result ? `${result} …` : shorten(sentence, max);
    result = next;
  }
  return result;
}

/** The topic and the words the user kept coming back to, else the topic and their first sentence. */
function titleFrom(topicTitle: string, theme: ThemeWord[], firstAnswer: string, and: string): string {
  const [first, second] = theme.filter((word) => word.count >= 2);
  const subject = first
    ? `${capitalise(first.word)}${second ? ` ${and} ${second.word}` : ''}`
    : firstSentence(firstAnswer, 60);
  return shorten(subject ? `${topicTitle}: ${subject}` : topicTitle, REFLECT_LIMITS.titleMax);
}

function sameTakeaway(existing: ExistingTakeaway, proposed: ProposedTakeaway): boolean {
  const a = existing.title.trim().toLocaleLowerCase('sv');
  const b = proposed.title.trim().toLocaleLowerCase('sv');
  return (
    a === b || overlap(existing.title, proposed.title) >= 0.6 || overlap(existing.content, proposed.content) >= 0.8
  );
}

/**
 * The offline guide's reflection: the user's answers under the topic's headings (each answer
 * belongs to the question it answered), what they will do, a title from the topic and the
 * theme words, life areas and tags from the text, and 2–4 takeaways from their intentions
 * and insights, else from the topic's core answer and the topic itself. Existing takeaways are
 * kept with their ids (the user may have edited them); new ones are added only when different.
 * Null when the user has not written enough yet.
 */
export function writeReflection(input: OfflineReflectionInput): OfflineReflection | null {
  const texts = REFLECT_GUIDE[input.language];
  const topic = texts.topics[input.topic];
  const answers = input.answers.map((answer) => answer.trim()).filter((answer) => wordCount(answer) > 0);
  const all = answers.join('\n');
  if (wordCount(all) < MIN_WORDS_TO_SUMMARISE) return null;

  const sections = new Map<number, string[]>();
  answers.forEach((answer, index) => {
    const section = Math.min(index, topic.sections.length - 1);
    sections.set(section, [...(sections.get(section) ?? []), excerpt(answer, ANSWER_MAX)]);
  });
  const parts = [...sections.entries()].map(
    ([section, bodies]) => `## ${topic.sections[section]}\n\n${limit(bodies.join('\n\n'), SECTION_MAX)}`,
  );

  const statements = answers.flatMap(statementsIn).filter((statement) => !signalsCrisis(statement.sentence));
  // The intentions gathered in one place, unless they already close the reflection as its last section.
  const lastSection = sections.get(Math.max(...sections.keys())) ?? [];
  const intentions = statements
    .filter(
      (statement) => statement.kind === 'intention' && !lastSection.some((body) => body.includes(statement.sentence)),
    )
    .slice(0, INTENTIONS_LISTED);
  if (intentions.length)
    parts.push(
      `## ${texts.intentionsHeading}\n\n${intentions.map((statement) => `- ${shorten(statement.sentence, 300)}`).join('\n')}`,
    );
  const content = limit(parts.join('\n\n'), REFLECT_LIMITS.contentMax);

  const lifeAreas = [...new Set([...input.existingLifeAreas, ...areasWithEvidence(answers)])];
  const theme = themeWords(all, TAGS_PROPOSED);
  const tags = cleanTags([...input.existingTags, ...theme.map((item) => item.word)])
    .filter((tag) => tag.length <= REFLECT_LIMITS.tagMax)
    .slice(0, REFLECT_LIMITS.tagsMax);

  const proposed: ProposedTakeaway[] = statements.slice(0, 3).map((statement) => ({
    title: capitalise(shorten(statement.gist, TAKEAWAY_TITLE_MAX)),
    content: texts.quoteTakeaway(shorten(statement.sentence, 1500), statement.kind),
  }));
  // Short conversations still get two: the answer to the topic's core question (else the first answer), then the topic's own advice.
  const core = answers[topic.coreSection];
  if (proposed.length < 2)
    proposed.push(
      core
        ? { title: topic.coreTakeaway, content: texts.coreTakeawayContent(excerpt(core, 600)) }
        : { title: topic.sections[0], content: texts.coreTakeawayContent(excerpt(answers[0], 600)) },
    );
  if (proposed.length < 2) proposed.push({ ...topic.fallbackTakeaway });

  const unique = proposed.filter(
    (takeaway, index) =>
      proposed.findIndex((other) => other.title.toLocaleLowerCase('sv') === takeaway.title.toLocaleLowerCase('sv')) ===
      index,
  );
  const kept: ProposedTakeaway[] = input.existingTakeaways.map(({ id, title, content }) => ({ id, title, content }));
  const added = unique
    .filter((takeaway) => !input.existingTakeaways.some((existing) => sameTakeaway(existing, takeaway)))
    .slice(0, NEW_TAKEAWAYS_MAX);

  return {
    summary: { title: titleFrom(topic.title, theme, answers[0], texts.and), content, lifeAreas, tags },
    takeaways: [...kept, ...added].slice(0, REFLECT_LIMITS.takeawaysMax),
  };
}
