import { Injectable } from '@nestjs/common';
import { INTERVIEW_PHASE, type ConversationData, type Language } from '@clari/contracts';
import type { PromptMessage } from '../../../core/ai/ai.types';
import { PiiScrubber } from '../../../core/ai/pii-scrubber';
import { record, reply, suggestions } from '../../assistant/handlers/answer-validation';
import type {
  DomainHandler,
  HandlerResult,
  OpeningContext,
  TurnContext,
} from '../../assistant/handlers/domain-handler';
import { firstSentence, wordCount } from '../../assistant/language';
import { conversationPrompt, replySchema } from '../../assistant/handlers/prompt';
import { threadField } from '../../assistant/handlers/thread-id';
import { InterviewThreadStore } from '../interview-thread.store';
import { interviewFactsOf, type InterviewMessageKind, type InterviewProgress } from './interview-facts';
import {
  INTERVIEW_GUIDE,
  asksForPause,
  asksToExplain,
  asksToSkip,
  isSmallTalk,
  removeIntroducedNames,
} from './interview-guide';

/** Answers with fewer words than this (or short hedging ones) get one follow-up question before the interview moves on. */
export const SHORT_ANSWER_WORDS = 4;

const INSTRUCTIONS: Record<Language, string> = {
  en: [
    'You are conducting an anonymous research interview. Follow the interview guide in CONTEXT: its goal and tone, and its questions in order, one question at a time, in warm plain words that keep each question’s meaning.',
    'current_question is the question the participant is answering now. If their message answers it, or they ask to skip it, set question_answered to true: thank them in one short sentence and ask next_question (if next_question is null, thank them and say that the interview is complete).',
    'If the answer is very short or vague and follow_up_already_asked is false, ask one short follow-up about the current question instead (current_question.probe when given): set question_answered to false and follow_up_asked to true. If they ask what a question means, say it in other words (current_question.rephrase when given) and give its example when there is one, never the same words again (both false). If they want a break, tell them they can close the page and continue later with the 6-digit code shown on it (both false).',
    'Never ask for names, contact details, workplaces or anything else that could identify the participant or someone else; if they share such details, gently ask them to leave them out. Do not give advice or therapy; listen and move through the guide. Suggestions are short replies the participant could send, such as skipping the question.',
  ].join('\n'),
  sv: [
    'Du genomför en anonym forskningsintervju. Följ intervjuguiden i CONTEXT: dess mål och ton, och dess frågor i ordning, en fråga i taget, med varma och enkla ord som behåller varje frågas innebörd.',
    'current_question är frågan deltagaren svarar på nu. Om meddelandet besvarar den, eller om deltagaren vill hoppa över den, sätt question_answered till true: tacka med en kort mening och ställ next_question (om next_question är null, tacka och säg att intervjun är klar).',
    'Om svaret är mycket kort eller vagt och follow_up_already_asked är false, ställ i stället en kort följdfråga om den aktuella frågan (current_question.probe om den finns): sätt question_answered till false och follow_up_asked till true. Om deltagaren frågar vad en fråga betyder, säg den med andra ord (current_question.rephrase om den finns) och ge dess exempel om det finns, aldrig med samma ord igen (båda false). Om deltagaren vill ta en paus, berätta att sidan kan stängas och intervjun fortsättas senare med den sexsiffriga koden som står på sidan (båda false).',
    'Fråga aldrig efter namn, kontaktuppgifter, arbetsplats eller annat som kan identifiera deltagaren eller någon annan; om sådant delas, be vänligt deltagaren att utelämna det. Ge inga råd eller terapi; lyssna och gå vidare i guiden. Förslagen är korta svar deltagaren kan skicka, till exempel att hoppa över frågan.',
  ].join('\n'),
};

/** What the message was, decided the same way for a model's turn and the offline guide's. */
function messageKind(message: string, moved: boolean): InterviewMessageKind {
  if (asksForPause(message)) return 'pause';
  if (asksToSkip(message)) return moved ? 'skip' : 'chat';
  if (asksToExplain(message)) return 'question';
  if (isSmallTalk(message)) return 'chat';
  return 'answer';
}

