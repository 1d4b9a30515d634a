import { Injectable } from '@nestjs/common';
import {
  YEAR_COMPASS_LIMITS,
  YEAR_COMPASS_SECTIONS,
  isPastYearSection,
  isYearCompassSectionNumber,
  yearCompassYears,
  type ConversationData,
  type Language,
  type YearCompassBoxUpdate,
} from '@clari/contracts';
import type { PromptMessage } from '../../../core/ai/ai.types';
import { oneOf, record, reply, suggestions, text } from '../../assistant/handlers/answer-validation';
import type {
  DomainHandler,
  HandlerResult,
  OpeningContext,
  TurnContext,
} from '../../assistant/handlers/domain-handler';
import {
  areasMentioned,
  classifyMessage,
  comparable,
  compilePhraseSet,
  type DialogueAct,
  feelingOf,
  fill,
  findPhrases,
  firstSentence,
  joinList,
  vary,
} from '../../assistant/language';
import { conversationPrompt, replySchema } from '../../assistant/handlers/prompt';
import { defaultThreadId } from '../../assistant/handlers/thread-id';
import { sectionContent, type SectionContent, type SectionContentBox } from '../year-compass-content';
import { APPEND_SEPARATOR, YearCompassRepository } from '../year-compass.repository';
import enGuide from '../../../../../../locales/en/year-compass-guide.json';
import svGuide from '../../../../../../locales/sv/year-compass-guide.json';
import { SECTION_GUIDE } from './section-guide';

/** The guide's texts and topic words beyond section-guide.ts (locales/{en,sv}/year-compass-guide.json). */
const GUIDE_TEXTS: Record<Language, typeof enGuide> = { en: enGuide, sv: svGuide };
/** The topic boxes of the life-area sections (s2_work, s14_health …), by their id suffix. */
const TOPIC_KEYS = new Set(Object.keys(enGuide.topics));
const TOPICS = [compilePhraseSet('en', enGuide.topics), compilePhraseSet('sv', svGuide.topics)];

/** The phase once every box has content: reflecting together. Otherwise the phase is the id of the box asked about. */
export const REFLECT_PHASE = 'reflect';
const ALL_PHASES = [...YEAR_COMPASS_SECTIONS.flatMap((section) => section.boxes.map((box) => box.id)), REFLECT_PHASE];

/** The section of conversationData.sectionNumber (a number or a numeric string), else null. */
export function sectionNumberOf(data: ConversationData): number | null {
  const raw = data.sectionNumber;
  const number = typeof raw === 'string' && /^\d{1,2}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
  return isYearCompassSectionNumber(number) ? number : null;
}

/**
 * The box contents the SPA sends in conversationData.boxes: a list of boxes ({id or box_id,
 * content}) or a map of id → content. Only the section's own boxes are kept.
 */
export function boxContentsOf(data: ConversationData, section: SectionContent): Map<string, string> {
  const known = new Set(section.boxes.map((box) => box.id));
  const contents = new Map<string, string>();
  const add = (id: unknown, content: unknown) => {
    if (typeof id === 'string' && known.has(id) && typeof content === 'string' && !contents.has(id))
      contents.set(id, content.trim());
  };
  if (Array.isArray(data.boxes)) {
    for (const item of data.boxes) {
      const box = record(item);
      if (box) add(box.id ?? box.box_id, box.content);
    }
  } else {
    for (const [id, value] of Object.entries(record(data.boxes) ?? {}))
      add(id, typeof value === 'string' ? value : record(value)?.content);
  }
  return contents;
}

/** A box's text with an addition: appended after a blank line, never replacing what is there. */
export function appendText(existing: string, addition: string): string {
  return existing ? `${existing}${APPEND_SEPARATOR}${addition}` : addition;
}

const UPDATES_SCHEMA = {
  type: 'array',
  description:
    'Text to add to boxes of this section: one item per box, content is only the new text (it is appended to what the box holds).',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['box_id', 'section_number', 'content'],
    properties: { box_id: { type: 'string' }, section_number: { type: 'integer' }, content: { type: 'string' } },
  },
};

