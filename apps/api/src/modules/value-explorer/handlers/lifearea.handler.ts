import {
  CONVERSATION_PHASES,
  VALUE_EXPLORER_EXTRA_LIMITS,
  VALUE_EXPLORER_LIMITS,
  isLifeArea,
  type ChatUpdates,
  type ConversationData,
  type ConversationPhase,
  type Language,
  type LifeAreaId,
} from '@clari/contracts';
import type { PromptMessage } from '../../../core/ai/ai.types';
import { oneOf, record, reply, suggestions, text, texts } from '../../assistant/handlers/answer-validation';
import type {
  DomainHandler,
  HandlerResult,
  OpeningContext,
  TurnContext,
} from '../../assistant/handlers/domain-handler';
import { conversationPrompt, replySchema } from '../../assistant/handlers/prompt';
import { areaIdOf, defaultThreadId } from '../../assistant/handlers/thread-id';
import { areaName, knownObstacleId, knownValueId, obstacleName, valueName } from '../value-explorer-texts';
import { LIFEAREA_GUIDE, SUGGESTED_OBSTACLES, SUGGESTED_VALUES } from './lifearea-guide';
import enGuide from '../../../../../../locales/en/value-explorer-guide.json';
import svGuide from '../../../../../../locales/sv/value-explorer-guide.json';
import { classifyMessage, comparable, type DialogueAct, fill, joinList, quote, vary } from '../../assistant/language';
import { goalsIn, obstaclesIn, valuesIn } from './value-language';

/** The offline guide's dialogue replies (locales/{en,sv}/value-explorer-guide.json). */
const GUIDE_REPLIES: Record<Language, (typeof enGuide)['replies']> = { en: enGuide.replies, sv: svGuide.replies };
type ChipKey = keyof (typeof LIFEAREA_GUIDE)['en']['chips'];

/** The form after the updates are applied. */
function grown(
  state: AreaState,
  updates: AreaUpdates,
): Pick<AreaState, 'values' | 'shortGoals' | 'longGoals' | 'obstacles'> {
  return {
    values: [...state.values, ...updates.values],
    shortGoals: [...state.shortGoals, ...updates.goals.shortTermGoal],
    longGoals: [...state.longGoals, ...updates.goals.longTermGoal],
    obstacles: [...state.obstacles, ...updates.obstacles],
  };
}

interface AreaState {
  area: LifeAreaId | null;
  values: string[];
  shortGoals: string[];
  longGoals: string[];
  obstacles: string[];
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The edited area's form data from conversationData (lists, or maps keyed by area). */
export function areaStateOf(data: ConversationData): AreaState {
  const id = areaIdOf(data);
  const area = isLifeArea(id) ? id : null;
  const pick = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value) && area
      ? (value as Record<string, unknown>)[area]
      : value;
  const goalsRecord = record(data.goals);
  const goals =
    (goalsRecord && ('shortTermGoal' in goalsRecord || 'longTermGoal' in goalsRecord)
      ? goalsRecord
      : record(pick(data.goals))) ?? {};
  return {
    area,
    values: stringList(pick(data.selectedValues)),
    shortGoals: stringList(goals.shortTermGoal),
    longGoals: stringList(goals.longTermGoal),
    obstacles: stringList(pick(data.obstacles)),
  };
}

