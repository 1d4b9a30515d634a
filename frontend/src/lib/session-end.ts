/**
 * What must be forgotten when the signed-in user changes or leaves (cached chats, cached server
 * state). Caches loaded with later chunks register here, so the session code in the first
 * load does not have to import them.
 */
const forgetters = new Set<() => void>();

export function onSessionEnd(forget: () => void): () => void {
  forgetters.add(forget);
  return () => forgetters.delete(forget);
}

export function forgetSessionData(): void {
  for (const forget of forgetters) forget();
}
