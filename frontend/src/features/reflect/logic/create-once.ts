import type { Reflection } from '@clari/contracts';

/* Creating the placeholder once (part 2 §4 "Reflection start"). */

// Module level, so neither StrictMode's second effect run nor a remount of the page can
// create a second reflection for the same navigation: the key is the history entry's key.
const creations = new Map<string, Promise<Reflection>>();

/** Starts `create` unless a creation for `key` is already under way or done; both callers get the same promise. */
export function createOnce(key: string, create: () => Promise<Reflection>): Promise<Reflection> {
  let creation = creations.get(key);
  if (!creation) {
    creation = create();
    creations.set(key, creation);
  }
  return creation;
}

/** After a failed creation: the next visit may try again. */
export function resetCreation(key: string): void {
  creations.delete(key);
}

/** For tests. */
export function forgetCreations(): void {
  creations.clear();
}
