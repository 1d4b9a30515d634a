import {
  LIFE_AREAS,
  REFLECT_CLARIFY_PHRASE,
  REFLECT_LIMITS,
  cleanTags,
  isLifeArea,
  isReflectTopic,
  isUuidShaped,
  mentionsClarifyPhrase,
  type ChatResponse,
  type ConversationData,
  type Language,
  type LifeAreaId,
  type ReflectionSummary,
  type ReflectTopicId,
} from '@clari/contracts';
import type { PromptMessage } from '../../../core/ai/ai.types';
import { oneOf, record, reply, suggestions, text } from '../../assistant/handlers/answer-validation';
import type {
  DomainHandler,
  HandlerResult,
  OpeningContext,
  TurnContext,
} from '../../assistant/handlers/domain-handler';
import { GeneralHandler } from '../../assistant/handlers/general.handler';
import { classifyMessage, feelingOf, firstSentence, signalsCrisis, wordCount } from '../../assistant/language';
import { conversationPrompt, replySchema } from '../../assistant/handlers/prompt';
import { defaultThreadId } from '../../assistant/handlers/thread-id';
import { REFLECT_GUIDE } from './reflect-guide';

/**
 * Chips that are not answers: the starters ("I am proud that…") when sent unfinished, and the
 * requests after a summary ("I want to add something"), in both languages. Chips that are
 * answers ("I felt calm", "En sida om dagen") are the user's choice and count as content.
 */
const chipKey = (text: string) =>
  text
    .trim()
    .toLocaleLowerCase('sv')
    .replace(/[\s.!?]+$/u, '');
const NOT_ANSWER_CHIPS = new Set(
  Object.values(REFLECT_GUIDE)
    .flatMap((guide) => [
      ...Object.values(guide.topics).flatMap((topic) => topic.chips.flat().filter((chip) => chip.trim().endsWith('…'))),
      ...guide.afterSummaryChips,
    ])
    .map(chipKey),
);

function isTopicChip(message: string): boolean {
  return NOT_ANSWER_CHIPS.has(chipKey(message));
}
import { writeReflection, type ExistingTakeaway, type ProposedTakeaway } from './reflect-summary';

export const REFLECT_DOMAIN = 'reflect_topic';
/** "reflect" while talking; "summary" once the reflection has been written. */
export const REFLECT_PHASES = ['reflect', 'summary'] as const;
type ReflectPhase = (typeof REFLECT_PHASES)[number];

