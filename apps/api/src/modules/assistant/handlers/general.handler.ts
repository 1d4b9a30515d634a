import {
  CONVERSATION_PHASES,
  INTERVIEW_PHASE,
  type ConversationData,
  type Language,
  type LifeAreaId,
} from '@clari/contracts';
import enFile from '../../../../../../locales/en/general-guide.json';
import svFile from '../../../../../../locales/sv/general-guide.json';
import type { PromptMessage } from '../../../core/ai/ai.types';
import { fill, firstSentence, quote } from '../language/text-helpers';
import { oneOf, record, reply, suggestions } from './answer-validation';
import type { DomainHandler, HandlerResult, OpeningContext, TurnContext } from './domain-handler';
import { areasMentioned, Feeling, feelingOf } from './guide-language';
import { conversationPrompt, replySchema } from './prompt';
import { defaultThreadId } from './thread-id';

/** Phases the general guide may report: the Value Explorer's, the interview's, and its own. */
const GENERAL_PHASES = [...CONVERSATION_PHASES, INTERVIEW_PHASE, 'reflect'] as const;
type GeneralPhase = (typeof GENERAL_PHASES)[number];

function initialPhaseOf(domain: string): GeneralPhase {
  if (domain.startsWith('valueexplorer_')) return 'values';
  if (domain === 'interview') return INTERVIEW_PHASE;
  return 'reflect';
}

const INSTRUCTIONS: Record<Language, string> = {
  en: 'Help the user reflect on what matters to them. Listen, reflect back what you hear in your own words, and ask one open question that helps them go a step deeper or towards a small, concrete step in line with their values. Offer up to three suggestions the user could send next.',
  sv: 'Hjälp användaren att reflektera över vad som är viktigt för hen. Lyssna, spegla med egna ord det du hör och ställ en öppen fråga som hjälper hen att gå ett steg djupare eller mot ett litet, konkret steg i linje med sina värderingar. Ge upp till tre förslag på vad användaren kan skriva härnäst.',
};

interface GuideTexts {
  greeting: string;
  openers: string[];
  feelings: Record<Feeling, string>;
  mirror(quote: string): string;
  areaNames: Record<LifeAreaId, string>;
  areaQuestions: Record<LifeAreaId, string>;
  /** Asked turn by turn: what matters → how it would look → a step → obstacles → taking away. */
  steps: string[];
  acknowledgements: string[];
  suggestions: string[][];
}

/** The guide's texts (locales/{en,sv}/general-guide.json), with quoting per language. */
function guideTexts(file: Omit<GuideTexts, 'mirror'> & { mirror: string }, language: Language): GuideTexts {
  return { ...file, mirror: (text) => fill(file.mirror, { quote: quote(text, language) }) };
}

const GUIDE: Record<Language, GuideTexts> = {
  en: guideTexts(enFile as Parameters<typeof guideTexts>[0], 'en'),
  sv: guideTexts(svFile as Parameters<typeof guideTexts>[0], 'sv'),
};

/**
 * The guide for domains without a handler of their own: listens, reflects back, and walks
 * from what matters towards a small step. Its offline version does this deterministically.
 */
export class GeneralHandler implements DomainHandler {
  readonly domains = ['*'] as const;
  readonly schema = replySchema(GENERAL_PHASES);

  threadId(data: ConversationData, domain: string): string {
    return defaultThreadId(domain, data);
  }

  initialPhase(_data: ConversationData, domain: string): string {
    return initialPhaseOf(domain);
  }

  opening({ language }: OpeningContext) {
    return { greeting: GUIDE[language].greeting, suggestions: GUIDE[language].openers };
  }

  prompt(context: TurnContext): PromptMessage[] {
    return conversationPrompt({
      language: context.language,
      instructions: INSTRUCTIONS[context.language],
      context: { domain: context.domain, phase: context.phase, ...context.data },
      history: context.history,
      message: context.message,
    });
  }

  parse(answer: unknown, context: TurnContext): HandlerResult | null {
    const body = record(answer);
    const text = body && reply(body.reply);
    if (!body || !text) return null;
    return {
      reply: text,
      suggestions: suggestions(body.suggestions),
      phase: oneOf(body.phase, GENERAL_PHASES, context.phase as GeneralPhase),
      updates: {},
    };
  }

  offline(context: TurnContext): { reply: string; suggestions: string[]; phase: string } {
    const guide = GUIDE[context.language];
    const turn = context.history.filter((item) => item.role === 'user').length;
    const step = Math.min(turn, guide.steps.length - 1);
    const feeling = feelingOf(context.message);
    const [area] = areasMentioned(context.message);
    const quote = firstSentence(context.message);
    const parts = [feeling ? guide.feelings[feeling] : guide.acknowledgements[turn % guide.acknowledgements.length]];
    if (quote.split(/\s+/).length >= 3) parts.push(guide.mirror(quote));
    // The first time an area comes up, ask about it; then keep walking the steps.
    const areaIsNew =
      area && !context.history.some((item) => item.role === 'user' && areasMentioned(item.content).includes(area));
    parts.push(areaIsNew && step < 3 ? guide.areaQuestions[area] : guide.steps[step]);
    return { reply: parts.join(' '), suggestions: guide.suggestions[step], phase: context.phase };
  }
}
