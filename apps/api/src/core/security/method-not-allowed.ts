import type { NextFunction, Request, Response } from 'express';

/** What this middleware reads of an Express router: its layers (Express 5 types lack their match()). */
export interface RouteTable {
  stack: readonly unknown[];
}
interface RouteLayer {
  route: { methods: Record<string, boolean | undefined> };
  match(path: string): unknown;
}

function isRouteLayer(layer: unknown): layer is RouteLayer {
  const candidate = layer as Partial<RouteLayer> | null;
  return typeof candidate?.match === 'function' && typeof candidate.route?.methods === 'object';
}

/** The methods a path's routes accept, GET implying HEAD as Express serves it; undefined when no route has the path. */
export function allowedMethods(table: RouteTable, path: string): string[] | undefined {
  const routes = table.stack.filter(isRouteLayer).filter((layer) => layer.match(path));
  if (!routes.length) return undefined;
  const methods = new Set<string>();
  for (const layer of routes) {
    for (const [method, enabled] of Object.entries(layer.route.methods)) {
      if (!enabled) continue;
      // A route for every method ("all") never refuses one.
      if (method === '_all') return undefined;
      methods.add(method.toUpperCase());
    }
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods];
}

/**
 * 405 with an Allow header, in the common error shape, for a method that a known path does
 * not accept (TRACE, OPTIONS, DELETE on a read-only path…), instead of the 404 meant for
 * unknown paths. It runs before the cross-origin check and the body parser, since nothing
 * is done for such a request. A browser's GET for a page outside /api (say /transcribe) is
 * left to the SPA, which answers page addresses.
 *
 * The routes are read from the router when the first request comes, after Nest registered them.
 */
export function methodNotAllowed(router: () => RouteTable) {
  return (req: Request, res: Response, next: NextFunction) => {
    const allowed = allowedMethods(router(), req.path);
    if (!allowed || allowed.includes(req.method)) return next();
    if (
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.path.startsWith('/api/') &&
      req.accepts('html') === 'html'
    )
      return next();
    res.setHeader('Allow', allowed.join(', '));
    res.status(405).json({
      statusCode: 405,
      message: `${req.method} is not allowed here. This address accepts ${allowed.join(', ')}.`,
      error: 'Method Not Allowed',
      code: 'method_not_allowed',
    });
  };
}
