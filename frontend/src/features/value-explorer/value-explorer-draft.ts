import { isLifeArea, validateValueExplorerData, type LifeAreaId, type ValueExplorerData } from '@clari/contracts';

/**
 * What this browser keeps of the Value Explorer: unsaved data (the draft) in localStorage,
 * tagged with the server version it was made on, and the area on the edit screen in
 * sessionStorage. Blocked or full storage never breaks the page; it only loses the safety net.
 */

const EDITED_AREA_KEY = 'clari.valueExplorer.editedArea';
const draftKey = (email: string) => `clari.valueExplorer.draft.${email}`;
const versionKey = (email: string) => `clari.valueExplorer.version.${email}`;

export interface Draft {
  data: ValueExplorerData;
  /** The server's updatedAt the unsaved change was made on. */
  basedOn: string | null;
}

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/** The server version this browser last loaded or saved. */
export function writeVersion(email: string, updatedAt: string | null): void {
  try {
    storage()?.setItem(versionKey(email), updatedAt ?? '');
  } catch {
    // Storage full or blocked: drafts then simply win (the pre-version behaviour).
  }
}

export function readDraft(email: string): Draft | null {
  try {
    const raw = storage()?.getItem(draftKey(email));
    if (!raw) return null;
    const draft = JSON.parse(raw) as { data?: Partial<ValueExplorerData>; basedOn?: string | null };
    const result = validateValueExplorerData(draft.data ?? {});
    return result.ok ? { data: result.data, basedOn: draft.basedOn ?? null } : null;
  } catch {
    return null;
  }
}

/** Keeps unsaved data, tagged with the version last loaded or saved; null removes it (all saved). */
export function writeDraft(email: string, data: ValueExplorerData | null): void {
  try {
    if (!data) {
      storage()?.removeItem(draftKey(email));
      return;
    }
    const basedOn = storage()?.getItem(versionKey(email)) || null;
    storage()?.setItem(draftKey(email), JSON.stringify({ data, basedOn }));
  } catch {
    // Storage full or blocked: the retries still run while the page is open.
  }
}

export function readEditedArea(): LifeAreaId | null {
  try {
    const stored = sessionStorage.getItem(EDITED_AREA_KEY);
    return isLifeArea(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function writeEditedArea(area: LifeAreaId | null): void {
  try {
    if (area) sessionStorage.setItem(EDITED_AREA_KEY, area);
    else sessionStorage.removeItem(EDITED_AREA_KEY);
  } catch {
    // Without session storage the edited area lasts until a reload.
  }
}