/** What the handler reads from conversationData (part 2 §3), validated; anything else is ignored. */
export interface ReflectState {
  topic: ReflectTopicId;
  /** The clarify phrase was sent, or conversationData.clarify is true. */
  clarify: boolean;
  hasSummary: boolean;
  existing: { title: string; content: string; lifeAreas: LifeAreaId[]; tags: string[] } | null;
  existingTakeaways: ExistingTakeaway[];
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function reflectStateOf(data: ConversationData, message: string): ReflectState {
  const reflection = record(data.existingReflection);
  const existing = reflection
    ? {
        title: text(reflection.title, REFLECT_LIMITS.titleMax) ?? '',
        content:
          typeof reflection.content === 'string' && reflection.content.length <= REFLECT_LIMITS.contentMax
            ? reflection.content
            : '',
        lifeAreas: [...new Set(stringsOf(reflection.lifeAreas).filter(isLifeArea))],
        tags: cleanTags(stringsOf(reflection.tags)).filter((tag) => tag.length <= REFLECT_LIMITS.tagMax),
      }
    : null;
  const existingTakeaways = (Array.isArray(data.existingTakeaways) ? data.existingTakeaways : []).flatMap((item) => {
    const takeaway = record(item);
    const title = takeaway && text(takeaway.title, REFLECT_LIMITS.takeawayTitleMax);
    if (!takeaway || !isUuidShaped(takeaway.id) || !title) return [];
    const content =
      typeof takeaway.content === 'string' && takeaway.content.length <= REFLECT_LIMITS.takeawayContentMax
        ? takeaway.content
        : '';
    return [{ id: takeaway.id, title, content }];
  });
  return {
    topic: isReflectTopic(data.topic)
      ? data.topic
      : isReflectTopic(reflection?.topic)
        ? reflection.topic
        : 'open_ended',
    // "Please update my reflection" asks for the same as the Clarify button.
    clarify:
      data.clarify === true ||
      mentionsClarifyPhrase(message) ||
      (message !== '' && classifyMessage(message) === 'update'),
    hasSummary: data.reflection_has_summary === true || (existing?.content.trim().length ?? 0) > 0,
    existing,
    existingTakeaways: existingTakeaways.slice(0, REFLECT_LIMITS.takeawaysMax),
  };
}

/** Clari's reflection_summary as far as it is usable: a title and content within limits; unknown areas and bad tags dropped. */
export function acceptSummary(value: unknown): ReflectionSummary | null {
  const summary = record(value);
  const title = summary && text(summary.title, REFLECT_LIMITS.titleMax);
  const content = summary && text(summary.content, REFLECT_LIMITS.contentMax);
  if (!summary || !title || !content) return null;
  return {
    title,
    content,
    lifeAreas: [...new Set(stringsOf(summary.lifeAreas).filter(isLifeArea))],
    tags: cleanTags(stringsOf(summary.tags))
      .filter((tag) => tag.length <= REFLECT_LIMITS.tagMax)
      .slice(0, REFLECT_LIMITS.tagsMax),
  };
}

/** The usable takeaways (title within limits, content within limits), ids kept only when UUID-shaped; null without a list. */
export function acceptTakeaways(value: unknown): ProposedTakeaway[] | null {
  if (!Array.isArray(value)) return null;
  return value
    .flatMap((item) => {
      const takeaway = record(item);
      const title = takeaway && text(takeaway.title, REFLECT_LIMITS.takeawayTitleMax);
      if (!takeaway || !title) return [];
      const content =
        takeaway.content === undefined || takeaway.content === null
          ? ''
          : typeof takeaway.content === 'string'
            ? takeaway.content.trim()
            : null;
      if (content === null || content.length > REFLECT_LIMITS.takeawayContentMax) return [];
      return [{ ...(isUuidShaped(takeaway.id) ? { id: takeaway.id } : {}), title, content }];
    })
    .slice(0, REFLECT_LIMITS.takeawaysMax);
}

const SUMMARY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'content', 'lifeAreas', 'tags'],
  properties: {
    title: { type: 'string', maxLength: REFLECT_LIMITS.titleMax },
    content: { type: 'string', description: 'Markdown, no HTML.' },
    lifeAreas: { type: 'array', items: { type: 'string', enum: [...LIFE_AREAS] } },
    tags: {
      type: 'array',
      maxItems: REFLECT_LIMITS.tagsMax,
      items: { type: 'string', maxLength: REFLECT_LIMITS.tagMax },
    },
  },
};
const TAKEAWAYS_SCHEMA = {
  type: 'array',
  maxItems: REFLECT_LIMITS.takeawaysMax,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['title', 'content'],
    properties: {
      id: {
        type: 'string',
        description: 'The id of an existing takeaway that still applies; leave out for a new one.',
      },
      title: { type: 'string', maxLength: REFLECT_LIMITS.takeawayTitleMax },
      content: { type: 'string', description: 'Markdown, no HTML.' },
    },
  },
};

