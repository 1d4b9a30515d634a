/**
 * Drafts: what someone typed that the server does not have yet, kept in this browser (one entry
 * per user and item) so that a reload, a crash or a lost connection loses nothing. Blocked or
 * full storage never breaks the page; it only loses the safety net.
 */

export interface Draft<T> {
  value: T;
  /** The server's version the change was made on (a timestamp, or the saved text itself). */
  basedOn: string | null;
  /** When it was kept (ms since the epoch). */
  keptAt: number;
}

/** Where a draft is kept: per tool, user and item (e.g. 'reflect', the e-mail, 'reflection.<id>'). */
export function draftKey(tool: string, user: string, item: string): string {
  return `clari.draft.${tool}.${user}.${item}`;
}

/** The starts of every draft key, the Value Explorer's older form included. */
const DRAFT_KEY_PREFIXES = ['clari.draft.', 'clari.valueExplorer.draft.'];

/**
 * Removes every draft this browser keeps, for every user: signing out on a shared computer must
 * not leave a person's private writing behind for the next one.
 */
export function forgetDrafts(): void {
  for (const place of ['local', 'session'] as const) {
    try {
      const storage = storageOf(place);
      if (!storage) continue;
      const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
      for (const key of keys)
        if (key && DRAFT_KEY_PREFIXES.some((prefix) => key.startsWith(prefix))) storage.removeItem(key);
    } catch {
      // Blocked storage holds nothing to forget.
    }
  }
}

/** Local storage (kept until saved), or the tab's session storage (gone when the tab closes). */
export type DraftPlace = 'local' | 'session';

function storageOf(place: DraftPlace): Storage | null {
  try {
    return place === 'session' ? sessionStorage : localStorage;
  } catch {
    return null;
  }
}

/** The draft kept under `key`, if any and if `parse` accepts its value (null refuses it). */
export function readDraft<T>(
  key: string,
  parse: (value: unknown) => T | null,
  place: DraftPlace = 'local',
): Draft<T> | null {
  try {
    const raw = storageOf(place)?.getItem(key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Draft<unknown>> | null;
    if (!stored || typeof stored !== 'object') return null;
    const value = parse(stored.value);
    if (value === null) return null;
    return {
      value,
      basedOn: typeof stored.basedOn === 'string' ? stored.basedOn : null,
      keptAt: typeof stored.keptAt === 'number' ? stored.keptAt : 0,
    };
  } catch {
    return null;
  }
}

/** Keeps a draft under `key`; null removes it (all saved, or thrown away). */
export function writeDraft<T>(key: string, draft: Draft<T> | null, place: DraftPlace = 'local'): void {
  try {
    if (draft === null) storageOf(place)?.removeItem(key);
    else storageOf(place)?.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the retries still run while the page is open.
  }
}

/** What to show when a draft meets the server's data. */
export type DraftOutcome<T> =
  /** Show the server's data; `drop` says the draft is to be removed (the server has it already). */
  | { kind: 'server'; drop: boolean }
  /** The draft wins: it was made on the version the server still has; show it and save it. */
  | { kind: 'restore'; value: T }
  /** The server changed since (another device, Clari): show the server's, and offer the draft. */
  | { kind: 'offer'; draft: Draft<T> };

/** Equal as JSON: enough for the plain data (texts, lists of texts) drafts hold. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Settles a draft against what the server has: changes that never reached it win when they were
 * made on the version it still has; a draft the server already holds goes; otherwise the person
 * decides (the draft is offered, never silently dropped nor silently written over newer data).
 */
export function settleDraft<T>(
  draft: Draft<T> | null,
  server: { value: T; version: string | null },
  same: (a: T, b: T) => boolean = sameJson,
): DraftOutcome<T> {
  if (!draft) return { kind: 'server', drop: false };
  if (same(draft.value, server.value)) return { kind: 'server', drop: true };
  if (draft.basedOn === server.version) return { kind: 'restore', value: draft.value };
  return { kind: 'offer', draft };
}

/** A string, else null: the parse of drafts that hold one text. */
export function parseText(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** An object whose `fields` are all strings, else null: the parse of drafts of small forms. */
export function parseTexts<K extends string>(fields: readonly K[]): (value: unknown) => Record<K, string> | null {
  return (value) => {
    if (!value || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    const result = {} as Record<K, string>;
    for (const field of fields) {
      const text = record[field];
      if (typeof text !== 'string') return null;
      result[field] = text;
    }
    return result;
  };
}
