// The one UNSAFE_ API kept (until the data router's useBlocker replaces this module): the
// declarative router takes a history of our own only this way; guarded-router.test.tsx pins it.
// eslint-disable-next-line no-restricted-syntax
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
 * moved when they are seen, so a held one is stepped back (unseen by the router) and repeated
 * on `proceed`. Pops are told apart by the history index React Router keeps in each entry's
 * state: a pop that lands on the entry shown is a step back (ours, or the person's back and
 * forward cancelling out) and changes nothing; any other pop is a move, held or passed on.
 */
export function createGuardedHistory(window: Window = globalThis.window): GuardedHistory {
  const base = createBrowserHistory({ window, v5Compat: true });
  const currentIndex = (): number | null => {
    const idx = (window.history.state as { idx?: unknown } | null)?.idx;
    return typeof idx === 'number' ? idx : null;
  };
  let onHeld: ((move: HeldMove) => void) | null = null;
  /** The page and history entry the router shows: on a pop, the browser is already elsewhere. */
  let shownPathname = base.location.pathname;
  let shownIndex = currentIndex();
  /** The entry a proceeding back or forward goes to: that pop is passed on. */
  let proceedingTo: number | null = null;

  const holds = (to: To) => onHeld !== null && base.createURL(to).pathname !== shownPathname;

  function hand(move: () => void) {
    onHeld?.({ proceed: move, reset() {} });
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
        const index = currentIndex();
        if (update.action === 'POP' && index !== null && shownIndex !== null) {
          if (index === proceedingTo) proceedingTo = null;
          // Back on the entry shown: a held move stepped back. The router never left it.
          else if (index === shownIndex) return;
          else if (holds(update.location)) {
            const from = shownIndex;
            base.go(from - index);
            hand(() => {
              proceedingTo = index;
              base.go(index - from);
            });
            return;
          }
        }
        shownPathname = update.location.pathname;
        shownIndex = index;
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