const INSTRUCTIONS: Record<Language, (years: { pastYear: number; futureYear: number }) => string> = {
  en: ({ pastYear, futureYear }) =>
    [
      `You help the user fill in one section of Year Compass, a guided reflection in 19 sections: sections 1–12 look back at ${pastYear}, sections 13–19 plan ${futureYear}.`,
      'CONTEXT holds the section (number, title, instruction) and its boxes (id, title, question, current content).',
      'Ask about one box at a time, starting with the first empty one, and set phase to the id of the box you are asking about; use "reflect" once every box has content and you reflect on it together.',
      'When the user’s message answers a box, add it to that box: put {box_id, section_number, content} in updates, where content is only the new text to add, in the user’s own words and first person, lightly tidied. Never repeat what the box already holds, never remove or rewrite the user’s text, and only use box ids of this section.',
      'Say in your reply which box you added to, then ask the next question. When the message answers no box, leave updates empty. Offer up to three short suggestions the user could send next.',
    ].join('\n'),
  sv: ({ pastYear, futureYear }) =>
    [
      `Du hjälper användaren att fylla i en del av Year Compass, en guidad reflektion i 19 delar: del 1–12 blickar tillbaka på ${pastYear}, del 13–19 planerar ${futureYear}.`,
      'CONTEXT innehåller delen (nummer, rubrik, instruktion) och dess rutor (id, rubrik, fråga, nuvarande innehåll).',
      'Fråga om en ruta i taget, med början i den första tomma, och sätt phase till id:t för rutan du frågar om; använd "reflect" när alla rutor har innehåll och ni reflekterar tillsammans.',
      'När användarens meddelande besvarar en ruta, lägg till det i rutan: skriv {box_id, section_number, content} i updates, där content bara är den nya texten att lägga till, med användarens egna ord i första person, varsamt putsad. Upprepa aldrig det som redan står i rutan, ta aldrig bort eller skriv om användarens text, och använd bara id:n för rutor i den här delen.',
      'Säg i ditt svar vilken ruta du lade till i, och ställ sedan nästa fråga. När meddelandet inte besvarar någon ruta lämnar du updates tom. Ge upp till tre korta förslag på vad användaren kan skriva härnäst.',
    ].join('\n'),
};

interface SectionState {
  section: SectionContent;
  contents: Map<string, string>;
}

/**
 * yearcompass_dynamicsection: Clari for one section, thread by sectionNumber. It asks about
 * one box at a time and adds the user's answers to the boxes (appended on the server, within
 * the section and the length limit); the response's updates let the SPA re-fetch.
 */
@Injectable()
export class YearCompassSectionHandler implements DomainHandler {
  readonly domains = ['yearcompass_dynamicsection'] as const;
  readonly schema = replySchema(ALL_PHASES, { updates: UPDATES_SCHEMA }, ['updates']);

  constructor(private readonly repository: YearCompassRepository) {}

  threadId(data: ConversationData, domain: string): string {
    return defaultThreadId(domain, data);
  }

  /** The first empty box, or reflect when all have content (the language does not matter for ids). */
  initialPhase(data: ConversationData): string {
    const state = this.stateOf(data, 'en');
    return state ? (this.nextEmptyBox(state, null)?.id ?? REFLECT_PHASE) : REFLECT_PHASE;
  }

  opening({ language, data, phase }: OpeningContext) {
    const guide = SECTION_GUIDE[language];
    const state = this.stateOf(data, language);
    if (!state) return { greeting: guide.noSection, suggestions: [] };
    const box = this.boxOf(state, phase);
    const asked = box && !state.contents.get(box.id) ? box : this.nextEmptyBox(state, null);
    if (!asked)
      return {
        greeting: `${guide.openingAllFilled(state.section.title)}\n\n${this.reflectQuestion(state, language, 0)}`,
        suggestions: this.reflectChips(state, language),
      };
    return {
      greeting: `${guide.opening(state.section.title)}\n\n${guide.ask(asked.title, asked.prompt)}`,
      suggestions: [guide.chips.help, guide.chips.skip],
    };
  }

  prompt(context: TurnContext): PromptMessage[] {
    const state = this.stateOf(context.data, context.language);
    const sectionContext = state
      ? {
          sectionNumber: state.section.sectionNumber,
          title: state.section.title,
          instruction: state.section.instruction,
          boxes: state.section.boxes.map((box) => ({
            id: box.id,
            title: box.title,
            question: box.prompt,
            content: state.contents.get(box.id) ?? '',
          })),
        }
      : { sectionNumber: null };
    return conversationPrompt({
      language: context.language,
      instructions: INSTRUCTIONS[context.language](yearCompassYears()),
      context: { phase: context.phase, ...sectionContext },
      history: context.history,
      message: context.message,
    });
  }

