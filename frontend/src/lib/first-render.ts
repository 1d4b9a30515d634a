/**
 * Settles once every one of `waits` has settled (fulfilled or not), or after `limitMs`, whichever
 * comes first: what the first render waits for, bounded so that a slow request cannot hold the
 * page blank.
 */
export function settledOrAfter(waits: readonly Promise<unknown>[], limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    void Promise.allSettled(waits).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
