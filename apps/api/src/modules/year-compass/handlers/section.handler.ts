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
import type { DomainHandler, HandlerResult, OpeningContext, TurnContext } from '../../assistant/handlers/domain-handler';
import { feelingOf, firstSentence } from '../../assistant/handlers/guide-language';
import { conversationPrompt, replySchema } from '../../assistant/handlers/prompt';
import { defaultThreadId } from '../../assistant/handlers/thread-id';
import { sectionContent, type SectionContent, type SectionContentBox } from '../year-compass-content';
import { APPEND_SEPARATOR, YearCompassRepository } from '../year-compass.repository';
import { SECTION_GUIDE, intentOf } from './section-guide';

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
    if (typeof id === 'string' && known.has(id) && typeof content === 'string' && !contents.has(id)) contents.set(id, content.trim());
  };
  if (Array.isArray(data.boxes)) {
    for (const item of data.boxes) {
      const box = record(item);
      if (box) add(box.id ?? box.box_id, box.content);
    }
  } else {
    for (const [id, value] of Object.entries(record(data.boxes) ?? {})) add(id, typeof value === 'string' ? value : record(value)?.content);
  }
  return contents;
}

/** A box's text with an addition: appended after a blank line, never replacing what is there. */
export function appendText(existing: string, addition: string): string {
  return existing ? `${existing}${APPEND_SEPARATOR}${addition}` : addition;
}

const UPDATES_SCHEMA = {
  type: 'array',
  description: 'Text to add to boxes of this section: one item per box, content is only the new text (it is appended to what the box holds).',
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
    if (!asked) return { greeting: `${guide.openingAllFilled(state.section.title)}\n\n${this.reflectQuestion(state, language, 0)}`, suggestions: this.reflectChips(state, language) };
    return { greeting: `${guide.opening(state.section.title)}\n\n${guide.ask(asked.title, asked.prompt)}`, suggestions: [guide.chips.help, guide.chips.skip] };
  }

  prompt(context: TurnContext): PromptMessage[] {
    const state = this.stateOf(context.data, context.language);
    const sectionContext = state
      ? {
          sectionNumber: state.section.sectionNumber,
          title: state.section.title,
          instruction: state.section.instruction,
          boxes: state.section.boxes.map((box) => ({ id: box.id, title: box.title, question: box.prompt, content: state.contents.get(box.id) ?? '' })),
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
        if (!update || typeof boxId !== 'string' || !this.boxOf(state, boxId) || Number(update.section_number) !== state.section.sectionNumber) continue;
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
    return { reply: replyText, suggestions: suggestions(body.suggestions), phase: oneOf(body.phase, phases, context.phase), updates };
  }

  /**
   * The offline guide: asks the section's questions one box at a time; an answer is added to
   * the box it was asked for, then the next empty box is asked; when all have content it
   * reflects with the user. Its updates carry only the text to add, like a model's.
   */
  offline(context: TurnContext): unknown {
    const { language, message } = context;
    const guide = SECTION_GUIDE[language];
    const state = this.stateOf(context.data, language);
    const answer = (replyText: string, phase: string, chips: string[], updates: YearCompassBoxUpdate[] = []) => ({ reply: replyText, suggestions: chips, phase, updates });
    if (!state) return answer(guide.noSection, context.phase, []);
    const current = this.boxOf(state, context.phase);
    const boxChips = [guide.chips.help, guide.chips.skip];

    if (!current) {
      const open = this.nextEmptyBox(state, null);
      if (open) return answer(guide.backTo(open.title, open.prompt), open.id, boxChips);
      const turn = context.history.filter((item) => item.role === 'user').length;
      return answer(`${this.acknowledge(message, language, turn)}\n\n${this.reflectQuestion(state, language, turn)}`, REFLECT_PHASE, this.reflectChips(state, language));
    }

    const intent = intentOf(message);
    if (intent === 'help') return answer(guide.help(current.title, current.prompt, isPastYearSection(state.section.sectionNumber)), current.id, [guide.chips.skip]);
    const parts: string[] = [];
    const updates: YearCompassBoxUpdate[] = [];
    if (intent === 'skip') {
      parts.push(guide.skipped(current.title));
    } else {
      const addition = message.trim();
      const content = appendText(state.contents.get(current.id) ?? '', addition);
      if (content.length > YEAR_COMPASS_LIMITS.boxContentMax) return answer(guide.tooLong(current.title), current.id, boxChips);
      updates.push({ box_id: current.id, section_number: state.section.sectionNumber, content: addition });
      state.contents.set(current.id, content);
      parts.push(guide.added(current.title));
    }
    const next = this.nextEmptyBox(state, current.id);
    if (next) {
      parts.push(guide.ask(next.title, next.prompt));
      return answer(parts.join('\n\n'), next.id, boxChips, updates);
    }
    // Skipping the last empty box leaves it empty: reflect, without claiming all are filled.
    const allFilled = state.section.boxes.every((box) => state.contents.get(box.id));
    parts.push(allFilled ? guide.allFilled(state.section.title) : this.reflectQuestion(state, language, 0));
    return answer(parts.join('\n\n'), REFLECT_PHASE, this.reflectChips(state, language), updates);
  }

  /** Appends the accepted updates to the user's own boxes of this section. */
  async onAnswered(userId: string, result: HandlerResult, context: TurnContext): Promise<void> {
    const state = this.stateOf(context.data, context.language);
    if (!state || !Array.isArray(result.updates) || result.updates.length === 0) return;
    const additions = result.updates.map((update) => {
      const existing = state.contents.get(update.box_id) ?? '';
      // parse() built content as appendText(existing, addition): take the addition back out.
      return { boxId: update.box_id, content: existing ? update.content.slice(existing.length + APPEND_SEPARATOR.length) : update.content };
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
    const questions = isPastYearSection(state.section.sectionNumber) ? SECTION_GUIDE[language].reflectPast : SECTION_GUIDE[language].reflectFuture;
    return questions[turn % questions.length];
  }

  private reflectChips(state: SectionState, language: Language): string[] {
    return isPastYearSection(state.section.sectionNumber) ? SECTION_GUIDE[language].chips.reflectPast : SECTION_GUIDE[language].chips.reflectFuture;
  }
}
