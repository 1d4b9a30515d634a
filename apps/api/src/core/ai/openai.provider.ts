import { Logger } from '@nestjs/common';
import OpenAI, { toFile } from 'openai';
import type { AppConfig } from '../config/app-config';
import { AiProvider, MalformedAiAnswerError, ModerationVerdict, StructuredTask, TranscriptionInput } from './ai.types';

const MODERATION_TIMEOUT_MS = 5000;

/**
 * The official `openai` client against OpenAI or any compatible server (OPENAI_BASE_URL).
 * Chat answers are asked for as JSON following the task's schema; the caller validates them.
 */
export class OpenAiProvider implements AiProvider {
  readonly kind = 'openai' as const;
  readonly canTranscribe = true;
  private readonly logger = new Logger('OpenAiProvider');
  private readonly client: OpenAI;

  constructor(private readonly config: AppConfig['openai']) {
    this.client = new OpenAI({
      // Local compatible servers often need no key; the client insists on one.
      apiKey: config.apiKey ?? 'not-needed',
      baseURL: config.baseUrl,
      timeout: config.timeoutMs,
      maxRetries: config.maxRetries,
    });
    if (config.moderation) this.moderate = (text) => this.moderation(text);
  }

  private async moderation(text: string): Promise<ModerationVerdict> {
    // A second signal must not hold up the reply for long: one attempt, a short timeout.
    const result = await this.client.moderations.create({ model: this.config.moderationModel, input: text }, { maxRetries: 0, timeout: MODERATION_TIMEOUT_MS });
    const categories = (result.results?.[0]?.categories ?? {}) as unknown as Record<string, boolean | undefined>;
    const intent = categories['self-harm/intent'] === true;
    const instructions = categories['self-harm/instructions'] === true;
    const general = categories['self-harm'] === true;
    return { selfHarm: intent || instructions || general, kind: intent ? 'intent' : instructions ? 'instructions' : general ? 'general' : null };
  }

  async completeJson<T>(task: StructuredTask<T>): Promise<unknown> {
    const completion = await this.client.chat.completions.create({
      model: this.config.chatModel,
      messages: task.messages,
      temperature: 0.6,
      max_completion_tokens: task.maxOutputTokens ?? 1200,
      response_format: { type: 'json_schema', json_schema: { name: task.name, schema: task.schema, strict: false } },
    });
    const content = completion.choices[0]?.message?.content;
    if (!content) throw new MalformedAiAnswerError(`${task.name}: empty answer`);
    try {
      const parsed: unknown = JSON.parse(stripCodeFence(content));
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      return parsed;
    } catch (error) {
      this.logger.warn(`${task.name}: the answer is not a JSON object (${(error as Error).message})`);
      throw new MalformedAiAnswerError(`${task.name}: the answer is not a JSON object`);
    }
  }

  /** Only when moderation is on: the service checks for the method before it calls. */
  readonly moderate?: (text: string) => Promise<ModerationVerdict>;

  async transcribe({ audio, fileName, mimeType, language }: TranscriptionInput): Promise<string> {
    const result = await this.client.audio.transcriptions.create(
      { file: await toFile(audio, fileName, { type: mimeType }), model: this.config.transcriptionModel, language, response_format: 'json' },
      // The transcription queue retries with backoff; the client must not multiply that.
      { maxRetries: 0 },
    );
    return result.text ?? '';
  }

  async generateImage(prompt: string): Promise<Buffer> {
    const dallE = this.config.imageModel.startsWith('dall-e');
    const result = await this.client.images.generate(
      { model: this.config.imageModel, prompt, n: 1, size: '1024x1024', ...(dallE ? { response_format: 'b64_json' as const } : {}) },
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

/** Some compatible servers wrap JSON in a Markdown code fence despite the response format. */
function stripCodeFence(text: string): string {
  const match = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return match ? match[1] : text;
}
