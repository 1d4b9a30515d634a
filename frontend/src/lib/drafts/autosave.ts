export type SaveState = 'saved' | 'pending' | 'saving' | 'error';

export interface AutosaveOptions<T> {
  save(data: T): Promise<void>;
  /** Wait after the last change (part 1 §9: 1000 ms). */
  delayMs: number;
  /** Waits before retrying a failed save, the last one repeating. */
  retryDelaysMs: readonly number[];
  /** Whether a failure is worth retrying (a refused save is not, until the data changes). */
  isRetryable(error: unknown): boolean;
  /** `failures`: failed attempts in a row before this one (0 for the first failure). */
  onStateChange(state: SaveState, error?: unknown, failures?: number): void;
  /** Keeps unsaved data (e.g. in localStorage) so a reload loses nothing; null when all is saved. */
  persist?(data: T | null): void;
}

/**
 * Saves the latest data a fixed time after the last change. Never runs two saves at once:
 * changes made during a save are saved right after it. Failed saves are retried with
 * backoff, and the unsaved data is kept by `persist` until a save succeeds.
 */
export class Autosaver<T> {
  private pending: T | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | null = null;
  private failures = 0;
  private disposed = false;

  constructor(private readonly options: AutosaveOptions<T>) {}

  schedule(data: T): void {
    this.pending = data;
    this.failures = 0;
    this.options.persist?.(data);
    this.options.onStateChange('pending');
    this.arm(this.options.delayMs);
  }

  /** Saves what is pending now (e.g. before leaving the page) and waits for it. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    if (this.running) await this.running;
    if (this.pending !== null) await this.run();
  }

  /**
   * Tries a failed save again now instead of at the end of its wait (the connection is back:
   * the browser's `online` event). Nothing happens while all is saved or a save is running.
   */
  retryNow(): void {
    if (this.disposed || this.running || this.pending === null || this.failures === 0) return;
    this.arm(0);
  }

  /**
   * Another call has stored data (e.g. a whole section at once): when it is what waits here,
   * nothing is left to save. `isPending` is asked about the data waiting, if any.
   */
  storedElsewhere(isPending: (data: T) => boolean): void {
    if (this.pending === null || !isPending(this.pending)) return;
    clearTimeout(this.timer);
    this.pending = null;
    this.failures = 0;
    if (this.running) return;
    this.options.persist?.(null);
    this.options.onStateChange('saved');
  }

  get hasUnsaved(): boolean {
    return this.pending !== null || this.running !== null;
  }

  /** Stops: no save starts after this (the page is gone), until `resume`. */
  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
  }

  /**
   * Runs again after `dispose`, saving what was pending: React's strict mode (development)
   * unmounts and mounts a component once more, cleaning up and running its effects again.
   */
  resume(): void {
    if (!this.disposed) return;
    this.disposed = false;
    // A save still running is waited for by `run`, which then saves the newer data.
    if (this.pending !== null) this.arm(this.options.delayMs);
  }

  private arm(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), delayMs);
  }

  private async run(): Promise<void> {
    if (this.disposed || this.pending === null) return;
    if (this.running) {
      // A save is running: this change is saved as soon as it ends.
      await this.running;
      return this.run();
    }
    const data = this.pending;
    this.pending = null;
    this.options.onStateChange('saving');
    this.running = this.options
      .save(data)
      .then(() => {
        this.failures = 0;
        if (this.pending === null) {
          this.options.persist?.(null);
          this.options.onStateChange('saved');
        }
      })
      .catch((error: unknown) => {
        // Keep the newest data: a change made during the failed save wins.
        if (this.pending === null) this.pending = data;
        this.options.onStateChange('error', error, this.failures);
        if (this.options.isRetryable(error) && !this.disposed) {
          const delays = this.options.retryDelaysMs;
          this.arm(delays[Math.min(this.failures, delays.length - 1)]);
          this.failures++;
        }
      })
      .finally(() => {
        this.running = null;
      });
    await this.running;
  }
}
