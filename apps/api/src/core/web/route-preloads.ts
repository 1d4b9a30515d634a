import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { matchRoutes, type Params } from 'react-router';

/** Written by the web build beside Vite's manifest (scripts/route-preloads.mjs); not served. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

interface PreloadRouteFields {
  path?: string;
  caseSensitive?: boolean;
  /** The chunk files of the lazy pages and layouts the route renders (beyond the first load). */
  files: string[];
  /** API reads its page makes at once; `~name~` stands for the address's parameter `name`. */
  reads: string[];
}

/** One route of the SPA's table as the build describes it: an index route, or one with children. */
export type PreloadRoute =
  | (PreloadRouteFields & { index: true; children?: undefined })
  | (PreloadRouteFields & { index?: false; children?: PreloadRoute[] });

export interface RoutePreloadsFile {
  routes: PreloadRoute[];
  /** What the shell loads for someone signed in (the top bar, the portrait). */
  signedIn: { files: string[]; reads: string[] };
}

/** Addresses longer than this get the page without the links: no real route of the app comes near. */
const MAX_PATHNAME_LENGTH = 512;

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };
const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (char) => ATTRIBUTE_ESCAPES[char]);

/** `~name~` filled in from the matched parameters; undefined when one is missing. */
function fillParams(read: string, params: Params): string | undefined {
  let missing = false;
  const filled = read.replace(/~([A-Za-z_$][\w$]*)~/g, (_placeholder, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? undefined : filled;
}

/**
 * The `<link>` tags that let the browser fetch a page's chunks and first reads while the
 * first-load chunk still loads: the routes matched at the address as the app's router matches
 * them (React Router's own `matchRoutes` on the table the build wrote), and for a browser with a
 * session the signed-in shell and the routes' API reads (a visitor's would only be refused).
 * Undefined when the build wrote no table (an older build): the page is then sent as it is.
 */
export function routePreloadLinks(distDir: string): ((pathname: string, signedIn: boolean) => string) | undefined {
  const file = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return undefined;
  const table = JSON.parse(readFileSync(file, 'utf8')) as RoutePreloadsFile;
  return (pathname, signedIn) => {
    if (pathname.length > MAX_PATHNAME_LENGTH) return '';
    const files = new Set<string>();
    const reads = new Set<string>();
    for (const { route, params } of matchRoutes(table.routes, pathname) ?? []) {
      for (const chunk of route.files) files.add(chunk);
      if (!signedIn) continue;
      for (const read of route.reads) {
        const filled = fillParams(read, params);
        if (filled) reads.add(filled);
      }
    }
    if (signedIn) {
      for (const chunk of table.signedIn.files) files.add(chunk);
      for (const read of table.signedIn.reads) reads.add(read);
    }
    // The reads first: small answers the page renders from, and the chunks queue behind them.
    return [
      ...[...reads].map((read) => `<link rel="preload" href="${escapeAttribute(read)}" as="fetch" crossorigin />`),
      ...[...files].map((chunk) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(chunk)}" />`),
    ].join('\n    ');
  };
}