/** "I don't know", "it depends", "kanske", "typ": hedges that leave a short answer without substance. */
const HEDGES =
  /(?<![\p{L}\p{N}])(?:i\s+(?:don'?t|do\s+not)\s+know|dunno|not\s+sure|no\s+idea|it\s+depends|depends|maybe|perhaps|kind\s+of|sort\s+of|i\s+guess|whatever|vet\s+inte|ingen\s+aning|det\s+beror\s+på|beror\s+på|kanske|typ|osäker|ibland|sådär)(?![\p{L}\p{N}])/iu;
/** Up to this many words, an answer that hedges counts as vague. */
const VAGUE_ANSWER_WORDS = 10;

/** Short ("fine"), or short and hedging ("it depends, maybe sometimes"): worth one follow-up. */
export function isVagueAnswer(message: string): boolean {
  const words = wordCount(message);
  return words < SHORT_ANSWER_WORDS || (words <= VAGUE_ANSWER_WORDS && HEDGES.test(message.replace(/’/g, "'")));
}

/**
 * The interview domain: Clari follows the interview's guide, one question at a time, probes
 * once when an answer is very short, never asks for identifying details, and reports
 * isComplete once every question is answered or skipped; the thread store then completes the
 * session. Threads are interview sessions (conversationData.session_id), kept by the
 * interview module itself, so the domain works without a login.
 */
@Injectable()
export class InterviewHandler implements DomainHandler {
  readonly domains = ['interview'] as const;
  readonly allowsAnonymous = true;
  readonly schema = replySchema(
    [INTERVIEW_PHASE],
    {
      question_answered: {
        type: 'boolean',
        description:
          'true when the message answered the current question or asked to skip it; then the reply asks the next question.',
      },
      follow_up_asked: {
        type: 'boolean',
        description: 'true when the reply is a follow-up question about the current question.',
      },
    },
    ['question_answered', 'follow_up_asked'],
  );

  constructor(
    readonly threadStore: InterviewThreadStore,
    private readonly scrubber: PiiScrubber,
  ) {}

  /** Only session_id names an interview thread (no fallback to thread_id or an area). */
  threadId(data: ConversationData): string {
    return threadField(data.session_id);
  }

  initialPhase(): string {
    return INTERVIEW_PHASE;
  }

  opening({ language, facts: rawFacts }: OpeningContext) {
    const guide = INTERVIEW_GUIDE[language];
    const facts = interviewFactsOf(rawFacts);
    if (!facts) return { greeting: guide.unavailable, suggestions: [] };
    const questions = facts.guide.questions;
    const first = guide.question(1, questions.length, questions[0][language]);
    return {
      greeting: guide.opening(facts.title[language], questions.length, first),
      suggestions: [guide.chips.explain],
    };
  }

  prompt(context: TurnContext): PromptMessage[] {
    const facts = interviewFactsOf(context.facts);
    const questions = facts?.guide.questions.map((question) => question[context.language]) ?? [];
    const answered = facts?.answered ?? 0;
    // The guide's own rephrasing, example and follow-up for a question, when it gives them.
    const question = (index: number) => {
      if (index >= questions.length) return null;
      const extras = facts?.guide.questions[index];
      return {
        number: index + 1,
        text: questions[index],
        rephrase: extras?.rephrase?.[context.language],
        example: extras?.example?.[context.language],
        probe: extras?.probe?.[context.language],
      };
    };
    return conversationPrompt({
      language: context.language,
      instructions: INSTRUCTIONS[context.language],
      context: {
        interview: facts
          ? {
              title: facts.title[context.language],
              goal: facts.guide.goal[context.language],
              tone: facts.guide.tone[context.language],
            }
          : null,
        question_count: questions.length,
        answered_so_far: answered,
        current_question: question(answered),
        next_question: answered + 1 < questions.length ? { number: answered + 2, text: questions[answered + 1] } : null,
        follow_up_already_asked: facts?.probed ?? false,
      },
      history: context.history,
      message: context.message,
    });
  }

  /**
   * The model (or the offline guide) only says whether the current question was answered; the
   * progress, and so isComplete, is counted here from the stored state, never taken as given.
   */
  parse(answer: unknown, context: TurnContext): HandlerResult | null {
    const body = record(answer);
    const text = body && reply(body.reply);
    const facts = interviewFactsOf(context.facts);
    if (!body || !text || !facts) return null;
    const total = facts.guide.questions.length;
    const moved = body.question_answered === true && facts.answered < total;
    const answered = Math.min(total, facts.answered + (moved ? 1 : 0));
    const complete = answered >= total;
    const progress: InterviewProgress = {
      answered,
      probed: moved ? false : facts.probed || body.follow_up_asked === true,
      questionIndex: Math.min(facts.answered, total - 1),
      kind: messageKind(context.message, moved),
    };
    return {
      reply: text,
      suggestions: complete ? [] : suggestions(body.suggestions),
      phase: INTERVIEW_PHASE,
      updates: {},
      extra: { isComplete: complete },
      threadState: { ...progress },
    };
  }

  /** The offline interviewer: deterministic, in the participant's language, with the same answer shape as a model's. */
  offline(context: TurnContext): unknown {
    const { language, message } = context;
    const guide = INTERVIEW_GUIDE[language];
    const facts = interviewFactsOf(context.facts);
    const answer = (replyText: string, chips: string[], questionAnswered = false, followUp = false) => ({
      reply: replyText,
      suggestions: chips,
      phase: INTERVIEW_PHASE,
      question_answered: questionAnswered,
      follow_up_asked: followUp,
    });
    if (!facts) return answer(guide.unavailable, []);
    const questions = facts.guide.questions.map((question) => question[language]);
    const total = questions.length;
    const current = Math.min(facts.answered, total - 1);
    const chips = [guide.chips.skip, guide.chips.explain];

    // Nothing of these is stored as an answer, and the question stays where it is.
    if (asksForPause(message)) return answer(guide.pause, chips);
    if (asksToSkip(message)) return this.moveOn(guide, facts.answered, questions, [guide.skipped], chips, answer);
    if (asksToExplain(message)) return answer(guide.explain(facts.guide.questions[current]), chips);
    if (isSmallTalk(message))
      return answer(`${guide.smallTalk}\n\n${guide.question(current + 1, total, questions[current])}`, chips);

    const identifying = this.scrubber.scrub(message) !== message || removeIntroducedNames(message) !== message;
    const parts: string[] = identifying ? [guide.identifying] : [];
    if (!facts.probed && isVagueAnswer(message)) {
      parts.push(facts.guide.questions[current].probe?.[language] ?? guide.probes[current % guide.probes.length]);
      return answer(parts.join(' '), chips, false, true);
    } else {
      parts.push(guide.acknowledgements[current % guide.acknowledgements.length]);
      // A longer answer is mirrored by its first sentence (a one-sentence answer is not repeated back).
      const quote = firstSentence(message, 80);
      const sentences = message
        .trim()
        .split(/(?<=[.!?])\s+/)
        .filter((part) => /\p{L}/u.test(part)).length;
      if (!identifying && sentences > 1 && wordCount(quote) >= 4) parts.push(guide.mirror(quote));
    }
    return this.moveOn(guide, facts.answered, questions, parts, chips, answer);
  }

  /** The next question, or after the last one the closing, which thanks once (no acknowledgement before it). */
  private moveOn<T>(
    guide: (typeof INTERVIEW_GUIDE)[Language],
    answered: number,
    questions: string[],
    parts: string[],
    chips: string[],
    answer: (replyText: string, chips: string[], questionAnswered?: boolean) => T,
  ): T {
    const next = answered + 1;
    const total = questions.length;
    if (next >= total) {
      const kept = parts.filter((part) => !guide.acknowledgements.includes(part));
      return answer([kept.join(' '), guide.closing(total)].filter(Boolean).join('\n\n'), [], true);
    }
    return answer(`${parts.join(' ')}\n\n${guide.question(next + 1, total, questions[next])}`, chips, true);
  }
}
