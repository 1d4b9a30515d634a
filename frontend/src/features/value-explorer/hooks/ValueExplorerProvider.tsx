import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  TIMING,
  emptyValueExplorerData,
  type LifeAreaId,
  type ValueExplorerData,
  type ValueExplorerDataResponse,
} from '@clari/contracts';
import { useToast } from '../../../components/ToastProvider';
import { useAuth } from '../../../components/auth/AuthProvider';
import { saveValueExplorerData, takeValueExplorerDataLoadedWithPage } from '../api/value-explorer-api';
import {
  summaryStored,
  useValueExplorerData,
  valueExplorerKeys,
  valueExplorerSaved,
} from '../api/value-explorer-queries';
import { Autosaver } from '../../../lib/drafts/autosave';
import { RETRY_DELAYS_MS, isRetryableSave, type DraftSaveState } from '../../../lib/drafts/draft-savers';
import { readDraft, writeDraft, writeVersion } from '../value-explorer-draft';
import { VALUE_EXPLORER_NS } from '../value-explorer-i18n';
import { chosenOnly } from '../value-explorer-data';
import { useEditedArea } from './useEditedArea';

export type LoadState = 'loading' | 'ready' | 'error';

interface ValueExplorerState {
  data: ValueExplorerData;
  summary: string;
  loadState: LoadState;
  saveState: DraftSaveState;
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

const formOf = (loaded: ValueExplorerDataResponse): ValueExplorerData => ({
  lifeAreas: loaded.lifeAreas,
  selectedValues: loaded.selectedValues,
  goals: loaded.goals,
  obstacles: loaded.obstacles,
});

interface Settled {
  /** The local copy to start from. */
  data: ValueExplorerData;
  /** The draft that wins, made on the version the server has now; null when the server wins. */
  restored: ValueExplorerData | null;
  /** Whether a draft made on an older version is to be dropped. */
  dropDraft: boolean;
  /** The server's version the copy was settled against. */
  version: string | null;
}

/**
 * The local copy from a server answer and this browser's draft: changes that never reached the
 * server win when they were made on the version the server still has; otherwise (no draft, or
 * another device saved since) the server wins.
 */
function settleAgainstDraft(email: string, loaded: ValueExplorerDataResponse): Settled {
  const draft = readDraft(email);
  const version = loaded.updatedAt;
  if (draft && draft.basedOn === version) return { data: draft.data, restored: draft.data, dropDraft: false, version };
  return { data: formOf(loaded), restored: null, dropDraft: draft !== null, version };
}

/** What settling decided, kept: the server's version noted, a stale draft dropped, a winning one saved now. */
function keepSettled(email: string, settled: Settled, saver: Autosaver<ValueExplorerData>): void {
  if (settled.restored) {
    saver.schedule(settled.restored);
    return;
  }
  if (settled.dropDraft) writeDraft(email, null);
  writeVersion(email, settled.version);
}

/**
 * The Value Explorer's data for all its screens: the document comes through the query cache,
 * the screens change a local copy, and the autosaver saves it (one save at a time, 1 s after
 * the last change, retried with backoff) and writes each stored answer back to the cache.
 * Unsaved changes also sit in localStorage until the server has them, so a reload or a lost
 * connection loses nothing.
 */
export function ValueExplorerProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation(VALUE_EXPLORER_NS);
  const toast = useToast();
  const client = useQueryClient();
  const { user } = useAuth();
  const email = user?.email ?? '';
  // On the first visit after the page opened, its load has usually read the document already:
  // the copy then starts from it in the first render, and the page paints once, filled, instead
  // of painting a spinner and rendering everything again when the answer is handed over.
  const [firstFill] = useState(() => {
    if (!email || client.getQueryData(valueExplorerKeys.data(email)) !== undefined) return undefined;
    const loaded = takeValueExplorerDataLoadedWithPage();
    return loaded && { email, loaded, ...settleAgainstDraft(email, loaded) };
  });
  const query = useValueExplorerData(email, firstFill?.email === email ? firstFill.loaded : undefined);
  const [data, setData] = useState<ValueExplorerData>(firstFill?.data ?? emptyValueExplorerData);
  const [summary, setSummaryState] = useState(firstFill?.loaded.summary ?? '');
  // The account whose server data the local copy was filled from; until then nothing can change.
  const [readyFor, setReadyFor] = useState<string | null>(firstFill?.email ?? null);
  const [saveState, setSaveState] = useState<DraftSaveState>('saved');
  const [phase, setPhase] = useState('values');
  const [saveFailures, setSaveFailures] = useState(0);
  const { editedArea, contextSwitched, setEditedArea } = useEditedArea();

