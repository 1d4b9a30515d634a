/**
 * Reads that a page makes as soon as it renders, started while the app's code and the page's
 * chunks load instead (main.tsx, app/router.tsx): the public settings, the portrait in the top
 * bar, a feature's data. The first `api()` GET of the same path takes the answer, once, so the
 * page renders from it without a second request. An answer nobody takes in time is dropped:
 * later reads go to the server, never to an answer from the page's load.
 */

import { onSessionEnd } from './session-end';

/** How long an early answer waits to be taken (the first render waits 2.5 s at most). */
export const EARLY_ANSWER_TTL_MS = 10_000;

export interface EarlyAnswer {
  ok: boolean;
  status: number;
  statusText: string;
  text: string;
}

/** An early request's outcome: never a rejected promise, so no failure waits unhandled. */
type Outcome = { answer: EarlyAnswer } | { error: unknown };

interface Pending {
  outcome: Promise<Outcome>;
  startedAt: number;
  /** The outcome once it has come, for a reader that cannot wait (a page's first render). */
  settled?: Outcome;
}

const pending = new Map<string, Pending>();

/**
 * Starts a GET of `path` unless one is already waiting to be taken. Settles (never rejects) when
 * the answer, or the failure, has come.
 */
export function requestEarly(path: string): Promise<void> {
  const waiting = pending.get(path);
  if (waiting && Date.now() - waiting.startedAt < EARLY_ANSWER_TTL_MS) return waiting.outcome.then(() => undefined);
  const outcome = fetch(path, { method: 'GET', credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then(async (response) => ({
      ok: response.ok,
      status: response.status,
      statusText: response.statusText,
      text: await response.text(),
    }))
    .then(
      (answer): Outcome => ({ answer }),
      (error: unknown): Outcome => ({ error }),
    );
  const entry: Pending = { outcome, startedAt: Date.now() };
  pending.set(path, entry);
  return outcome.then((settled) => {
    entry.settled = settled;
  });
}

/**
 * The early answer for `path` if it has already come (a success or an error status; not a
 * network failure, which the caller's own request then meets), taken as `takeEarly` takes it;
 * otherwise undefined, and the answer stays for the next reader. Lets a page's first render
 * start from its data instead of rendering again when it arrives.
 */
export function takeSettledEarly(path: string): EarlyAnswer | undefined {
  const waiting = pending.get(path);
  if (!waiting?.settled || !('answer' in waiting.settled)) return undefined;
  return taken(path, waiting) ? waiting.settled.answer : undefined;
}

/** Takes `waiting` off the list: whether it may still answer (within its time limit). */
function taken(path: string, waiting: Pending): boolean {
  pending.delete(path);
  return Date.now() - waiting.startedAt < EARLY_ANSWER_TTL_MS;
}

const answerOf = (outcome: Outcome): EarlyAnswer => {
  if ('error' in outcome) throw outcome.error;
  return outcome.answer;
};

/** The early answer for `path`, for the first caller within the time limit; otherwise undefined. */
export function takeEarly(path: string, signal?: AbortSignal): Promise<EarlyAnswer> | undefined {
  const waiting = pending.get(path);
  if (!waiting || signal?.aborted || !taken(path, waiting)) return undefined;
  if (!signal) return waiting.outcome.then(answerOf);
  // The caller's abort ends its wait, as it would end its own request; the answer then stays
  // for the next caller (a remount, a retry), within its time limit.
  return new Promise<EarlyAnswer>((resolve, reject) => {
    const abort = () => {
      if (!pending.has(path)) pending.set(path, waiting);
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort, { once: true });
    void waiting.outcome.then((outcome) => {
      signal.removeEventListener('abort', abort);
      try {
        resolve(answerOf(outcome));
      } catch (error) {
        reject(error);
      }
    });
  });
}

// Answers not yet taken were asked for by the person who was signed in.
onSessionEnd(() => pending.clear());
