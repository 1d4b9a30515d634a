import { useCallback, useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';

/**
 * While `unsaved`, leaving inside the app asks first (the returned blocker drives the dialog);
 * closing or reloading the tab gets the browser's own question.
 */
export function useLeaveGuard(unsaved: boolean) {
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
      [unsaved],
    ),
  );
  useEffect(() => {
    if (!unsaved) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [unsaved]);
  return blocker;
}
