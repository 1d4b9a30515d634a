import type { NextFunction, Request, Response } from 'express';

/**
 * API answers carry people's private writing: no browser or proxy may keep a copy (a shared
 * computer's disk cache, say). Routes with a cache policy of their own (versioned images, the
 * chat's event stream) set theirs over this one.
 */
export function apiAnswersNotStored() {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
}
