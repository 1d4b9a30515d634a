import { Logger } from '@nestjs/common';
import OpenAI, { toFile } from 'openai';
import { AI_JSON_MODES, type AiEndpoint, type AiJsonMode, type AppConfig } from '../config/app-config';
import {
  AiProvider,
  AiUsage,
  MalformedAiAnswerError,
  ModerationVerdict,
  StructuredTask,
  TranscriptionInput,
} from './ai.types';
import { parseJsonObject } from './json-answer';

const MODERATION_TIMEOUT_MS = 5000;

/**
 * The official `openai` client against OpenAI or any compatible server, for one task's
 * endpoint (chat, transcription or images may each have their own server and model).
 * Chat answers are asked for as JSON following the task's schema (AI_JSON_MODE), falling
 * back once to a simpler mode when the server refuses one; the caller validates them.
 */
export class OpenAiProvider implements AiProvider {
  readonly kind = 'openai' as const;
  readonly canTranscribe = true;
  private readonly logger = new Logger('OpenAiProvider');
  private readonly client: OpenAI;
  /** The mode in use: starts at the configured one and moves down when the server refuses it. */
  private jsonMode: AiJsonMode;
  private readonly counted: AiUsage = { calls: 0, promptTokens: 0, completionTokens: 0 };

  constructor(
    private readonly config: AppConfig['openai'],
    private readonly endpoint: AiEndpoint = config.chat,
    { moderation = false }: { moderation?: boolean } = {},
  ) {
    this.client = new OpenAI({
      // Local compatible servers often need no key; the client insists on one.
      apiKey: endpoint.apiKey ?? 'not-needed',
      baseURL: endpoint.baseUrl,
      timeout: config.timeoutMs,
      maxRetries: config.maxRetries,
    });
    this.jsonMode = config.jsonMode;
    if (moderation && config.moderation) this.moderate = (text) => this.moderation(text);
  }

  private async moderation(text: string): Promise<ModerationVerdict> {
    // A second signal must not hold up the reply for long: one attempt, a short timeout.
    const result = await this.client.moderations.create(
      { model: this.config.moderationModel, input: text },
      { maxRetries: 0, timeout: MODERATION_TIMEOUT_MS },
    );
    const categories = (result.results?.[0]?.categories ?? {}) as unknown as Record<string, boolean | undefined>;
    const intent = categories['self-harm/intent'] === true;
    const instructions = categories['self-harm/instructions'] === true;
    const general = categories['self-harm'] === true;
    return {
      selfHarm: intent || instructions || general,
      kind: intent ? 'intent' : instructions ? 'instructions' : general ? 'general' : null,
    };
  }

  async completeJson<T>(task: StructuredTask<T>): Promise<unknown> {
    for (;;) {
      const mode = this.jsonMode;
      try {
        return await this.completeInMode(task, mode);
      } catch (error) {
        const next = AI_JSON_MODES[AI_JSON_MODES.indexOf(mode) + 1];
        if (!next || !refusesResponseFormat(error)) throw error;
        // Once per provider: later tasks start in the mode the server accepts.
        if (this.jsonMode === mode) {
          this.jsonMode = next;
          this.logger.warn(`The chat server refused response_format ${mode}; using ${next} from now on.`);
        }
      }
    }
  }

  private async completeInMode<T>(task: StructuredTask<T>, mode: AiJsonMode): Promise<unknown> {
    // Without json_schema the schema travels in the prompt; the answer is parsed tolerantly either way.
    const messages =
      mode === 'json_schema'
        ? task.messages
        : [...task.messages, { role: 'system' as const, content: schemaInstruction(task) }];
    const request = {
      model: this.endpoint.model,
      messages,
      temperature: 0.6,
      max_completion_tokens: task.maxOutputTokens ?? 1200,
      ...(mode === 'json_schema'
        ? {
            response_format: {
              type: 'json_schema' as const,
              json_schema: { name: task.name, schema: task.schema, strict: false },
            },
          }
        : mode === 'json_object'
          ? { response_format: { type: 'json_object' as const } }
          : {}),
    };
    let content: string | null | undefined;
    if (task.onContent) {
      // Streamed: the caller sees the answer grow; it is parsed and validated only when complete.
      const stream = await this.client.chat.completions.create({ ...request, stream: true });
      content = '';
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta?.content;
        if (!delta) continue;
        content += delta;
        task.onContent(content);
      }
    } else {
      const completion = await this.client.chat.completions.create(request);
      content = completion.choices[0]?.message?.content;
      this.counted.calls++;
      this.counted.promptTokens += completion.usage?.prompt_tokens ?? 0;
      this.counted.completionTokens += completion.usage?.completion_tokens ?? 0;
    }
    if (!content) throw new MalformedAiAnswerError(`${task.name}: empty answer`);
    const parsed = parseJsonObject(content);
    if (!parsed) {
      this.logger.warn(`${task.name}: the answer is not a JSON object`);
      throw new MalformedAiAnswerError(`${task.name}: the answer is not a JSON object`);
    }
    return parsed;
  }

  usage(): AiUsage {
    return { ...this.counted };
  }

  /** Only when moderation is on: the service checks for the method before it calls. */
  readonly moderate?: (text: string) => Promise<ModerationVerdict>;

  async transcribe({ audio, fileName, mimeType, language }: TranscriptionInput): Promise<string> {
    const result = await this.client.audio.transcriptions.create(
      {
        file: await toFile(audio, fileName, { type: mimeType }),
        model: this.endpoint.model,
        language,
        response_format: 'json',
      },
      // The transcription queue retries with backoff; the client must not multiply that.
      { maxRetries: 0 },
    );
    return result.text ?? '';
  }

  async generateImage(prompt: string): Promise<Buffer> {
    const dallE = this.endpoint.model.startsWith('dall-e');
    const result = await this.client.images.generate(
      {
        model: this.endpoint.model,
        prompt,
        n: 1,
        size: '1024x1024',
        ...(dallE ? { response_format: 'b64_json' as const } : {}),
      },
      { maxRetries: 0 },
    );
    const image = result.data?.[0];
    if (image?.b64_json) return Buffer.from(image.b64_json, 'base64');
    if (image?.url) {
      const response = await fetch(image.url, { signal: AbortSignal.timeout(this.config.timeoutMs) });
      if (!response.ok) throw new Error(`image download failed with ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    }
    throw new MalformedAiAnswerError('the image answer holds no picture');
  }
}

/** The schema in words, for servers that cannot be given it as response_format. */
function schemaInstruction(task: StructuredTask<unknown>): string {
  return `Answer with one JSON object only, no other text, following this JSON Schema:\n${JSON.stringify(task.schema)}`;
}

/**
 * A 400 that says the server does not support the requested response_format (vLLM, llama.cpp,
 * older Ollama and LM Studio versions answer like this), as opposed to any other failure.
 */
export function refusesResponseFormat(error: unknown): boolean {
  if (!(error instanceof OpenAI.APIError) || (error.status !== 400 && error.status !== 422 && error.status !== 501))
    return false;
  return /response[_ ]format|json[_ ]schema|json[_ ]object|structured output|not supported|unsupported/i.test(
    error.message,
  );
}
