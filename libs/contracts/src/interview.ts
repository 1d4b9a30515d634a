import type { Language } from './languages';
import { INTERVIEW_TOKEN_PATTERN, type InterviewStatus } from './timing';

/** The anonymous AI Interview (part 2 §2, §3, §4, §5, §7, §8, §9). */

/** A text in both interface languages. */
export interface LocalizedText {
  en: string;
  sv: string;
}

/** Limits of an interview definition (CLI `interview:create`) and of its sessions. */
export const INTERVIEW_LIMITS = {
  titleMax: 200,
  descriptionMax: 4000,
  goalMax: 2000,
  toneMax: 500,
  questionsMin: 1,
  questionsMax: 30,
  questionMax: 500,
  retentionDaysMin: 1,
  retentionDaysMax: 3650,
} as const;

/** GET /api/interview/{interviewId}: what the welcome and interview pages show. */
export interface InterviewInfo {
  interviewId: string;
  title: LocalizedText;
  description: LocalizedText;
  questionCount: number;
  /** Sessions and their transcripts are deleted this many days after they started. */
  retentionDays: number;
}

/** POST /api/interview/{interviewId}/session. */
export interface CreateInterviewSessionRequest {
  language: Language;
}

export interface CreateInterviewSessionResponse {
  sessionId: string;
  /** The 6-digit code that resumes the session. */
  token: string;
}

/** GET /api/interview/session/token/{token}. */
export interface InterviewTokenLookupResponse {
  interviewId: string;
  sessionId: string;
}

/** GET and PATCH /api/interview/{interviewId}/session/{sessionId}. */
export interface InterviewSessionResponse {
  token: string;
  status: InterviewStatus;
  language: Language;
  createdAt: string;
}

/** PATCH /api/interview/{interviewId}/session/{sessionId}. */
export interface UpdateInterviewSessionRequest {
  /** Only forward (not_started → in_progress → completed). */
  status?: InterviewStatus;
  /** The language Clari speaks in the session (the page's language toggle). */
  language?: Language;
}

/** conversationData of the interview chat (part 2 §3); session_id is the thread. */
export interface InterviewConversationData {
  session_id: string;
  interview_id: string;
  language: Language;
  currentPhase: 'interview';
  isContextLoaded: true;
  contextSwitched: false;
  [key: string]: unknown;
}

/** Status only moves forward, one step at a time (part 2 §4). */
export const INTERVIEW_STATUS_NEXT: Record<InterviewStatus, InterviewStatus | null> = {
  not_started: 'in_progress',
  in_progress: 'completed',
  completed: null,
};

/** 'same' (nothing to do), 'forward' (allowed) or 'invalid' (backwards or skipping a step). */
export function interviewStatusChange(from: InterviewStatus, to: InterviewStatus): 'same' | 'forward' | 'invalid' {
  if (from === to) return 'same';
  return INTERVIEW_STATUS_NEXT[from] === to ? 'forward' : 'invalid';
}

export function isInterviewToken(value: unknown): value is string {
  return typeof value === 'string' && INTERVIEW_TOKEN_PATTERN.test(value);
}

/** Texts of part 2 §8 and the API's English messages. */
export const INTERVIEW_MESSAGES = {
  startError: 'Failed to start the interview. Please try again.',
  tokenNotFound: 'Session not found. Please check your token and try again.',
  invalidToken: 'Please enter a valid 6-digit session token',
  sessionLoadFailed: 'Failed to load interview session',
  sessionNotFound: 'Session not found',
  interviewNotFound: 'Interview not found',
  invalidTransition: 'The interview status can only move forward: not_started, then in_progress, then completed.',
  completed: 'This interview is already completed.',
  busy: 'Please try again in a moment.',
} as const;

export type InterviewErrorCode =
  | 'interview_not_found'
  | 'session_not_found'
  | 'invalid_token'
  | 'invalid_status_transition'
  | 'interview_completed'
  | 'conversation_not_clearable';
