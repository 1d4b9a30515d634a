import type { Language } from '@clari/contracts';

export type AiProviderKind = 'openai' | 'offline';

export interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * One structured answer asked of a model. The prompt and its JSON schema are for a real
 * model; `offline` is the deterministic answer the offline provider gives instead. Every
 * text in `messages` has already been scrubbed of personal identifiers.
 */
export interface StructuredTask<T = unknown> {
  /** Names the task in logs and in the JSON schema (letters, digits, _ and -). */
  name: string;
  messages: PromptMessage[];
  /** JSON Schema of the expected object; the answer is validated again by the caller. */
  schema: Record<string, unknown>;
  maxOutputTokens?: number;
  offline(): T;
  /**
   * Called with the model's answer so far while it streams (the raw text, not yet JSON).
   * Providers that cannot stream, and the offline provider, never call it.
   */
  onContent?(soFar: string): void;
}

export interface TranscriptionInput {
  audio: Buffer;
  /** The detected container type, e.g. audio/webm. */
  mimeType: string;
  fileName: string;
  language: Language;
}

/** The AI driver chosen from configuration: `openai` (any compatible server) or `offline`. */
export interface AiProvider {
  readonly kind: AiProviderKind;
  /** Whether speech can be turned into text; the offline provider cannot. */
  readonly canTranscribe: boolean;
  /** The parsed JSON object the model answered (not yet validated), or the offline answer. */
  completeJson<T>(task: StructuredTask<T>): Promise<unknown>;
  transcribe(input: TranscriptionInput): Promise<string>;
  /** A PNG or WebP picture for the prompt. */
  generateImage(prompt: string): Promise<Buffer>;
  /**
   * The provider's own self-harm classifier (OpenAI's moderation endpoint), when configured:
   * a second crisis signal beside the lexicon. Absent on providers without one.
   */
  moderate?(text: string): Promise<ModerationVerdict>;
  /** What the chat model has used so far, where the server reports it (for `npm run eval`). */
  usage?(): AiUsage;
}

/** Chat calls answered and the tokens the server counted for them. */
export interface AiUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
}

/** What a moderation call found about self-harm. */
export interface ModerationVerdict {
  selfHarm: boolean;
  /** The kind the classifier named: intent, instructions (methods), or self-harm in general. */
  kind: 'intent' | 'instructions' | 'general' | null;
}

/** The provider answered something that is not a JSON object, or nothing at all. */
export class MalformedAiAnswerError extends Error {}

/** Transcription was asked of a provider that cannot do it. */
export class TranscriptionNotConfiguredError extends Error {
  constructor() {
    super('Transcription is not configured on this server.');
  }
}

export const AI_PROVIDER = Symbol('AI_PROVIDER');
