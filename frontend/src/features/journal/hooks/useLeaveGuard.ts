import { useEffect } from 'react';
import { useLeaveBlocker } from '../../../lib/guarded-router';

/**
 * While `unsaved`, leaving inside the app asks first (the returned blocker drives the dialog);
 * closing or reloading the tab gets the browser's own question.
 */
export function useLeaveGuard(unsaved: boolean) {
  const blocker = useLeaveBlocker(unsaved);
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