  // The saver depends on the account only: a language switch must not drop its pending save.
  const saver = useMemo(
    () =>
      new Autosaver<ValueExplorerData>({
        delayMs: TIMING.autosaveDelayMs,
        retryDelaysMs: RETRY_DELAYS_MS,
        save: async (next) => {
          const saved = await saveValueExplorerData(next);
          writeVersion(email, saved.updatedAt);
          valueExplorerSaved(client, email, saved);
        },
        isRetryable: isRetryableSave,
        onStateChange: (state, error, failures) => {
          setSaveState(state === 'error' ? (isRetryableSave(error) ? 'retrying' : 'refused') : state);
          if (state === 'error') {
            console.error('Failed to save data', error);
            if (!failures) setSaveFailures((count) => count + 1);
          }
        },
        persist: (next) => writeDraft(email, next),
      }),
    [email, client],
  );

  useEffect(() => {
    saver.resume();
    return () => saver.dispose();
  }, [saver]);

  // One notice per run of failures; the status line keeps showing the state.
  useEffect(() => {
    if (saveFailures > 0) toast(t('errors.saveNotice'), 'error');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new run of failures is news, not a language switch
  }, [saveFailures]);

  // The local copy is filled once, from data loaded since this page opened, never from an older
  // cached copy: a draft is only trusted when it was made on the version the server has now.
  // Later answers (a check when the connection comes back) only refresh the cache; the copy
  // being edited stays, and the autosave keeps the server in step with it.
  // (The page load's own answer, `firstFill`, is such data: it was read after the page opened.)
  const loaded = query.isFetchedAfterMount ? query.data : undefined;
  useEffect(() => {
    if (!loaded || readyFor === email) return;
    const settled = settleAgainstDraft(email, loaded);
    keepSettled(email, settled, saver);
    // The copy is filled once, when the server's answer arrives (settling it against the draft
    // writes localStorage and schedules a save, which cannot happen during render). The filled
    // page renders in slices (a transition), not as one long task; nothing can be edited before
    // it shows, since `ready` comes with it.
    startTransition(() => {
      setSummaryState(loaded.summary ?? '');
      setData(settled.data);
      setReadyFor(email);
    });
  }, [loaded, email, readyFor, saver]);

  // A copy filled in the first render settles its draft here, once (localStorage, a save):
  // before the page paints and can take a change, which settling must not overwrite.
  const firstFillKept = useRef(false);
  useLayoutEffect(() => {
    if (!firstFill || firstFill.email !== email || firstFillKept.current) return;
    firstFillKept.current = true;
    keepSettled(email, firstFill, saver);
  }, [firstFill, email, saver]);

  const ready = readyFor === email;
  // Try again shows the loading state while it asks.
  const loadState: LoadState = ready ? 'ready' : query.isError && !query.isFetching ? 'error' : 'loading';

  useEffect(() => {
    if (loadState !== 'error') return;
    console.error('Failed to load data', query.error);
    toast(t('errors.loadNotice'), 'error');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the notice belongs to the failure, not to a language switch
  }, [loadState]);

  // The connection is back: a failed save is tried again at once, not at the end of its wait.
  useEffect(() => {
    const online = () => saver.retryNow();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [saver]);

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

  const setSummary = useCallback(
    (next: string) => {
      setSummaryState(next);
      summaryStored(client, email, next);
    },
    [client, email],
  );

  const { refetch } = query;
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
      reload: () => void refetch(),
    }),
    [
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
      saver,
      refetch,
    ],
  );

  return <ValueExplorerContext.Provider value={value}>{children}</ValueExplorerContext.Provider>;
}

export function useValueExplorer(): ValueExplorerState {
  const state = useContext(ValueExplorerContext);
  if (!state) throw new Error('useValueExplorer must be used inside ValueExplorerProvider');
  return state;
}