const INSTRUCTIONS: Record<Language, string> = {
  en: [
    'You guide the user through one life area of the Value Explorer, in these phases: values (1–5 core values for this area), goals (short-term and long-term goals, each one sentence of at most 500 characters, in the user’s own words), obstacles (at most 3, each at most 100 characters), forward (one concrete committed step) and closure (a short recap).',
    'The CONTEXT holds the area and what the user has already chosen. Move to the next phase when the current one is done or the user wants to move on.',
    'Put only what the user clearly chose or wrote into updates: values as ids from this list when they fit (authenticity, growth, connection, contribution, sustainability, creativity, adventure, wisdom, independence, harmony, courage, compassion, excellence, justice, gratitude, spirituality, responsibility, curiosity, resilience, mindfulness, freedom, innovation, leadership, balance, integrity, playfulness) or else a short custom value; obstacles as ids (lackOfTime, financialConstraints, fearOfFailure, procrastination, limitedResources, selfDoubt, lackOfSupport, competingPriorities) or a short custom text. Never repeat what is already chosen. Suggestions are short messages the user could send next.',
  ].join('\n'),
  sv: [
    'Du guidar användaren genom ett livsområde i Value Explorer, i dessa faser: values (1–5 kärnvärderingar för området), goals (kortsiktiga och långsiktiga mål, vart och ett en mening på högst 500 tecken, med användarens egna ord), obstacles (högst 3, vart och ett högst 100 tecken), forward (ett konkret åtagande) och closure (en kort sammanfattning).',
    'CONTEXT innehåller området och det användaren redan valt. Gå vidare till nästa fas när den nuvarande är klar eller användaren vill gå vidare.',
    'Lägg bara in det användaren tydligt valt eller skrivit i updates: värderingar som id från denna lista när de passar (authenticity, growth, connection, contribution, sustainability, creativity, adventure, wisdom, independence, harmony, courage, compassion, excellence, justice, gratitude, spirituality, responsibility, curiosity, resilience, mindfulness, freedom, innovation, leadership, balance, integrity, playfulness) annars en kort egen värdering på svenska; hinder som id (lackOfTime, financialConstraints, fearOfFailure, procrastination, limitedResources, selfDoubt, lackOfSupport, competingPriorities) eller en kort egen text. Upprepa aldrig det som redan är valt. Förslagen är korta meddelanden användaren kan skicka härnäst.',
  ].join('\n'),
};

const UPDATES_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['values', 'goals', 'obstacles'],
  properties: {
    values: { type: 'array', items: { type: 'string' } },
    goals: {
      type: 'object',
      additionalProperties: false,
      required: ['shortTermGoal', 'longTermGoal'],
      properties: {
        shortTermGoal: { type: 'array', items: { type: 'string' } },
        longTermGoal: { type: 'array', items: { type: 'string' } },
      },
    },
    obstacles: { type: 'array', items: { type: 'string' } },
  },
};

