import { useSyncExternalStore } from 'react';

/** A count of holders that the app shell reads while rendering; held from layout effects (before paint). */
function holdCounter() {
  let held = 0;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    /** Holds until the returned release is called (once). */
    hold(): () => void {
      held++;
      notify();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held--;
        notify();
      };
    },
    useHeld: () => useSyncExternalStore(subscribe, () => held > 0),
  };
}

/**
 * Full-page spinners showing. The footer waits while any is: painted under a spinner, it would
 * be pushed down when the page arrives (a layout shift).
 */
const pageLoading = holdCounter();
export const holdPageLoading = pageLoading.hold;
export const usePageLoading = pageLoading.useHeld;

/**
 * A page for signed-in people waiting for the session check: the shell keeps the top bar's
 * place meanwhile, so that the page does not move down when the bar arrives.
 */
const topBarExpected = holdCounter();
export const holdTopBarPlace = topBarExpected.hold;
export const useTopBarPlaceHeld = topBarExpected.useHeld;