const INSTRUCTIONS: Record<Language, (questions: string[]) => string> = {
  en: (questions) =>
    [
      'You guide the user through a reflection on one topic (CONTEXT.topic) in a calm, curious conversation. Before each question, briefly reflect back what you heard in the user’s own words. Ask one question at a time, and follow these questions in order, adapting them to what the user says:',
      ...questions.map((question, index) => `${index + 1}. ${question}`),
      'Suggestions are up to three short messages the user could send next. The phase is "reflect" during the conversation and "summary" once you have written the reflection.',
      `Only when CONTEXT.clarify_requested is true, also write the reflection from everything the user said in this conversation (and from CONTEXT.existingReflection when present): reflection_summary with a title (at most ${REFLECT_LIMITS.titleMax} characters: the topic and the main theme), content (Markdown with ## headings for the parts of the topic, in the user’s own words and in the first person, at most ${REFLECT_LIMITS.contentMax} characters), lifeAreas (only keys from: ${LIFE_AREAS.join(', ')}) and tags (at most ${REFLECT_LIMITS.tagsMax} short words); and takeaways: 2 to 4 concrete lessons or intentions, each with a title (at most ${REFLECT_LIMITS.takeawayTitleMax} characters) and Markdown content (at most ${REFLECT_LIMITS.takeawayContentMax} characters). Give a takeaway the id of an item of CONTEXT.existingTakeaways when it still applies (you may improve its text); leave the id out for new ones; leave out existing ones that you merged or that no longer apply. Then tell the user briefly that the reflection and takeaways are ready and can be edited. Otherwise leave reflection_summary and takeaways out.`,
      'When CONTEXT.existingReflection already has content, the user may have edited it: keep its title, tags and text exactly, and only add new paragraphs and new takeaways from what was said since the last summary; give every item of CONTEXT.existingTakeaways back unchanged with its id, and never bring back a takeaway that is not there. Never use messages like "ok", "please update" or questions to you as material.',
    ].join('\n'),
  sv: (questions) =>
    [
      'Du guidar användaren genom en reflektion kring ett ämne (CONTEXT.topic) i ett lugnt, nyfiket samtal. Spegla kort det du hört med användarens egna ord innan varje fråga. Ställ en fråga i taget och följ de här frågorna i ordning, anpassade efter det användaren säger:',
      ...questions.map((question, index) => `${index + 1}. ${question}`),
      'Förslagen är upp till tre korta meddelanden användaren kan skicka härnäst. Fasen är "reflect" under samtalet och "summary" när du har skrivit reflektionen.',
      `Bara när CONTEXT.clarify_requested är true skriver du också reflektionen utifrån allt användaren sagt i samtalet (och utifrån CONTEXT.existingReflection när den finns): reflection_summary med en titel (högst ${REFLECT_LIMITS.titleMax} tecken: ämnet och huvudtemat), content (Markdown med ##-rubriker för ämnets delar, med användarens egna ord och i jag-form, högst ${REFLECT_LIMITS.contentMax} tecken), lifeAreas (bara nycklar ur: ${LIFE_AREAS.join(', ')}) och tags (högst ${REFLECT_LIMITS.tagsMax} korta ord på svenska); samt takeaways: 2 till 4 konkreta insikter eller avsikter, var och en med en titel (högst ${REFLECT_LIMITS.takeawayTitleMax} tecken) och innehåll i Markdown (högst ${REFLECT_LIMITS.takeawayContentMax} tecken). Ge en insikt id:t från en post i CONTEXT.existingTakeaways när den fortfarande gäller (du får förbättra texten); utelämna id för nya; utelämna befintliga som du slagit ihop eller som inte längre gäller. Berätta sedan kort att reflektionen och insikterna är klara och går att redigera. Annars utelämnar du reflection_summary och takeaways.`,
      'När CONTEXT.existingReflection redan har innehåll kan användaren ha redigerat den: behåll titel, taggar och text exakt, och lägg bara till nya stycken och nya insikter utifrån det som sagts sedan den senaste sammanfattningen; ge tillbaka varje post i CONTEXT.existingTakeaways oförändrad med sitt id, och ta aldrig tillbaka en insikt som inte finns där. Använd aldrig meddelanden som "ok", "uppdatera" eller frågor till dig som material.',
    ].join('\n'),
};

/**
 * reflect_topic: a guided conversation per topic (thread by reflectionId) that, when asked to
 * clarify, writes the reflection and its takeaways. The SPA saves them through
 * PUT /reflect/reflections/{id}/ai-result, so this handler never writes to the database.
 */
export class ReflectTopicHandler implements DomainHandler {
  readonly domains = [REFLECT_DOMAIN] as const;
  readonly schema = replySchema(REFLECT_PHASES, { reflection_summary: SUMMARY_SCHEMA, takeaways: TAKEAWAYS_SCHEMA });
  /** Open-ended reflection is what the general guide does; it also asks about each life area that comes up. */
  private readonly general = new GeneralHandler();

  threadId(data: ConversationData, domain: string): string {
    return defaultThreadId(domain, data);
  }

  initialPhase(data: ConversationData): string {
    return reflectStateOf(data, '').hasSummary ? 'summary' : 'reflect';
  }

  opening({ language, data }: OpeningContext) {
    const texts = REFLECT_GUIDE[language];
    const state = reflectStateOf(data, '');
    const topic = texts.topics[state.topic];
    if (state.existing?.content.trim())
      return { greeting: texts.welcomeBack(state.existing.title || topic.title), suggestions: texts.afterSummaryChips };
    return { greeting: `${topic.intro} ${topic.questions[0]}`, suggestions: topic.chips[0] };
  }

