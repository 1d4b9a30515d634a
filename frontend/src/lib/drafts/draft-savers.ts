import { ApiError } from '../api';
import { Autosaver } from './autosave';
import { writeDraft, type DraftPlace } from './draft-store';

/**
 * What the person is told about their text: all saved, waiting for the pause after typing,
 * saving, not saved and retrying (no answer, or a server error), or not saved because the
 * server refused it (retried only once the text changes).
 */
export type DraftSaveState = 'saved' | 'pending' | 'saving' | 'retrying' | 'refused';

const WORST_FIRST: readonly DraftSaveState[] = ['refused', 'retrying', 'saving', 'pending', 'saved'];

/** One state for several editors (the boxes of a page): the one most in need of attention. */
export function combineSaveStates(states: Iterable<DraftSaveState>): DraftSaveState {
  let worst = WORST_FIRST.length - 1;
  for (const state of states) worst = Math.min(worst, WORST_FIRST.indexOf(state));
  return WORST_FIRST[worst];
}

/** A refused save (4xx but a timeout or too many requests) will not pass by retrying; anything else may. */
export function isRetryableSave(error: unknown): boolean {
  return !(
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/** Part 1 §9's pause after the last change, and the backoff of retries (the last one repeating). */
export const AUTOSAVE_DELAY_MS = 1000;
export const RETRY_DELAYS_MS: readonly number[] = [2000, 5000, 10000, 30000];

export interface DraftSaversOptions<T> {
  save(id: string, value: T): Promise<void>;
  /** Where an item's unsaved value is kept (see draftKey); null keeps nothing. */
  storageKey(id: string): string | null;
  /** The server version the item's unsaved value is made on, read each time it is kept. */
  basedOn(id: string): string | null;
  /** Every change of any item's state, with the states of all items that are not saved. */
  onChange(states: ReadonlyMap<string, DraftSaveState>): void;
  /** A save failed for want of an answer (once per run of failures: a notice, not a stream); not for refusals. */
  onFailure?(id: string, error: unknown): void;
  place?: DraftPlace;
  delayMs?: number;
  retryDelaysMs?: readonly number[];
  isRetryable?(error: unknown): boolean;
  now?(): number;
}

/**
 * Autosaves any number of items (a page's boxes, or one form): each has its own autosaver (one
 * save at a time, a pause after the last change, retries with backoff) and its unsaved value is
 * kept as a draft until the server has it. `retryNow` is for the connection coming back.
 */
export class DraftSavers<T> {
  private readonly savers = new Map<string, Autosaver<T>>();
  private readonly states = new Map<string, DraftSaveState>();
  private disposed = false;
  private handlers: Pick<DraftSaversOptions<T>, 'save' | 'basedOn'>;

  constructor(private readonly options: DraftSaversOptions<T>) {
    this.handlers = { save: options.save, basedOn: options.basedOn };
  }

  /** Newer `save` and `basedOn` (a page's newest render), used from the next save on. */
  setHandlers(handlers: Pick<DraftSaversOptions<T>, 'save' | 'basedOn'>): void {
    this.handlers = handlers;
  }

  /** The value changed: kept at once, saved after the pause. */
  schedule(id: string, value: T): void {
    this.saverOf(id).schedule(value);
  }

  /** Saves what waits for `id` now (Save, Enter, leaving) and waits for it. */
  flush(id: string): Promise<void> {
    return this.savers.get(id)?.flush() ?? Promise.resolve();
  }

  flushAll(): Promise<void> {
    return Promise.all([...this.savers.values()].map((saver) => saver.flush())).then(() => undefined);
  }

  /** Another call stored `id`'s value (e.g. a whole section): nothing left if it is what waits. */
  storedElsewhere(id: string, isPending: (value: T) => boolean): void {
    this.savers.get(id)?.storedElsewhere(isPending);
  }

  /** The connection is back: failed saves are tried again now. */
  retryNow(): void {
    for (const saver of this.savers.values()) saver.retryNow();
  }

  stateOf(id: string): DraftSaveState {
    return this.states.get(id) ?? 'saved';
  }

  get state(): DraftSaveState {
    return combineSaveStates(this.states.values());
  }

  get hasUnsaved(): boolean {
    return [...this.savers.values()].some((saver) => saver.hasUnsaved);
  }

  dispose(): void {
    this.disposed = true;
    for (const saver of this.savers.values()) saver.dispose();
  }

  /** Runs again after `dispose` (React's strict mode mounts effects twice in development). */
  resume(): void {
    this.disposed = false;
    for (const saver of this.savers.values()) saver.resume();
  }

  private saverOf(id: string): Autosaver<T> {
    const existing = this.savers.get(id);
    if (existing) return existing;
    const { options } = this;
    const isRetryable = options.isRetryable ?? isRetryableSave;
    const saver = new Autosaver<T>({
      save: (value) => this.handlers.save(id, value),
      delayMs: options.delayMs ?? AUTOSAVE_DELAY_MS,
      retryDelaysMs: options.retryDelaysMs ?? RETRY_DELAYS_MS,
      isRetryable,
      onStateChange: (state, error, failures) => {
        if (state === 'error') {
          console.error('Failed to save', id, error);
          if (!failures && isRetryable(error)) options.onFailure?.(id, error);
        }
        this.setState(id, state === 'error' ? (isRetryable(error) ? 'retrying' : 'refused') : state);
      },
      persist: (value) => {
        const key = options.storageKey(id);
        if (!key) return;
        writeDraft(
          key,
          value === null ? null : { value, basedOn: this.handlers.basedOn(id), keptAt: (options.now ?? Date.now)() },
          options.place,
        );
      },
    });
    if (this.disposed) saver.dispose();
    this.savers.set(id, saver);
    return saver;
  }

  private setState(id: string, state: DraftSaveState): void {
    if (state === 'saved') this.states.delete(id);
    else this.states.set(id, state);
    this.options.onChange(new Map(this.states));
  }
}
