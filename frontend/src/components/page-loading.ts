import { useLayoutEffect, useSyncExternalStore } from 'react';

/**
 * How many full-page spinners are showing. The footer waits while any is: painted under a
 * spinner, it would be pushed down when the page arrives (a layout shift).
 */
let showing = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Counts a page spinner from its layout effect (before paint) until it goes; returns the release. */
export function holdPageLoading(): () => void {
  showing++;
  notify();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    showing--;
    notify();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePageLoading(): boolean {
  return useSyncExternalStore(subscribe, () => showing > 0);
}

/**
 * Holds the footer back while `active` (from a layout effect, so before paint): for a part of
 * the page that will grow when its code or data comes, such as a chat panel's place.
 */
export function useHoldPageLoading(active = true): void {
  useLayoutEffect(() => (active ? holdPageLoading() : undefined), [active]);
}
