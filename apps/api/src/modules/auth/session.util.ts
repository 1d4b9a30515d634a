import type { Request } from 'express';

/** Promise forms of express-session's callback API. */
export function regenerateSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.regenerate((error: unknown) => (error ? reject(error) : resolve())),
  );
}

export function saveSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((error: unknown) => (error ? reject(error) : resolve())));
}

export function destroySession(req: Request): Promise<void> {
  return new Promise((resolve) => (req.session ? req.session.destroy(() => resolve()) : resolve()));
}

/** A new session id carrying only this user: fixation-safe sign-in. */
export async function signIn(req: Request, userId: string): Promise<void> {
  await regenerateSession(req);
  req.session.userId = userId;
  await saveSession(req);
}
