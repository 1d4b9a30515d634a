import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
  type ReactNode,
} from 'react';
import { Router } from 'react-router-dom';
import { createGuardedHistory, type GuardedHistory, type HeldMove } from './guarded-history';

const HistoryContext = createContext<GuardedHistory | null>(null);

/** `<BrowserRouter>` on a history that can hold page changes (see guarded-history.ts). */
export function GuardedBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createGuardedHistory());
  const [state, setState] = useState({ action: history.action, location: history.location });
  // As BrowserRouter: a page change is a transition, so the page shown stays while the next one loads.
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
  return (
    <HistoryContext.Provider value={history}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </HistoryContext.Provider>
  );
}

export interface LeaveBlocker {
  state: 'blocked' | 'unblocked';
  proceed(): void;
  reset(): void;
}

/**
 * While `active`, moving to another page inside the app is held: `state` turns 'blocked' and the
 * caller asks, then calls `proceed` or `reset`. Outside a GuardedBrowserRouter (a test's memory
 * router) nothing is held.
 */
export function useLeaveBlocker(active: boolean): LeaveBlocker {
  const history = useContext(HistoryContext);
  const [held, setHeld] = useState<HeldMove | null>(null);
  useEffect(() => {
    if (!active || !history) return;
    return history.holdLeaving(setHeld);
  }, [active, history]);
  if (!held) return { state: 'unblocked', proceed() {}, reset() {} };
  return {
    state: 'blocked',
    proceed() {
      setHeld(null);
      held.proceed();
    },
    reset() {
      setHeld(null);
      held.reset();
    },
  };
}
