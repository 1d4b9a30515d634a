import { Children, isValidElement, lazy, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router-dom';

type Load = () => Promise<unknown>;

/**
 * A lazily loaded page whose chunk can also be asked for early (see preloadersFor). Once its
 * chunk has arrived, the page renders at once: React's `lazy` takes a thenable that resolves
 * synchronously, where a promise, even a settled one, would suspend the render and start it
 * over in a later task.
 */
// `any` as in React's own `lazy` signature: the props of each page differ.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loaded: { default: T } | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const preload = (): Promise<{ default: T }> => {
    loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed chunk is asked for again next time (a network that came back, a new deploy).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const settledOrLoading = (): Promise<{ default: T }> => {
    const module = loaded;
    if (!module) return preload();
    // A thenable that calls back at once: React then renders the page in the same pass.
    const settled = { then: (resolve: (value: { default: T }) => void) => resolve(module) };
    return settled as unknown as Promise<{ default: T }>;
  };
  return Object.assign(lazy(settledOrLoading), { preload });
}

function collect(node: ReactNode, found: ReactElement[]) {
  if (!isValidElement(node)) return;
  found.push(node);
  Children.forEach((node.props as { children?: ReactNode }).children, (child) => collect(child, found));
}

/** The routes matched at a pathname (outer first), and every element they render as written. */
export interface RouteMatchAt {
  matches: RouteMatch[];
  elements: ReactElement[];
}

/** Enough for the addresses a visit passes through; a longer visit starts the memo over. */
const MATCH_MEMO_SIZE = 32;
const matchMemo = new WeakMap<RouteObject[], Map<string, RouteMatchAt>>();

/**
 * The routes matched at `pathname`, worked out once per table and address: React Router
 * flattens and ranks the whole table on every `matchRoutes`, and the app's start asks three
 * times for one address (the page's chunks, its early reads, whether it is for signed-in
 * people) before the shell asks again on every render.
 */
export function routeMatchAt(routes: RouteObject[], pathname: string): RouteMatchAt {
  let memo = matchMemo.get(routes);
  if (!memo) matchMemo.set(routes, (memo = new Map()));
  const known = memo.get(pathname);
  if (known) return known;
  const matches = matchRoutes(routes, pathname) ?? [];
  const elements: ReactElement[] = [];
  for (const match of matches) collect(match.route.element, elements);
  if (memo.size >= MATCH_MEMO_SIZE) memo.clear();
  const found = { matches, elements };
  memo.set(pathname, found);
  return found;
}

/**
 * Every element the route table renders at `pathname` as written in it (layouts, guards such as
 * `<ProtectedRoute>`, pages), outer first; not what those components render themselves.
 */
export function elementsAt(routes: RouteObject[], pathname: string): ReactElement[] {
  return routeMatchAt(routes, pathname).elements;
}

/** The loaders of every lazy page and layout that the route table renders at `pathname`, outer first. */
export function preloadersFor(routes: RouteObject[], pathname: string): Load[] {
  return elementsAt(routes, pathname)
    .map((element) => (element.type as { preload?: Load }).preload)
    .filter((preload): preload is Load => typeof preload === 'function');
}

/**
 * Runs `task` once the browser is idle (at the latest after `timeoutMs`), or after a second where
 * there is no idle callback (Safari). Returns the cancel. For work that must not compete with
 * the first paint, such as asking for the code of a menu or dialog before anyone opens it.
 * (Here, in the first load, so that it costs no request of its own.)
 */
export function whenIdle(task: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, Math.min(1000, timeoutMs));
  return () => window.clearTimeout(handle);
}
