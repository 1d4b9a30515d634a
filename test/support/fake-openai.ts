import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** What the fake received: enough to assert on models, prompts and (absent) identifiers. */
export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  /** JSON bodies parsed; multipart bodies as their text fields. */
  body: Record<string, unknown>;
  /** Multipart file parts. */
  files: Array<{ field: string; fileName: string; contentType: string; size: number; head: Buffer }>;
  /** The whole body as text, for searching what was sent. */
  raw: string;
}

/** One scripted answer, used once, in order, per endpoint. */
export type FakeAnswer =
  | { json: unknown; delayMs?: number }
  /** For chat: the message content the model "wrote" (may be malformed JSON). */
  | { content: string; delayMs?: number }
  | { status: number; error?: string; delayMs?: number };

type Endpoint = 'chat' | 'transcription' | 'image' | 'moderation';

const PATHS: Record<string, Endpoint> = {
  '/v1/chat/completions': 'chat',
  '/v1/audio/transcriptions': 'transcription',
  '/v1/images/generations': 'image',
  '/v1/moderations': 'moderation',
};

/**
 * An OpenAI-compatible HTTP server for tests: chat completions, audio transcriptions and
 * image generations. It records every request and answers from a script, else with a
 * sensible default (a schema-shaped chat answer, a fixed transcription, a small PNG).
 */
export class FakeOpenAi {
  readonly requests: RecordedRequest[] = [];
  private readonly scripts: Record<Endpoint, FakeAnswer[]> = { chat: [], transcription: [], image: [], moderation: [] };
  private server?: Server;
  private picture?: Buffer;
  baseUrl = '';
  /**
   * The response_format types this server accepts, like a real one: OpenAI takes both, some
   * local servers only json_object, others none. A refused type answers 400 as they do.
   */
  acceptsResponseFormat: Array<'json_schema' | 'json_object'> = ['json_schema', 'json_object'];
  /** Pause between streamed chunks, so that a browser visibly receives a reply in parts. */
  streamDelayMs = 0;

