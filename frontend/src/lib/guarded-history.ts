import { UNSAFE_createBrowserHistory as createBrowserHistory, type To } from 'react-router-dom';

type BrowserHistory = ReturnType<typeof createBrowserHistory>;

/** A page change the app held back to ask the person first. */
export interface HeldMove {
  /** Goes where the person was going after all. */
  proceed(): void;
  /** Stays (the held move is forgotten). */
  reset(): void;
}

export interface GuardedHistory extends BrowserHistory {
  /**
   * While held, every move to another page (a link, a redirect, the browser's back and forward)
   * is held and handed to `onHeld` instead. Returns the release.
   */
  holdLeaving(onHeld: (move: HeldMove) => void): () => void;
}

/**
 * The browser history of React Router's declarative `<BrowserRouter>`, with a way to hold page
 * changes: the declarative router costs the first load about 17 KB gz less than the data router,
 * whose only feature we used beyond it was `useBlocker` (the Journal's unsaved summary).
 *
 * Pushes and replaces are held before they happen. The browser's back and forward have already
 * moved when they are seen, so a held one is stepped back (unseen by the router) and stepped
 * forward again on `proceed`.
 */
export function createGuardedHistory(window: Window = globalThis.window): GuardedHistory {
  const base = createBrowserHistory({ window, v5Compat: true });
  let onHeld: ((move: HeldMove) => void) | null = null;
  /** The page the router shows: on a pop, `base.location` already says where the browser went. */
  let shownPathname = base.location.pathname;
  let proceeding = false;
  let swallowNextPop = false;
  let passNextPop = false;

  const holds = (to: To) => onHeld !== null && !proceeding && base.createURL(to).pathname !== shownPathname;

  function hand(move: () => void) {
    onHeld?.({
      proceed() {
        proceeding = true;
        try {
          move();
        } finally {
          proceeding = false;
        }
      },
      reset() {},
    });
  }

  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    // A move by delta is a pop: it is checked when it arrives in `listen`.
    go: (delta) => base.go(delta),
    push(to, state) {
      if (holds(to)) hand(() => base.push(to, state));
      else base.push(to, state);
    },
    replace(to, state) {
      if (holds(to)) hand(() => base.replace(to, state));
      else base.replace(to, state);
    },
    listen(listener) {
      return base.listen((update) => {
        if (update.action === 'POP') {
          if (swallowNextPop) {
            // The step back of a held move: the router never left the page.
            swallowNextPop = false;
            return;
          }
          if (passNextPop) passNextPop = false;
          else if (update.delta !== null && update.delta !== 0 && holds(update.location)) {
            const delta = update.delta;
            swallowNextPop = true;
            base.go(-delta);
            hand(() => {
              passNextPop = true;
              base.go(delta);
            });
            return;
          }
        }
        shownPathname = update.location.pathname;
        listener(update);
      });
    },
    holdLeaving(handler) {
      onHeld = handler;
      return () => {
        if (onHeld === handler) onHeld = null;
      };
    },
  };
}