  /**
   * Keeps the updates that fit: boxes of this section only, one per box, text within the
   * limit once appended, and nothing the box already holds. Each update's content becomes
   * the box's whole new text.
   */
  parse(answer: unknown, context: TurnContext): HandlerResult | null {
    const body = record(answer);
    const replyText = body && reply(body.reply);
    if (!body || !replyText) return null;
    const state = this.stateOf(context.data, context.language);
    const updates: YearCompassBoxUpdate[] = [];
    if (state && Array.isArray(body.updates)) {
      for (const item of body.updates) {
        const update = record(item);
        const boxId = update?.box_id;
        if (
          !update ||
          typeof boxId !== 'string' ||
          !this.boxOf(state, boxId) ||
          Number(update.section_number) !== state.section.sectionNumber
        )
          continue;
        if (updates.some((known) => known.box_id === boxId)) continue;
        const addition = text(update.content, YEAR_COMPASS_LIMITS.boxContentMax);
        const existing = state.contents.get(boxId) ?? '';
        if (!addition || existing.includes(addition)) continue;
        const content = appendText(existing, addition);
        if (content.length > YEAR_COMPASS_LIMITS.boxContentMax) continue;
        updates.push({ box_id: boxId, section_number: state.section.sectionNumber, content });
      }
    }
    const phases = state ? [...state.section.boxes.map((box) => box.id), REFLECT_PHASE] : [REFLECT_PHASE];
    return {
      reply: replyText,
      suggestions: suggestions(body.suggestions),
      phase: oneOf(body.phase, phases, context.phase),
      updates,
    };
  }

  /**
   * The offline guide: asks the section's questions one box at a time. The box asked about is
   * the thread's phase (kept with the thread, not guessed from which boxes look filled). The
   * dialogue layer decides first: only content is written; questions are answered, skips move
   * on, chips and small talk write nothing. In the life-area sections an answer goes into the
   * box its topic matches, else into the box asked about. Once every box has content it
   * reflects on what the user wrote. Its updates carry only the text to add, like a model's.
   */
  offline(context: TurnContext): unknown {
    const { language, message, history } = context;
    const guide = SECTION_GUIDE[language];
    const texts = GUIDE_TEXTS[language];
    const state = this.stateOf(context.data, language);
    const answer = (replyText: string, phase: string, chips: string[], updates: YearCompassBoxUpdate[] = []) => ({
      reply: replyText,
      suggestions: chips,
      phase,
      updates,
    });
    if (!state) return answer(guide.noSection, context.phase, []);
    const current = this.boxOf(state, context.phase);
    const boxChips = [guide.chips.help, guide.chips.skip];
    const act = this.actOf(message);
    const turn = history.filter((item) => item.role === 'user').length;

    if (!current) {
      const open = this.nextEmptyBox(state, null);
      if (open && act === 'content') return this.write(state, open, message, language, boxChips);
      if (open) return answer(guide.backTo(open.title, open.prompt), open.id, boxChips);
      const chips = this.reflectChips(state, language);
      if (act === 'content')
        return answer(
          `${this.acknowledge(message, language, turn)}\n\n${this.reflectQuestion(state, language, turn)}`,
          REFLECT_PHASE,
          chips,
        );
      if (act === 'pause' || act === 'done' || act === 'skip') return answer(texts.replies.pause, REFLECT_PHASE, []);
      if (act === 'greeting' || act === 'thanks' || act === 'ack')
        return answer(
          `${vary(texts.replies[act], history)} ${this.reflectQuestion(state, language, turn)}`,
          REFLECT_PHASE,
          chips,
        );
      // A question, a request for help or one of the reflect chips: reflect on what the boxes hold.
      return answer(this.reflectOnBoxes(state, language, turn, history), REFLECT_PHASE, chips);
    }

    switch (act) {
      case 'help':
      case 'chip:help':
        return answer(
          guide.help(current.title, current.prompt, isPastYearSection(state.section.sectionNumber)),
          current.id,
          [guide.chips.skip],
        );
      case 'skip':
      case 'done':
      case 'chip:skip':
        return this.moveOn(state, current, [guide.skipped(current.title)], language, boxChips);
      case 'greeting':
      case 'thanks':
      case 'ack':
        return answer(
          `${vary(texts.replies[act], history)} ${guide.ask(current.title, current.prompt)}`,
          current.id,
          boxChips,
        );
      case 'pause':
        return answer(texts.replies.pause, current.id, boxChips);
      case 'content':
        return this.write(state, current, message, language, boxChips);
      default:
        // A question to Clari, "update", or a chip of another phase: explain the box, write nothing.
        return answer(
          fill(texts.replies.explainBox, { title: current.title, prompt: current.prompt }),
          current.id,
          boxChips,
        );
    }
  }

