import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../ToastProvider';
import {
  DraftSavers,
  combineSaveStates,
  type DraftSaveState,
  type DraftSaversOptions,
} from '../../lib/drafts/draft-savers';
import { draftKey, type DraftPlace } from '../../lib/drafts/draft-store';
import { DRAFTS_NS } from './drafts-i18n';

export interface UseDraftSaversOptions<T> {
  /** The tool, part of every draft's key ('yearCompass', 'reflect', …). */
  tool: string;
  /** The signed-in person (their e-mail); null while not known: nothing is kept meanwhile. */
  user: string | null;
  save(id: string, value: T): Promise<void>;
  /** The server version an item's unsaved value is made on (see settleDraft). */
  basedOn(id: string): string | null;
  place?: DraftPlace;
  /** Tests shorten the waits. */
  timing?: Pick<DraftSaversOptions<T>, 'delayMs' | 'retryDelaysMs'>;
}

/** The draft key of one item of `tool` for `user`. */
export const itemDraftKey = (tool: string, user: string, id: string) => draftKey(tool, user, id);

/**
 * Autosave for a page's editors, keyed by item: each change is kept as a draft at once and
 * saved after a pause; failures are retried with backoff and as soon as the browser is back
 * online, and told once per run of failures (a toast) while the status line keeps the state.
 * Leaving with something unsaved saves it and lets the browser ask first.
 */
export function useDraftSavers<T>({ tool, user, save, basedOn, place, timing }: UseDraftSaversOptions<T>) {
  const { t } = useTranslation(DRAFTS_NS);
  const toast = useToast();
  const [states, setStates] = useState<ReadonlyMap<string, DraftSaveState>>(() => new Map());
  const [failures, setFailures] = useState(0);

  const latest = useRef(t);
  useLayoutEffect(() => {
    latest.current = t;
  });

  const delayMs = timing?.delayMs;
  const retryDelaysMs = timing?.retryDelaysMs;
  // The savers live as long as the person: new callbacks (a new render) must not drop what waits.
  const savers = useMemo(
    () =>
      new DraftSavers<T>({
        save: () => Promise.reject(new Error('Not ready')),
        basedOn: () => null,
        storageKey: (id) => (user ? itemDraftKey(tool, user, id) : null),
        onChange: setStates,
        onFailure: () => setFailures((count) => count + 1),
        place,
        delayMs,
        retryDelaysMs,
      }),
    [tool, user, place, delayMs, retryDelaysMs],
  );
  useLayoutEffect(() => {
    savers.setHandlers({ save, basedOn });
  });

  // Leaving the page sends what waits (once: no retries after), and the drafts keep it anyway.
  useEffect(() => {
    savers.resume();
    return () => {
      void savers.flushAll();
      savers.dispose();
    };
  }, [savers]);

  // One notice per run of failures; the status line keeps showing the state.
  useEffect(() => {
    if (failures > 0) toast(t('failureNotice'), 'error');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new run of failures is news, not a language switch
  }, [failures]);

  // The connection is back: what failed is tried again at once, not at the end of its wait.
  useEffect(() => {
    const online = () => savers.retryNow();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [savers]);

  // Leaving with changes that the server does not have: they are sent now, and kept as drafts.
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!savers.hasUnsaved) return;
      void savers.flushAll();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [savers]);

  const stateOf = useCallback((id: string): DraftSaveState => states.get(id) ?? 'saved', [states]);
  /** Tells the person that text kept on this device is back in its editor (and being saved). */
  const announceRestored = useCallback(() => toast(latest.current('restored'), 'info'), [toast]);
  return { savers, states, state: combineSaveStates(states.values()), stateOf, announceRestored };
}