  prompt(context: TurnContext): PromptMessage[] {
    const state = reflectStateOf(context.data, context.message);
    const topic = REFLECT_GUIDE[context.language].topics[state.topic];
    return conversationPrompt({
      language: context.language,
      instructions: INSTRUCTIONS[context.language](topic.questions),
      context: {
        topic: state.topic,
        topicTitle: topic.title,
        phase: context.phase,
        clarify_requested: state.clarify,
        reflection_has_summary: state.hasSummary,
        existingReflection: state.existing,
        existingTakeaways: state.existingTakeaways,
      },
      history: context.history,
      message: context.message,
    });
  }

  parse(answer: unknown, context: TurnContext): HandlerResult | null {
    const body = record(answer);
    const replyText = body && reply(body.reply);
    if (!body || !replyText) return null;
    const current = oneOf(context.phase, REFLECT_PHASES, 'reflect');
    const result: HandlerResult = {
      reply: replyText,
      suggestions: suggestions(body.suggestions),
      phase: oneOf(body.phase, REFLECT_PHASES, current),
      updates: {},
    };
    // A summary is only taken when it was asked for, so a chatty answer never overwrites the user's edits.
    const state = reflectStateOf(context.data, context.message);
    if (!state.clarify) return result;
    const summary = keepUserEdits(acceptSummary(body.reflection_summary), state);
    const takeaways = keepUserTakeaways(acceptTakeaways(body.takeaways), state);
    const extra: NonNullable<HandlerResult['extra']> = {};
    if (summary) extra.reflection_summary = summary;
    if (takeaways) extra.takeaways = takeaways;
    if (summary || takeaways) result.extra = extra;
    if (summary) result.phase = 'summary';
    return result;
  }

  /** The offline guide: the topic's questions in turn, and on request a reflection written from the user's own words. */
  offline(
    context: TurnContext,
  ): { reply: string; suggestions: string[]; phase: string } & Pick<ChatResponse, 'reflection_summary' | 'takeaways'> {
    const { language, message } = context;
    const texts = REFLECT_GUIDE[language];
    const state = reflectStateOf(context.data, message);
    const topic = texts.topics[state.topic];
    const phase: ReflectPhase = oneOf(context.phase, REFLECT_PHASES, 'reflect');
    // Only what the user said counts as material: not the Clarify requests, "ok", "please update", or questions to Clari.
    const userTurns = context.history.filter((item) => item.role === 'user').map((item) => item.content);
    const lastRequest = userTurns
      .map((content) => mentionsClarifyPhrase(content) || classifyMessage(content) === 'update')
      .lastIndexOf(true);
    // Crisis statements never become content (the safety check flags them before this too), nor do Clari's own chips sent back.
    const isMaterial = (content: string) =>
      !mentionsClarifyPhrase(content) &&
      classifyMessage(content) === 'content' &&
      !signalsCrisis(content) &&
      !isTopicChip(content);
    const earlier = userTurns.filter(isMaterial);
    const clarifyChip = REFLECT_CLARIFY_PHRASE[language];

    if (state.clarify) {
      const current = isMaterial(message) ? [message] : [];
      const existing = state.existing?.content.trim() ? state.existing : null;
      // A second Clarify adds only what was said since the last one, and keeps the user's edits.
      const answers = existing
        ? [...userTurns.slice(lastRequest + 1).filter(isMaterial), ...current]
        : [...earlier, ...current];
      const written = writeReflection({
        topic: state.topic,
        language,
        answers,
        existingTakeaways: state.existingTakeaways,
        existingLifeAreas: state.existing?.lifeAreas ?? [],
        existingTags: state.existing?.tags ?? [],
      });
      if (!written) {
        if (existing) return { reply: texts.alreadySummarised, suggestions: texts.afterSummaryChips, phase };
        return { reply: texts.nothingToSummarise(topic.questions[0]), suggestions: topic.chips[0], phase };
      }
      if (existing) {
        const added = written.takeaways.filter((takeaway) => !takeaway.id);
        const addition = answers.map((answer) => answer.trim()).join('\n\n');
        return {
          reply: texts.summaryUpdated(added.length),
          suggestions: texts.afterSummaryChips,
          phase: 'summary',
          reflection_summary: {
            title: existing.title || written.summary.title,
            content: limitText(
              `${existing.content.trim()}\n\n## ${texts.addedHeading}\n\n${addition}`,
              REFLECT_LIMITS.contentMax,
            ),
            lifeAreas: written.summary.lifeAreas,
            tags: written.summary.tags,
          },
          takeaways: written.takeaways,
        };
      }
      return {
        reply: texts.summaryWritten(written.takeaways.length),
        suggestions: texts.afterSummaryChips,
        phase: 'summary',
        reflection_summary: written.summary,
        takeaways: written.takeaways,
      };
    }

    // Content-free messages ("ok", "thanks") get no canned empathy and do not move the questions on.
    if (!isMaterial(message) && state.topic !== 'open_ended') {
      const step = earlier.length;
      const question = state.hasSummary
        ? texts.keepGoingAfterSummary
        : (topic.questions[Math.min(step, topic.questions.length - 1)] ?? texts.keepGoing);
      return {
        reply: question,
        suggestions: [...(topic.chips[step] ?? []).slice(0, 3), ...(step >= 1 ? [clarifyChip] : [])],
        phase,
      };
    }

    const step = earlier.length;
    const withClarify = (chips: string[]) => [...chips.slice(0, 3), ...(step >= 1 ? [clarifyChip] : [])];
    if (state.topic === 'open_ended') {
      const general = this.general.offline(context);
      const hint = state.hasSummary ? texts.keepGoingAfterSummary : step >= 2 ? texts.clarifyHint : '';
      return {
        reply: hint ? `${general.reply}\n\n${hint}` : general.reply,
        suggestions: withClarify(general.suggestions),
        phase,
      };
    }

    const feeling = feelingOf(message);
    const parts = [feeling ? texts.feelings[feeling] : texts.acknowledgements[step % texts.acknowledgements.length]];
    const quote = firstSentence(message);
    if (step === 0 && wordCount(quote) >= 4) parts.push(texts.mirror(quote));
    const next = step + 1;
    if (state.hasSummary) {
      parts.push(texts.keepGoingAfterSummary);
      return { reply: parts.join(' '), suggestions: [...texts.afterSummaryChips, clarifyChip], phase };
    }
    if (next < topic.questions.length) {
      parts.push(topic.questions[next]);
      return { reply: parts.join(' '), suggestions: withClarify(topic.chips[next] ?? []), phase };
    }
    parts.push(next === topic.questions.length ? texts.wrapUp(topic.about) : texts.keepGoing);
    return { reply: parts.join(' '), suggestions: [clarifyChip], phase };
  }
}