  /** Clari's own chips told apart from typed text, then the dialogue act. */
  private actOf(message: string): DialogueAct | 'chip:help' | 'chip:skip' | 'chip:reflect' {
    const plain = comparable(message);
    for (const guide of Object.values(SECTION_GUIDE)) {
      if (comparable(guide.chips.help) === plain) return 'chip:help';
      if (comparable(guide.chips.skip) === plain) return 'chip:skip';
      if ([...guide.chips.reflectPast, ...guide.chips.reflectFuture].some((chip) => comparable(chip) === plain))
        return 'chip:reflect';
    }
    return classifyMessage(message);
  }

  /** Adds the answer to its box (the topic's box in the life-area sections, else the one asked), then asks on. */
  private write(
    state: SectionState,
    asked: SectionContentBox,
    message: string,
    language: Language,
    boxChips: string[],
  ) {
    const guide = SECTION_GUIDE[language];
    const texts = GUIDE_TEXTS[language];
    const additions = new Map<string, string[]>();
    for (const [boxId, sentence] of this.route(state, asked, message))
      additions.set(boxId, [...(additions.get(boxId) ?? []), sentence]);
    const updates: YearCompassBoxUpdate[] = [];
    for (const [boxId, sentences] of additions) {
      const addition = sentences.join(' ');
      const content = appendText(state.contents.get(boxId) ?? '', addition);
      const box = this.boxOf(state, boxId) as SectionContentBox;
      if (content.length > YEAR_COMPASS_LIMITS.boxContentMax)
        return { reply: guide.tooLong(box.title), suggestions: boxChips, phase: asked.id, updates: [] };
      updates.push({ box_id: boxId, section_number: state.section.sectionNumber, content: addition });
      state.contents.set(boxId, content);
    }
    const titles = updates.map((update) => `**${this.boxOf(state, update.box_id)?.title ?? ''}**`);
    const added =
      titles.length === 1
        ? fill(texts.replies.addedTo, { title: titles[0].slice(2, -2) })
        : fill(texts.replies.addedToMany, { titles: joinList(titles, language) });
    // The box asked about stays asked while it is still empty (the answer went to another topic).
    const next = state.contents.get(asked.id) ? this.nextEmptyBox(state, asked.id) : asked;
    return this.ask(state, next, [added], language, boxChips, updates);
  }

  /** Each statement of the answer with the box it goes into. */
  private route(state: SectionState, asked: SectionContentBox, message: string): Array<[string, string]> {
    const topicBoxes = new Map(state.section.boxes.map((box) => [box.id.replace(/^s\d+_/, ''), box.id]));
    const isTopicSection = [...TOPIC_KEYS].every((key) => topicBoxes.has(key));
    if (!isTopicSection) return [[asked.id, message.trim()]];
    const askedTopic = asked.id.replace(/^s\d+_/, '');
    const sentences = message
      .trim()
      .split(/(?<=[.!?])\s+|\n+/)
      .map((sentence) => sentence.trim())
      .filter(Boolean);
    return sentences.map((sentence) => {
      const topics: string[] = TOPICS.flatMap((set) => findPhrases(sentence, set))
        .filter((hit) => !hit.denied)
        .sort((a, b) => a.at - b.at)
        .map((hit) => hit.id);
      const topic = topics.includes(askedTopic) || topics.length === 0 ? askedTopic : topics[0];
      return [topicBoxes.get(topic) ?? asked.id, sentence];
    });
  }

  private moveOn(
    state: SectionState,
    current: SectionContentBox,
    parts: string[],
    language: Language,
    boxChips: string[],
  ) {
    return this.ask(state, this.nextEmptyBox(state, current.id), parts, language, boxChips, []);
  }

  /** Asks the next box, or reflects once no box is left to ask. */
  private ask(
    state: SectionState,
    next: SectionContentBox | null,
    parts: string[],
    language: Language,
    boxChips: string[],
    updates: YearCompassBoxUpdate[],
  ) {
    const guide = SECTION_GUIDE[language];
    if (next)
      return {
        reply: [...parts, guide.ask(next.title, next.prompt)].join('\n\n'),
        suggestions: boxChips,
        phase: next.id,
        updates,
      };
    // Skipping the last empty box leaves it empty: reflect, without claiming all are filled.
    const allFilled = state.section.boxes.every((box) => state.contents.get(box.id));
    return {
      reply: [
        ...parts,
        allFilled ? guide.allFilled(state.section.title) : this.reflectQuestion(state, language, 0),
      ].join('\n\n'),
      suggestions: this.reflectChips(state, language),
      phase: REFLECT_PHASE,
      updates,
    };
  }

