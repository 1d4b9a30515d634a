import { ApiError, readAnswer } from './api';

/** One server-sent event: its name and its JSON data. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/** Splits server-sent text into complete events; the unfinished rest is returned to wait for more. */
export function parseEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length === 0) return [];
    try {
      return [{ event, data: JSON.parse(data.join('\n')) as unknown }];
    } catch {
      return [];
    }
  });
  return { events, rest };
}

/**
 * POSTs JSON asking for server-sent events, calls `onEvent` for each as it arrives, and
 * resolves with the data of the final `done` event. A server that answers JSON instead (an
 * error before the stream began, or no streaming) is read like any API call; an `error`
 * event rejects with an ApiError.
 */
export async function postEventStream<T>(
  path: string,
  body: unknown,
  onEvent: (event: StreamEvent) => void,
  signal?: AbortSignal,
): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    signal,
    headers: { Accept: 'text/event-stream, application/json;q=0.9', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('text/event-stream') || !response.body) {
    // Not a stream: read it the usual way (the error message, or the whole answer at once).
    return readAnswer<T>(response, await response.text());
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let done: T | undefined;
  for (;;) {
    const { value, done: finished } = await reader.read();
    if (value) buffer += value;
    const parsed = parseEvents(finished ? `${buffer}\n\n` : buffer);
    buffer = parsed.rest;
    for (const event of parsed.events) {
      if (event.event === 'done') done = event.data as T;
      else if (event.event === 'error') {
        const { statusCode, message } = (event.data ?? {}) as { statusCode?: number; message?: string };
        throw new ApiError(statusCode ?? 500, message ?? 'Request failed', event.data);
      } else onEvent(event);
    }
    if (finished) break;
  }
  if (done === undefined) throw new ApiError(502, 'The answer ended before it was complete');
  return done;
}
