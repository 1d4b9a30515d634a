import { HttpException } from '@nestjs/common';
import { PassThrough, type Readable } from 'node:stream';
import type { ChatResponse } from '@clari/contracts';
import type { ChatStream } from './streaming';

/** Whether the client asked for server-sent events (the chat panel does; integrators may not). */
export function acceptsEventStream(accept: string | undefined): boolean {
  return !!accept && /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(accept);
}

function event(name: 'delta' | 'done' | 'error', data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The error event's body: what an HTTP answer would have said. */
function errorBody(error: unknown): { statusCode: number; message: string } {
  if (error instanceof HttpException) {
    const body = error.getResponse();
    const message = typeof body === 'string' ? body : String((body as { message?: unknown }).message ?? error.message);
    return { statusCode: error.getStatus(), message };
  }
  return { statusCode: 500, message: 'Something went wrong. Please try again.' };
}

/**
 * Runs a chat turn as server-sent events. It waits for the first event: a turn that fails
 * before any text (bad input, a rate limit, an unknown session) rejects, so the caller answers
 * with an ordinary HTTP error. After that, text arrives as `delta` events, and the turn ends
 * with `done` (the complete answer) or `error`.
 */
export async function streamChat(turn: (stream: ChatStream) => Promise<ChatResponse>): Promise<Readable> {
  const events = new PassThrough();
  let begun = false;
  let settle: (() => void) | null = null;
  const first = new Promise<void>((resolve) => (settle = resolve));
  let failure: { error: unknown } | null = null;

  const work = turn({
    delta: (text) => {
      if (!text) return;
      begun = true;
      events.write(event('delta', { text }));
      settle?.();
    },
  }).then(
    (answer) => {
      events.write(event('done', answer));
      events.end();
    },
    (error: unknown) => {
      if (begun) {
        events.write(event('error', errorBody(error)));
        events.end();
      } else {
        failure = { error };
      }
    },
  );
  await Promise.race([first, work]);
  if (!begun) {
    await work;
    const failed = failure as { error: unknown } | null;
    if (failed) throw failed.error;
  }
  return events;
}