  /** A theme that runs through several boxes, or else which of the boxes matters most: never the user's question echoed back. */
  private reflectOnBoxes(
    state: SectionState,
    language: Language,
    turn: number,
    history: TurnContext['history'],
  ): string {
    const texts = GUIDE_TEXTS[language];
    const filled = state.section.boxes.filter((box) => state.contents.get(box.id));
    const counts = new Map<string, number>();
    for (const box of filled)
      for (const area of areasMentioned(state.contents.get(box.id) ?? ''))
        counts.set(area, (counts.get(area) ?? 0) + 1);
    const [theme] = [...counts.entries()].filter(([, count]) => count >= 2).sort((a, b) => b[1] - a[1])[0] ?? [];
    const themeLine = theme
      ? fill(texts.replies.theme, { theme: texts.replies.themes[theme as keyof typeof texts.replies.themes] })
      : '';
    const lastReply = [...history].reverse().find((item) => item.role === 'assistant')?.content ?? '';
    if (themeLine && !lastReply.includes(themeLine)) return themeLine;
    if (filled.length >= 2) {
      const mattered = fill(texts.replies.whichMattered, {
        titles: joinList(
          filled.map((box) => `**${box.title}**`),
          language,
          'or',
        ),
      });
      if (!lastReply.includes(mattered)) return mattered;
    }
    return this.reflectQuestion(state, language, turn + 1);
  }

  /** Appends the accepted updates to the user's own boxes of this section. */
  async onAnswered(userId: string, result: HandlerResult, context: TurnContext): Promise<void> {
    const state = this.stateOf(context.data, context.language);
    if (!state || !Array.isArray(result.updates) || result.updates.length === 0) return;
    const additions = result.updates.map((update) => {
      const existing = state.contents.get(update.box_id) ?? '';
      // parse() built content as appendText(existing, addition): take the addition back out.
      return {
        boxId: update.box_id,
        content: existing ? update.content.slice(existing.length + APPEND_SEPARATOR.length) : update.content,
      };
    });
    await this.repository.appendToBoxes(userId, state.section.sectionNumber, additions);
  }

  private stateOf(data: ConversationData, language: Language): SectionState | null {
    const sectionNumber = sectionNumberOf(data);
    const section = sectionNumber === null ? null : sectionContent(sectionNumber, language);
    return section ? { section, contents: boxContentsOf(data, section) } : null;
  }

  private boxOf(state: SectionState, id: unknown): SectionContentBox | null {
    return state.section.boxes.find((box) => box.id === id) ?? null;
  }

  /** The first empty box after `after` (wrapping around), never `after` itself; null when all have content. */
  private nextEmptyBox(state: SectionState, after: string | null): SectionContentBox | null {
    const boxes = state.section.boxes;
    const start = after === null ? 0 : boxes.findIndex((box) => box.id === after) + 1;
    for (let i = 0; i < boxes.length; i++) {
      const box = boxes[(start + i) % boxes.length];
      if (box.id !== after && !state.contents.get(box.id)) return box;
    }
    return null;
  }

  private acknowledge(message: string, language: Language, turn: number): string {
    const guide = SECTION_GUIDE[language];
    const feeling = feelingOf(message);
    const quote = firstSentence(message);
    const parts = [feeling ? guide.feelings[feeling] : guide.acknowledgements[turn % guide.acknowledgements.length]];
    if (quote.split(/\s+/).length >= 3) parts.push(guide.mirror(quote));
    return parts.join(' ');
  }

  private reflectQuestion(state: SectionState, language: Language, turn: number): string {
    const questions = isPastYearSection(state.section.sectionNumber)
      ? SECTION_GUIDE[language].reflectPast
      : SECTION_GUIDE[language].reflectFuture;
    return questions[turn % questions.length];
  }

  private reflectChips(state: SectionState, language: Language): string[] {
    return isPastYearSection(state.section.sectionNumber)
      ? SECTION_GUIDE[language].chips.reflectPast
      : SECTION_GUIDE[language].chips.reflectFuture;
  }
}