/** The text cut at the last paragraph that fits (the reflection's content limit). */
function limitText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const paragraph = cut.lastIndexOf('\n\n');
  return paragraph > 0 ? cut.slice(0, paragraph) : cut.replace(/\s+\S*$/, '');
}

/**
 * A model's reflection on a second Clarify keeps what the user last saved: their title, their
 * tags, and their text, to which only new paragraphs are added.
 */
export function keepUserEdits(summary: ReflectionSummary | null, state: ReflectState): ReflectionSummary | null {
  const existing = state.existing;
  if (!summary || !existing?.content.trim()) return summary;
  const known = new Set(existing.content.split(/\n{2,}/).map(normalisedParagraph));
  const added = summary.content
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph.trim() && !known.has(normalisedParagraph(paragraph)));
  return {
    title: existing.title || summary.title,
    content: limitText([existing.content.trim(), ...added].join('\n\n'), REFLECT_LIMITS.contentMax),
    lifeAreas: [...new Set([...existing.lifeAreas, ...summary.lifeAreas])],
    tags: existing.tags.length ? existing.tags : summary.tags,
  };
}

/** The user's takeaways exactly as saved (ids, edited texts), then only the model's new ones that differ. */
export function keepUserTakeaways(
  takeaways: ProposedTakeaway[] | null,
  state: ReflectState,
): ProposedTakeaway[] | null {
  if (!takeaways || !state.existing?.content.trim()) return takeaways;
  const saved = state.existingTakeaways.map(({ id, title, content }) => ({ id, title, content }));
  const same = (a: string, b: string) => a.trim().toLocaleLowerCase('sv') === b.trim().toLocaleLowerCase('sv');
  const added = takeaways
    .filter(
      (takeaway) =>
        !(takeaway.id && saved.some((item) => item.id === takeaway.id)) &&
        !saved.some((item) => same(item.title, takeaway.title)),
    )
    .map(({ title, content }) => ({ title, content }));
  return [...saved, ...added].slice(0, REFLECT_LIMITS.takeawaysMax);
}

function normalisedParagraph(paragraph: string): string {
  return paragraph.replace(/\s+/g, ' ').trim().toLocaleLowerCase('sv');
}