  async start(): Promise<string> {
    this.picture = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 120, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Queues answers for the next requests to an endpoint. */
  script(endpoint: Endpoint, ...answers: FakeAnswer[]): void {
    this.scripts[endpoint].push(...answers);
  }

  reset(): void {
    this.requests.length = 0;
    for (const list of Object.values(this.scripts)) list.length = 0;
  }

  requestsTo(endpoint: Endpoint): RecordedRequest[] {
    return this.requests.filter((request) => PATHS[request.path] === endpoint);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const buffer = Buffer.concat(chunks);
    const path = (req.url ?? '').split('?')[0];
    const recorded = parseBody(path, req.headers, buffer);
    this.requests.push(recorded);
    const endpoint = PATHS[path];
    if (!endpoint) return send(res, 404, { error: { message: `Unknown path ${path}`, type: 'invalid_request_error' } });
    const format = (recorded.body.response_format as { type?: string } | undefined)?.type;
    if (endpoint === 'chat' && format && !(this.acceptsResponseFormat as string[]).includes(format)) {
      return send(res, 400, {
        error: {
          message: `response_format type '${format}' is not supported by this server`,
          type: 'invalid_request_error',
        },
      });
    }
    const answer = this.scripts[endpoint].shift();
    if (answer?.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (res.destroyed) return;
    if (answer && 'status' in answer)
      return send(res, answer.status, { error: { message: answer.error ?? 'Scripted failure', type: 'server_error' } });
    if (endpoint === 'chat') {
      const content =
        answer && 'content' in answer
          ? answer.content
          : JSON.stringify(answer && 'json' in answer ? answer.json : defaultChatAnswer(recorded.body));
      if (recorded.body.stream === true)
        return streamChat(res, String(recorded.body.model ?? 'fake'), content, this.streamDelayMs);
      return send(res, 200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: String(recorded.body.model ?? 'fake'),
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
    }
    if (endpoint === 'transcription')
      return send(res, 200, answer && 'json' in answer ? answer.json : { text: 'This is what I said.' });
    if (endpoint === 'moderation')
      return send(res, 200, answer && 'json' in answer ? answer.json : moderationAnswer(false));
    return send(
      res,
      200,
      answer && 'json' in answer
        ? answer.json
        : { created: Math.floor(Date.now() / 1000), data: [{ b64_json: this.picture?.toString('base64') }] },
    );
  }
}

/** A moderation result; `selfHarm` flags the self-harm categories as a real classifier would for a crisis message. */
export function moderationAnswer(
  selfHarm: boolean,
  kind: 'self-harm' | 'self-harm/intent' | 'self-harm/instructions' = 'self-harm/intent',
): Record<string, unknown> {
  const categories: Record<string, boolean> = {
    'self-harm': selfHarm,
    'self-harm/intent': selfHarm && kind === 'self-harm/intent',
    'self-harm/instructions': selfHarm && kind === 'self-harm/instructions',
    violence: false,
    harassment: false,
  };
  return {
    id: 'modr-fake',
    model: 'omni-moderation-latest',
    results: [
      {
        flagged: selfHarm,
        categories,
        category_scores: Object.fromEntries(
          Object.entries(categories).map(([key, value]) => [key, value ? 0.9 : 0.01]),
        ),
      },
    ],
  };
}

/** A valid answer for the schema the request carries: reply, suggestions, the first phase. */
function defaultChatAnswer(body: Record<string, unknown>): Record<string, unknown> {
  const messages = (body.messages as Array<{ role: string; content: string }> | undefined) ?? [];
  const lastUser = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const format = body.response_format as
    { json_schema?: { schema?: { properties?: Record<string, { enum?: string[] }> } } } | undefined;
  const phases = format?.json_schema?.schema?.properties?.phase?.enum ?? ['values'];
  return { reply: `Fake reply to: ${lastUser}`, suggestions: ['Tell me more', 'What else?'], phase: phases[0] };
}

/** A streamed chat completion as OpenAI sends it: server-sent chunks of a few characters, then [DONE]. */
async function streamChat(res: ServerResponse, model: string, content: string, delayMs: number): Promise<void> {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  res.write(chunk({ role: 'assistant', content: '' }));
  for (let index = 0; index < content.length; index += 12) {
    res.write(chunk({ content: content.slice(index, index + 12) }));
    // A pause now and then, so the client really receives the answer in parts.
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    else if (index % 96 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
  }
  res.write(chunk({}, 'stop'));
  res.end('data: [DONE]\n\n');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function parseBody(path: string, headers: IncomingMessage['headers'], buffer: Buffer): RecordedRequest {
  const type = headers['content-type'] ?? '';
  const recorded: RecordedRequest = { path, headers, body: {}, files: [], raw: buffer.toString('utf8') };
  if (type.startsWith('application/json')) {
    try {
      recorded.body = JSON.parse(recorded.raw) as Record<string, unknown>;
    } catch {
      recorded.body = {};
    }
  }
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type);
  if (type.startsWith('multipart/form-data') && boundary) {
    const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
    let start = buffer.indexOf(delimiter);
    while (start !== -1) {
      const next = buffer.indexOf(delimiter, start + delimiter.length);
      if (next === -1) break;
      const part = buffer.subarray(start + delimiter.length + 2, next - 2);
      const headerEnd = part.indexOf('\r\n\r\n');
      const partHeaders = part.subarray(0, headerEnd).toString('utf8');
      const content = part.subarray(headerEnd + 4);
      const name = /name="([^"]+)"/.exec(partHeaders)?.[1] ?? '';
      const fileName = /filename="([^"]*)"/.exec(partHeaders)?.[1];
      if (fileName !== undefined) {
        const contentType = /content-type:\s*([^\r\n]+)/i.exec(partHeaders)?.[1] ?? '';
        recorded.files.push({
          field: name,
          fileName,
          contentType,
          size: content.length,
          head: content.subarray(0, 16),
        });
      } else {
        recorded.body[name] = content.toString('utf8');
      }
      start = next;
    }
  }
  return recorded;
}
