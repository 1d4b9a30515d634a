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
  /** What a domain's own thread store knows about the thread (see DomainThreadStore.open); never from the client. */
  facts?: unknown;
}

/** What a handler makes of a model's (or its offline guide's) answer. */
export interface HandlerResult {
  reply: string;
  suggestions: string[];
  phase: string;
  updates: ChatResponse['updates'];
  /** Domain-specific fields of the response (reflection_summary, takeaways, isComplete). */
  extra?: Pick<ChatResponse, 'reflection_summary' | 'takeaways' | 'isComplete'>;
  /** State a DomainThreadStore keeps with the thread (e.g. the interview's progress); never sent to the client. */
  threadState?: Record<string, unknown>;
}

export interface OpeningContext {
  domain: string;
  language: Language;
  data: ConversationData;
  phase: string;
  /** As in TurnContext. */
  facts?: unknown;
}

/** A thread as a DomainThreadStore keeps it. */
export interface StoredThread {
  /** Oldest first; empty for a thread nobody has written to yet. */
  messages: ChatHistoryItem[];
  /** null before the first message. */
  phase: string | null;
  /** The suggestions of the last reply. */
  suggestions: string[];
  /** Server-side facts the handler works with (the interview's guide and progress). */
  facts?: unknown;
}

/**
 * Threads a domain keeps itself instead of in the per-user conversation store: an interview's
 * thread belongs to an anonymous interview session, not to a user, and is deleted with it.
 */
export interface DomainThreadStore {
  /**
   * The thread that threadId and data name. Throws an HttpException when it may not be read
   * or, with `forWriting`, written to (404 unknown, 409 finished …).
   */
  open(threadId: string, data: ConversationData, forWriting: boolean): Promise<StoredThread>;
  /** Appends one turn's messages and applies the handler's result (threadState, isComplete). */
  append(threadId: string, messages: ChatHistoryItem[], result: HandlerResult): Promise<StoredThread>;
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
  /** Room for a long structured answer (a summary of eight areas); the provider's default otherwise. */
  readonly maxOutputTokens?: number;
  /** Runs after a valid answer (not after the polite fallback), e.g. to store a summary. */
  onAnswered?(userId: string, result: HandlerResult, context: TurnContext): Promise<void>;
  /**
   * The domain keeps its threads itself (see DomainThreadStore); keepsHistory and onAnswered
   * do not apply then. The first stored turn starts with the opening greeting.
   */
  readonly threadStore?: DomainThreadStore;
  /** The chat call is allowed without a login (only with a threadStore: a visitor has no per-user thread). */
  readonly allowsAnonymous?: boolean;
}
