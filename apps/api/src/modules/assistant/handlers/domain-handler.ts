import type { ChatHistoryItem, ChatResponse, ConversationData, Language } from '@clari/contracts';
import type { PromptMessage } from '../../../core/ai/ai.types';

/** One turn of a conversation, as a handler sees it. */
export interface TurnContext {
  domain: string;
  threadId: string;
  language: Language;
  /** The user's new message (trimmed, non-empty). */
  message: string;
  /** Earlier messages of this thread, oldest first. */
  history: ChatHistoryItem[];
  data: ConversationData;
  /** The thread's phase before this turn. */
  phase: string;
}

/** What a handler makes of a model's (or its offline guide's) answer. */
export interface HandlerResult {
  reply: string;
  suggestions: string[];
  phase: string;
  updates: ChatResponse['updates'];
  /** Domain-specific fields of the response (reflection_summary, takeaways, isComplete). */
  extra?: Pick<ChatResponse, 'reflection_summary' | 'takeaways' | 'isComplete'>;
}

export interface OpeningContext {
  domain: string;
  language: Language;
  data: ConversationData;
  phase: string;
}

/**
 * A conversation domain's behaviour: its thread rule, phases, prompts (en, sv), the schema
 * of the structured answer with its validation, and the offline guide. Features add their
 * handler to the DomainHandlerRegistry in onModuleInit.
 */
export interface DomainHandler {
  /** The domains this handler answers for. */
  readonly domains: readonly string[];
  threadId(data: ConversationData, domain: string): string;
  initialPhase(data: ConversationData, domain: string): string;
  /** Shown when a thread has no messages yet: a greeting and suggestion chips (not stored). */
  opening(context: OpeningContext): { greeting: string; suggestions: string[] };
  /** The whole prompt for a provider; every text in `context` is already scrubbed. */
  prompt(context: TurnContext): PromptMessage[];
  /** JSON Schema of the answer asked of the model. */
  readonly schema: Record<string, unknown>;
  /** Validates an answer; null when it cannot be used at all. Drops unknown ids and over-long texts. */
  parse(answer: unknown, context: TurnContext): HandlerResult | null;
  /** The offline provider's deterministic answer (original, unscrubbed context: it never leaves the server). */
  offline(context: TurnContext): unknown;
  /** false for one-shot domains (a summary): nothing is stored in the conversation store. Default true. */
  readonly keepsHistory?: boolean;
  /** Runs after a valid answer (not after the polite fallback), e.g. to store a summary. */
  onAnswered?(userId: string, result: HandlerResult, context: TurnContext): Promise<void>;
}
