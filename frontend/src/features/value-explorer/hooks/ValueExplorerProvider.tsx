import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMING, emptyValueExplorerData, isLifeArea, validateValueExplorerData, type LifeAreaId, type ValueExplorerData } from '@clari/contracts';
import { useToast } from '../../../components/ToastProvider';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../components/auth/AuthProvider';
import { loadValueExplorerData, saveValueExplorerData } from '../api/value-explorer-api';
import { Autosaver, type SaveState } from '../autosave';
import { VALUE_EXPLORER_NS } from '../value-explorer-i18n';
import { chosenOnly } from '../value-explorer-data';

const RETRY_DELAYS_MS = [2000, 5000, 10000, 30000];
const EDITED_AREA_KEY = 'clari.valueExplorer.editedArea';
const draftKey = (email: string) => `clari.valueExplorer.draft.${email}`;

export type LoadState = 'loading' | 'ready' | 'error';

interface ValueExplorerState {
  data: ValueExplorerData;
  summary: string;
  loadState: LoadState;
  saveState: SaveState;
  /** Replaces the form data; saved 1 s after the last change. */
  update(change: (data: ValueExplorerData) => ValueExplorerData): void;
  setSummary(summary: string): void;
  /** The area on the edit screen (kept across a reload of the tab). */
  editedArea: LifeAreaId | null;
  /** True when the edit screen switched from another area (sent to Clari as contextSwitched). */
  contextSwitched: boolean;
  setEditedArea(area: LifeAreaId | null): void;
  /** The conversation phase: starts at values and follows Clari; not reset when the area changes. */
  phase: string;
  setPhase(phase: string): void;
  /** Saves pending changes now. */
  flush(): Promise<void>;
  reload(): void;
}

const ValueExplorerContext = createContext<ValueExplorerState | null>(null);

const versionKey = (email: string) => `clari.valueExplorer.version.${email}`;

interface Draft {
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
function writeVersion(email: string, updatedAt: string | null): void {
  try {
    storage()?.setItem(versionKey(email), updatedAt ?? '');
  } catch {
    // Storage full or blocked: drafts then simply win (the pre-version behaviour).
  }
}

function readDraft(email: string): Draft | null {
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

function writeDraft(email: string, data: ValueExplorerData | null): void {
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

function readEditedArea(): LifeAreaId | null {
  try {
    const stored = sessionStorage.getItem(EDITED_AREA_KEY);
    return isLifeArea(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The Value Explorer's data for all its screens: loaded once, changed locally, and saved by
 * the autosaver. Unsaved changes also sit in localStorage until the server has them, so a
 * reload or a lost connection loses nothing.
 */
export function ValueExplorerProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation(VALUE_EXPLORER_NS);
  const toast = useToast();
  const { user } = useAuth();
  const email = user?.email ?? '';
  const [data, setData] = useState<ValueExplorerData>(emptyValueExplorerData);
  const [summary, setSummary] = useState('');
  const [loadState, setLoadState] = useState<LoadState>('loading');
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [editedArea, setEditedAreaState] = useState<LifeAreaId | null>(readEditedArea);
  const [contextSwitched, setContextSwitched] = useState(false);
  const [phase, setPhase] = useState('values');
  const [loadCount, setLoadCount] = useState(0);
  const [saveFailures, setSaveFailures] = useState(0);

  // The saver depends on the account only: a language switch must not drop its pending save.
  const saver = useMemo(
    () =>
      new Autosaver<ValueExplorerData>({
        delayMs: TIMING.autosaveDelayMs,
        retryDelaysMs: RETRY_DELAYS_MS,
        save: async (next) => {
          const saved = await saveValueExplorerData(next);
          writeVersion(email, saved.updatedAt);
        },
        // A refused save (400) will not pass by retrying; anything else may.
        isRetryable: (error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429),
        onStateChange: (state, error, failures) => {
          setSaveState(state);
          if (state === 'error') {
            console.error('Failed to save data', error);
            if (!failures) setSaveFailures((count) => count + 1);
          }
        },
        persist: (next) => writeDraft(email, next),
      }),
    [email],
  );

  useEffect(() => () => saver.dispose(), [saver]);

  // One notice per run of failures; the status line keeps showing the state.
  useEffect(() => {
    if (saveFailures > 0) toast(t('errors.saveNotice'), 'error');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new run of failures is news, not a language switch
  }, [saveFailures]);

  useEffect(() => {
    let cancelled = false;
    loadValueExplorerData()
      .then((loaded) => {
        if (cancelled) return;
        const draft = readDraft(email);
        setSummary(loaded.summary ?? '');
        if (draft && draft.basedOn === loaded.updatedAt) {
          // Changes that never reached the server win, and are saved now.
          setData(draft.data);
          saver.schedule(draft.data);
        } else {
          // No draft, or the server has changed since (another device saved): the server wins.
          if (draft) writeDraft(email, null);
          writeVersion(email, loaded.updatedAt);
          setData({ lifeAreas: loaded.lifeAreas, selectedValues: loaded.selectedValues, goals: loaded.goals, obstacles: loaded.obstacles });
        }
        setLoadState('ready');
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error('Failed to load data', error);
        setLoadState('error');
      });
    return () => {
      cancelled = true;
    };
  }, [email, loadCount, saver]);

  useEffect(() => {
    if (loadState === 'error') toast(t('errors.loadNotice'), 'error');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the notice belongs to the failure, not to a language switch
  }, [loadState]);

  // Leaving the page with changes still waiting for their 1 s: save them now.
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!saver.hasUnsaved) return;
      void saver.flush();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [saver]);

  const ready = loadState === 'ready';
  const update = useCallback(
    (change: (current: ValueExplorerData) => ValueExplorerData) => {
      // Before the data has loaded, a change would be saved over everything on the server.
      if (!ready) return;
      setData((current) => {
        const next = change(current);
        if (next !== current) saver.schedule(chosenOnly(next));
        return next;
      });
    },
    [saver, ready],
  );

  const lastArea = useRef<LifeAreaId | null>(editedArea);
  const setEditedArea = useCallback((area: LifeAreaId | null) => {
    // Switching from one area to another (not opening the first one) is a context switch for Clari.
    if (area !== null) {
      setContextSwitched(lastArea.current !== null && lastArea.current !== area);
      lastArea.current = area;
    }
    setEditedAreaState(area);
    try {
      if (area) sessionStorage.setItem(EDITED_AREA_KEY, area);
      else sessionStorage.removeItem(EDITED_AREA_KEY);
    } catch {
      // Without session storage the edited area lasts until a reload.
    }
  }, []);

  const value = useMemo<ValueExplorerState>(
    () => ({
      data,
      summary,
      loadState,
      saveState,
      update,
      setSummary,
      editedArea,
      contextSwitched,
      setEditedArea,
      phase,
      setPhase,
      flush: () => saver.flush(),
      reload: () => {
        setLoadState('loading');
        setLoadCount((count) => count + 1);
      },
    }),
    [data, summary, loadState, saveState, update, editedArea, contextSwitched, setEditedArea, phase, saver],
  );

  return <ValueExplorerContext.Provider value={value}>{children}</ValueExplorerContext.Provider>;
}

export function useValueExplorer(): ValueExplorerState {
  const state = useContext(ValueExplorerContext);
  if (!state) throw new Error('useValueExplorer must be used inside ValueExplorerProvider');
  return state;
}
