import { Children, isValidElement, lazy, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';

type Load = () => Promise<unknown>;

/** A lazily loaded page whose chunk can also be asked for early (see preloadersFor). */
// `any` as in React's own `lazy` signature: the props of each page differ.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return Object.assign(lazy(load), { preload: load });
}

function collect(node: ReactNode, found: ReactElement[]) {
  if (!isValidElement(node)) return;
  found.push(node);
  Children.forEach((node.props as { children?: ReactNode }).children, (child) => collect(child, found));
}

/**
 * Every element the route table renders at `pathname` as written in it (layouts, guards such as
 * `<ProtectedRoute>`, pages), outer first; not what those components render themselves.
 */
export function elementsAt(routes: RouteObject[], pathname: string): ReactElement[] {
  const found: ReactElement[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) collect(match.route.element, found);
  return found;
}

/** The loaders of every lazy page and layout that the route table renders at `pathname`, outer first. */
export function preloadersFor(routes: RouteObject[], pathname: string): Load[] {
  return elementsAt(routes, pathname)
    .map((element) => (element.type as { preload?: Load }).preload)
    .filter((preload): preload is Load => typeof preload === 'function');
}
