import { deleteReflection } from './api/reflect-api';

/** Deletions of untouched placeholders still on their way, by reflection id. */
const pending = new Map<string, Promise<void>>();
/** Deletions that wait for the end of the current task, so StrictMode's remount can call them off. */
const scheduled = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Deletes an untouched placeholder the user has left. It waits for the end of the task first:
 * a view that mounts again at once (React's StrictMode check) calls `keepReflection` and the
 * deletion never happens. A failure is only logged; the list then shows the reflection as a draft.
 * `onStart` runs when the deletion really starts (to drop the reflection from cached lists).
 */
export function discardReflection(id: string, onStart?: () => void): void {
  clearTimeout(scheduled.get(id));
  scheduled.set(
    id,
    setTimeout(() => {
      scheduled.delete(id);
      onStart?.();
      const deletion = deleteReflection(id)
        .then(() => undefined)
        .catch((error: unknown) => console.error(`Failed to delete the unused reflection ${id}`, error))
        .finally(() => pending.delete(id));
      pending.set(id, deletion);
    }, 0),
  );
}

/** The reflection is shown again: a deletion not yet started is called off. */
export function keepReflection(id: string): void {
  clearTimeout(scheduled.get(id));
  scheduled.delete(id);
}

/** Resolves when every deletion started or scheduled so far has ended, so a list loaded after it no longer holds them. */
export async function discardsSettled(): Promise<void> {
  if (scheduled.size) await new Promise((resolve) => setTimeout(resolve, 0));
  await Promise.allSettled([...pending.values()]);
}
