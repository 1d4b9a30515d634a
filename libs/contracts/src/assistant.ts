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

export type ChatRole = 'user' | 'assistant';
export interface ChatMessage {
  role: ChatRole;
  content: string;
  timestamp?: string;
}
