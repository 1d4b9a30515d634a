import type { FlaggedRisk, RiskLevel } from './safety';

/** Conversation domains of the shared chat call (part 1 §3, part 2 §3). */
export const CONVERSATION_DOMAINS = [
  'valueexplorer_lifearea',
  'valueexplorer_summary',
  'yearcompass_dynamicsection',
  'reflect_topic',
  'interview',
] as const;
export type ConversationDomain = (typeof CONVERSATION_DOMAINS)[number];

/** Value Explorer conversation phases, in order (part 1 §4). */
export const CONVERSATION_PHASES = ['values', 'goals', 'obstacles', 'forward', 'closure'] as const;
export type ConversationPhase = (typeof CONVERSATION_PHASES)[number];
/** The interview's single phase (part 2 §3). */
export const INTERVIEW_PHASE = 'interview';

export const CHAT_HEIGHTS = { small: 200, medium: 300, large: 400 } as const;
export type ChatSize = keyof typeof CHAT_HEIGHTS;
export const DEFAULT_CHAT_SIZE: ChatSize = 'medium';

/** Conversations are deleted this long after their last message (legal pages). */
export const CONVERSATION_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Transcriptions matching these count as no speech (part 1 §5), compared lower-cased. */
export const TRANSCRIPTION_CREDIT_PHRASES = [
  'subtitles by',
  'transcribed by',
  'translated by',
  'captions by',
  'undertextning av',
  'undertexter av',
  'svensk text',
  'översättning av',
  'översatt av',
  'textning av',
] as const;

/** A credit is a short line; longer speech that merely mentions "translated by" is real speech. */
export const CREDIT_LINE_MAX_WORDS = 12;

/** Whether a transcription is a subtitle or translation credit line (part 1 §5), not speech. */
export function isTranscriptionCredit(transcription: string): boolean {
  const lower = transcription.trim().toLowerCase();
  const words = lower.split(/\s+/).filter(Boolean).length;
  return words <= CREDIT_LINE_MAX_WORDS && TRANSCRIPTION_CREDIT_PHRASES.some((phrase) => lower.includes(phrase));
}

export type ChatRole = 'user' | 'assistant';
export interface ChatMessage {
  role: ChatRole;
  content: string;
  timestamp?: string;
}

/** Limits of the chat and transcription calls. */
export const ASSISTANT_LIMITS = {
  /** Characters of one user message. */
  messageMax: 4000,
  /** Messages kept per thread; older ones are dropped from the store and the prompt. */
  historyMax: 60,
  /** Suggestion chips per reply. */
  suggestionsMax: 4,
  suggestionMax: 200,
  /** Characters of one assistant reply accepted from a provider. */
  replyMax: 8000,
} as const;

/** conversationData: free-form per domain (part 1 §3, part 2 §3); the handler reads what it knows. */
export type ConversationData = Record<string, unknown>;

export interface ChatRequest {
  /** Empty loads the history without calling the model. */
  message: string;
  conversationDomain: string;
  conversationData?: ConversationData;
  language?: string;
}

/** A value or obstacle proposed by Clari: a known id, or a custom label. */
export type ChatUpdateItem = string | { id?: string; label?: string };

export interface ChatUpdates {
  values?: ChatUpdateItem[];
  goals?: { shortTermGoal?: string[]; longTermGoal?: string[] };
  obstacles?: ChatUpdateItem[];
}

/** Year Compass updates: box contents Clari proposes (part 2 §3). */
export interface YearCompassBoxUpdate {
  box_id: string;
  section_number: number;
  content: string;
}

export interface ChatHistoryItem {
  role: ChatRole;
  content: string;
  timestamp: string;
  /**
   * Set on a user message the safety check caught (or that answered Clari's check-in), and on
   * Clari's crisis, urgent or check-in reply to it. Such messages are never content: no guide,
   * summary or Clarify reads them, and the chat panel shows its help card while the thread holds one.
   */
  risk?: FlaggedRisk;
}

export interface ChatResponse {
  reply: string;
  history: ChatHistoryItem[];
  aiSuggestions: string[];
  currentPhase: string;
  /** Value Explorer: {values, goals, obstacles}; Year Compass: a list of box updates; else {}. */
  updates: ChatUpdates | YearCompassBoxUpdate[];
  /** Reflect: the reflection Clari wrote when asked to clarify. */
  reflection_summary?: { title: string; content: string; lifeAreas: string[]; tags: string[] };
  takeaways?: { id?: string; title: string; content: string }[];
  /** Interview: the guide's last question has been answered. */
  isComplete?: boolean;
  /**
   * The safety check's verdict on this message: `urgent` and `crisis` mean the reply is Clari's
   * crisis reply, `concern` that it is the check-in; in each, nothing was written.
   */
  risk: RiskLevel;
}

export interface ClearConversationRequest {
  conversationDomain: string;
  conversationData?: ConversationData;
}

export interface ClearConversationResponse {
  cleared: boolean;
}

export interface TranscribeResponse {
  /** Empty when nothing but silence, noise or a subtitle credit was heard. */
  transcription: string;
}