function sameText(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Keeps the updates that fit: known ids or short custom labels, nothing already chosen,
 * nothing over a limit, and no more than the area's room for values and obstacles.
 */
export interface AreaUpdates extends ChatUpdates {
  values: string[];
  obstacles: string[];
  goals: { shortTermGoal: string[]; longTermGoal: string[] };
}

export function acceptUpdates(raw: unknown, state: AreaState): AreaUpdates {
  const body = record(raw) ?? {};
  const items = (value: unknown): string[] =>
    (Array.isArray(value) ? value : [])
      .map((item) => (typeof item === 'string' ? item : (record(item)?.id ?? record(item)?.label)))
      .filter((item): item is string => typeof item === 'string');
  const values: string[] = [];
  for (const item of items(body.values)) {
    const value = knownValueId(item) ?? text(item, VALUE_EXPLORER_EXTRA_LIMITS.valueLabelMax);
    if (
      !value ||
      [...state.values, ...values].some((existing) => sameText(existing, value) || knownValueId(existing) === value)
    )
      continue;
    if (state.values.length + values.length >= VALUE_EXPLORER_LIMITS.valuesPerArea.max) break;
    values.push(value);
  }
  const obstacles: string[] = [];
  for (const item of items(body.obstacles)) {
    const obstacle = knownObstacleId(item) ?? text(item, VALUE_EXPLORER_LIMITS.obstacleTextLength.max);
    if (!obstacle || [...state.obstacles, ...obstacles].some((existing) => sameText(existing, obstacle))) continue;
    if (state.obstacles.length + obstacles.length >= VALUE_EXPLORER_LIMITS.obstaclesPerArea.max) break;
    obstacles.push(obstacle);
  }
  const goals = record(body.goals) ?? {};
  const newGoals = (value: unknown, existing: string[], max: number) =>
    texts(value, max, VALUE_EXPLORER_EXTRA_LIMITS.goalsPerKindMax)
      .filter((goal) => !existing.some((known) => sameText(known, goal)))
      .slice(0, Math.max(0, VALUE_EXPLORER_EXTRA_LIMITS.goalsPerKindMax - existing.length));
  return {
    values,
    obstacles,
    goals: {
      shortTermGoal: newGoals(goals.shortTermGoal, state.shortGoals, VALUE_EXPLORER_LIMITS.shortTermGoalLength.max),
      longTermGoal: newGoals(goals.longTermGoal, state.longGoals, VALUE_EXPLORER_LIMITS.longTermGoalLength.max),
    },
  };
}

/** valueexplorer_lifearea: values → goals → obstacles → forward → closure for one area. */
export class LifeAreaHandler implements DomainHandler {
  readonly domains = ['valueexplorer_lifearea'] as const;
  readonly schema = replySchema(CONVERSATION_PHASES, { updates: UPDATES_SCHEMA }, ['updates']);

  threadId(data: ConversationData, domain: string): string {
    return defaultThreadId(domain, data);
  }

  /** The client's phase when it sends one (the phase is not reset when the area changes). */
  initialPhase(data: ConversationData): string {
    return oneOf(data.currentPhase, CONVERSATION_PHASES, 'values');
  }

  opening({ language, data }: OpeningContext) {
    const guide = LIFEAREA_GUIDE[language];
    const state = areaStateOf(data);
    if (!state.area) return { greeting: guide.noArea, suggestions: [] };
    const name = areaName(state.area, language);
    const phase = this.effectivePhase(this.initialPhase(data), state, false);
    return {
      greeting: guide.opening(name, phase, data.contextSwitched === true),
      suggestions: this.suggestionsFor(phase, state, language),
    };
  }

  prompt(context: TurnContext): PromptMessage[] {
    return conversationPrompt({
      language: context.language,
      instructions: INSTRUCTIONS[context.language],
      context: { phase: context.phase, ...context.data },
      history: context.history,
      message: context.message,
    });
  }

  parse(answer: unknown, context: TurnContext): HandlerResult | null {
    const body = record(answer);
    const replyText = body && reply(body.reply);
    if (!body || !replyText) return null;
    const state = areaStateOf(context.data);
    return {
      reply: replyText,
      suggestions: suggestions(body.suggestions),
      phase: oneOf(body.phase, CONVERSATION_PHASES, context.phase as ConversationPhase),
      updates: acceptUpdates(body.updates, state),
    };
  }

  /**
   * The offline guide. The dialogue layer first decides what kind of message this is; only
   * content can become data, and then only what the phase asks for (values in the values
   * phase, or named explicitly; goals from statements of intent; obstacles in the obstacles
   * phase). What is only hinted at is offered as a chip, never written.
   */
  offline(context: TurnContext): unknown {
    const { language, message, history } = context;
    const guide = LIFEAREA_GUIDE[language];
    const replies = GUIDE_REPLIES[language];
    const state = areaStateOf(context.data);
    if (!state.area) return { reply: guide.noArea, suggestions: [], phase: context.phase, updates: emptyUpdates() };
    const name = areaName(state.area, language);
    const act = this.actOf(message);
    const moveOn = act === 'done' || act === 'skip' || act === 'chip:moveOn' || act === 'chip:noObstacles';
    const phase = this.effectivePhase(context.phase, state, moveOn);
    const answer = (
      reply: string,
      next: ConversationPhase = phase,
      updates: AreaUpdates = emptyUpdates(),
      chips?: string[],
    ) => ({
      reply,
      suggestions: chips ?? this.suggestionsFor(next, { ...state, ...grown(state, updates) }, language),
      phase: next,
      updates,
    });
    const ask = (next: ConversationPhase = phase) => this.question(next, state, language, name);

    switch (act) {
      case 'greeting':
      case 'thanks':
      case 'ack':
        return answer(`${vary(replies[act], history)} ${ask()}`);
      case 'question':
      case 'update':
        return answer(`${this.explain(phase, state, language, name)}\n\n${ask()}`);
      case 'help':
      case 'chip:helpGoal':
        return this.help(phase, state, language, name, answer);
      case 'pause':
        return answer(fill(replies.pause, { area: name }));
      case 'chip:anotherArea':
        return answer(fill(replies.nextArea, { suggestion: '' }).trim(), phase);
      case 'chip:summary':
        return answer(replies.summaryHow, phase);
      default:
        break;
    }

    if (moveOn) {
      const next = this.nextPhase(phase, state, true, false);
      return answer(ask(next), next);
    }

    // Content.
    const found = valuesIn(message);
    const goals = phase === 'goals' ? goalsIn(message) : [];
    const updates = acceptUpdates(
      {
        values: phase === 'values' ? found.named : found.explicit,
        obstacles: phase === 'obstacles' ? obstaclesIn(message) : [],
        goals: this.sortGoals(goals, state, phase),
      },
      state,
    );
    const after: AreaState = { ...state, ...grown(state, updates) };
    const parts: string[] = [];
    if (updates.values.length)
      parts.push(
        guide.addedValues(
          updates.values.map((value) => `**${valueName(value, language)}**`),
          name,
        ),
      );
    for (const goal of updates.goals.shortTermGoal) parts.push(guide.addedGoal('short', goal));
    for (const goal of updates.goals.longTermGoal) parts.push(guide.addedGoal('long', goal));
    if (updates.obstacles.length)
      parts.push(guide.addedObstacles(updates.obstacles.map((obstacle) => `**${obstacleName(obstacle, language)}**`)));
    const progressed =
      updates.values.length +
        updates.obstacles.length +
        updates.goals.shortTermGoal.length +
        updates.goals.longTermGoal.length >
      0;

    if (!progressed && phase === 'values') {
      // Not sure enough to write: offer what the message hints at, or note a goal for later.
      const hinted = found.hinted.filter((value) => !state.values.includes(value)).slice(0, 3);
      if (hinted.length) {
        const names = hinted.map((value) => valueName(value, language));
        return answer(
          fill(replies.hint, {
            values: joinList(
              names.map((item) => `**${item}**`),
              language,
              'or',
            ),
          }),
          phase,
          emptyUpdates(),
          names,
        );
      }
      const goal = goalsIn(message)[0];
      if (goal) return answer(fill(replies.goalLater, { goal: goal.text }));
    }

    let next = this.nextPhase(phase, after, false, progressed);
    if (phase === 'forward' && !progressed && message.trim().length > 3) {
      parts.push(guide.committed(message.trim().replace(/[.!]+$/, '')));
      next = 'closure';
    }
    if (next === phase && !progressed && phase !== 'closure') parts.push(guide.notRecognised[phase]);
    parts.push(this.question(next, after, language, name));
    return answer(parts.join('\n\n'), next, updates);
  }

  /** The dialogue act, with Clari's own chips told apart (a value name chip is content: it picks the value). */
  private actOf(message: string): DialogueAct | `chip:${ChipKey}` {
    const plain = comparable(message);
    for (const texts of Object.values(LIFEAREA_GUIDE)) {
      const key = (Object.keys(texts.chips) as ChipKey[]).find((chip) => comparable(texts.chips[chip]) === plain);
      if (key) return `chip:${key}`;
    }
    return classifyMessage(message);
  }

  /** What the current phase is about, with an example from this area. */
  private explain(phase: ConversationPhase, state: AreaState, language: Language, name: string): string {
    const replies = GUIDE_REPLIES[language];
    const area = state.area as LifeAreaId;
    switch (phase) {
      case 'values':
        return fill(replies.explain.values, {
          area: name,
          examples: joinList(
            SUGGESTED_VALUES[area].slice(0, 3).map((value) => `**${valueName(value, language)}**`),
            language,
            'or',
          ),
        });
      case 'goals':
        return fill(replies.explain.goals, { example: LIFEAREA_GUIDE[language].exampleGoals[area][0] ?? '' });
      case 'obstacles':
        return fill(replies.explain.obstacles, {
          examples: joinList(
            SUGGESTED_OBSTACLES.slice(0, 3).map((obstacle) => obstacleName(obstacle, language).toLowerCase()),
            language,
            'or',
          ),
        });
      case 'forward':
        return fill(replies.explain.forward, {
          goal: state.shortGoals[0]
            ? ` ${language === 'sv' ? 'mot' : 'towards'} ${quote(state.shortGoals[0], language)}`
            : '',
        });
      default:
        return fill(replies.explain.closure, { area: name });
    }
  }

  private help(
    phase: ConversationPhase,
    state: AreaState,
    language: Language,
    name: string,
    answer: (reply: string, next?: ConversationPhase, updates?: AreaUpdates, chips?: string[]) => unknown,
  ): unknown {
    const replies = GUIDE_REPLIES[language];
    const area = state.area as LifeAreaId;
    if (phase === 'values') {
      const open = SUGGESTED_VALUES[area]
        .filter((value) => !state.values.includes(value))
        .map((value) => valueName(value, language));
      return answer(
        fill(replies.help.values, {
          area: name,
          examples: joinList(
            open.map((value) => `**${value}**`),
            language,
          ),
        }),
        phase,
        emptyUpdates(),
        open.slice(0, 4),
      );
    }
    if (phase === 'goals') {
      const [first = '', second = ''] = LIFEAREA_GUIDE[language].exampleGoals[area];
      return answer(
        fill(replies.help.goals, { first, second }),
        phase,
        emptyUpdates(),
        [first, second].filter(Boolean),
      );
    }
    if (phase === 'obstacles') {
      const open = SUGGESTED_OBSTACLES.filter((obstacle) => !state.obstacles.includes(obstacle)).map((obstacle) =>
        obstacleName(obstacle, language),
      );
      return answer(
        fill(replies.help.obstacles, {
          examples: joinList(
            open.slice(0, 4).map((item) => item.toLowerCase()),
            language,
            'or',
          ),
        }),
        phase,
        emptyUpdates(),
        open.slice(0, 3),
      );
    }
    if (phase === 'forward')
      return answer(
        fill(replies.help.forward, {
          step: language === 'sv' ? 'ta första lilla steget' : 'take the first small step',
        }),
      );
    return answer(replies.help.closure);
  }

  /** A phase whose groundwork is missing falls back to it (a new area starts with values). */
  private effectivePhase(phase: string, state: AreaState, moveOn: boolean): ConversationPhase {
    const current = oneOf(phase, CONVERSATION_PHASES, 'values');
    const order = CONVERSATION_PHASES.indexOf(current);
    if (state.values.length === 0 && !moveOn) return 'values';
    if (order > 1 && state.shortGoals.length + state.longGoals.length === 0 && !moveOn) return 'goals';
    return current;
  }

  private nextPhase(
    phase: ConversationPhase,
    state: AreaState,
    moveOn: boolean,
    progressed: boolean,
  ): ConversationPhase {
    const goalCount = state.shortGoals.length + state.longGoals.length;
    switch (phase) {
      case 'values':
        return state.values.length >= VALUE_EXPLORER_LIMITS.valuesPerArea.max ||
          (state.values.length >= 1 && (moveOn || !progressed)) ||
          state.values.length >= 3
          ? 'goals'
          : 'values';
      case 'goals':
        return (state.shortGoals.length > 0 && state.longGoals.length > 0) || (goalCount > 0 && (moveOn || !progressed))
          ? 'obstacles'
          : 'goals';
      case 'obstacles':
        return state.obstacles.length >= VALUE_EXPLORER_LIMITS.obstaclesPerArea.max ||
          moveOn ||
          (state.obstacles.length > 0 && !progressed)
          ? 'forward'
          : 'obstacles';
      case 'forward':
        return moveOn ? 'closure' : 'forward';
      default:
        return 'closure';
    }
  }

  private sortGoals(
    goals: ReturnType<typeof goalsIn>,
    state: AreaState,
    phase: ConversationPhase,
  ): AreaUpdates['goals'] {
    const shortTermGoal: string[] = [];
    const longTermGoal: string[] = [];
    // In the forward phase an "I will …" is the committed step, not a new goal.
    if (phase === 'forward') return { shortTermGoal, longTermGoal };
    for (const goal of goals) {
      const term =
        goal.term !== 'either'
          ? goal.term
          : state.shortGoals.length + shortTermGoal.length === 0
            ? 'short'
            : state.longGoals.length + longTermGoal.length === 0
              ? 'long'
              : 'short';
      (term === 'short' ? shortTermGoal : longTermGoal).push(goal.text);
    }
    return { shortTermGoal, longTermGoal };
  }

  private question(phase: ConversationPhase, state: AreaState, language: Language, name: string): string {
    const guide = LIFEAREA_GUIDE[language];
    switch (phase) {
      case 'values':
        return state.values.length
          ? guide.moreValues(VALUE_EXPLORER_LIMITS.valuesPerArea.max - state.values.length)
          : guide.askValues(name);
      case 'goals':
        return state.shortGoals.length === 0
          ? guide.askShortGoal(
              name,
              state.values.map((value) => valueName(value, language)),
            )
          : guide.askLongGoal;
      case 'obstacles':
        return state.obstacles.length ? guide.moreObstacles : guide.askObstacles;
      case 'forward':
        return guide.askForward(
          state.shortGoals[0] ?? state.longGoals[0] ?? '',
          state.obstacles.map((obstacle) => obstacleName(obstacle, language)),
        );
      default:
        return guide.closure(
          name,
          state.values.map((value) => valueName(value, language)),
          state.shortGoals.length + state.longGoals.length,
          state.obstacles.length,
        );
    }
  }

  private suggestionsFor(phase: ConversationPhase, state: AreaState, language: Language): string[] {
    const guide = LIFEAREA_GUIDE[language];
    if (!state.area) return [];
    if (phase === 'values') {
      const open = SUGGESTED_VALUES[state.area]
        .filter((value) => !state.values.includes(value))
        .map((value) => valueName(value, language));
      return [...open.slice(0, 3), ...(state.values.length ? [guide.chips.moveOn] : [])].slice(0, 4);
    }
    if (phase === 'goals')
      return [
        ...guide.exampleGoals[state.area].filter((goal) => ![...state.shortGoals, ...state.longGoals].includes(goal)),
        guide.chips.helpGoal,
      ].slice(0, 3);
    if (phase === 'obstacles') {
      const open = SUGGESTED_OBSTACLES.filter((obstacle) => !state.obstacles.includes(obstacle)).map((obstacle) =>
        obstacleName(obstacle, language),
      );
      return [...open.slice(0, 3), guide.chips.noObstacles];
    }
    if (phase === 'forward') return [guide.chips.firstStep, guide.chips.moveOn];
    return [guide.chips.anotherArea, guide.chips.summary];
  }
}

function emptyUpdates(): AreaUpdates {
  return { values: [], goals: { shortTermGoal: [], longTermGoal: [] }, obstacles: [] };
}
