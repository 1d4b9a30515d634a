import type { LocalizedText } from '@clari/contracts';
import { record } from '../../assistant/handlers/answer-validation';
import { isInterviewGuide, type InterviewGuide } from '../interview-definition';

/** What the interview's thread store tells the handler: the guide and how far the session is. */
export interface InterviewFacts {
  title: LocalizedText;
  guide: InterviewGuide;
  /** Questions answered or skipped so far; the current question is guide.questions[answered]. */
  answered: number;
  /** A follow-up about the current question has been asked. */
  probed: boolean;
}

/** What the participant's message was, for the export: only an answer answers its question. */
export const INTERVIEW_MESSAGE_KINDS = ['answer', 'skip', 'pause', 'question', 'chat'] as const;
export type InterviewMessageKind = (typeof INTERVIEW_MESSAGE_KINDS)[number];

/** The progress the store saves after a turn (HandlerResult.threadState). */
export interface InterviewProgress {
  answered: number;
  probed: boolean;
  /** The question the participant's message was about (for the export). */
  questionIndex: number;
  kind?: InterviewMessageKind;
}

export function interviewFactsOf(value: unknown): InterviewFacts | null {
  const facts = record(value);
  if (
    !facts ||
    !isInterviewGuide(facts.guide) ||
    typeof facts.answered !== 'number' ||
    typeof facts.probed !== 'boolean'
  )
    return null;
  const title = record(facts.title);
  if (!title || typeof title.en !== 'string' || typeof title.sv !== 'string') return null;
  return { title: { en: title.en, sv: title.sv }, guide: facts.guide, answered: facts.answered, probed: facts.probed };
}

export function interviewProgressOf(value: unknown): InterviewProgress | null {
  const state = record(value);
  if (
    !state ||
    typeof state.answered !== 'number' ||
    typeof state.probed !== 'boolean' ||
    typeof state.questionIndex !== 'number'
  )
    return null;
  const kind = (INTERVIEW_MESSAGE_KINDS as readonly unknown[]).includes(state.kind)
    ? (state.kind as InterviewMessageKind)
    : undefined;
  return { answered: state.answered, probed: state.probed, questionIndex: state.questionIndex, kind };
}
