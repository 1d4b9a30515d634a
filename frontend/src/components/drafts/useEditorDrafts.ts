import { useCallback, useRef, useState } from 'react';
import type { DraftSaveState } from '../../lib/drafts/draft-savers';
import { readDraft, settleDraft, writeDraft, type Draft } from '../../lib/drafts/draft-store';
import { itemDraftKey, useDraftSavers, type UseDraftSaversOptions } from './useDraftSavers';

/** One editor's autosave, as the editor sees it. */
export interface ItemAutosave<T> {
  state: DraftSaveState;
  /** This device's draft, taken back after a reload: the editor opens with it (then `takeRestored`). */
  restored: T | undefined;
  takeRestored(): void;
  /** This device's draft while the server's copy changed since: offered (see DraftOffer). */
  offer: Draft<T> | undefined;
  settleOffer(restore: boolean): void;
  /** The value changed: kept as a draft at once, saved after the pause. */
  change(value: T): void;
  /** Saves what waits now (Save, Enter); true when the server has everything. */
  saveNow(): Promise<boolean>;
  /** Cancel: back to `original`; `serverHasIt` when nothing typed since opening was saved. */
  revert(original: T, serverHasIt: boolean): void;
}

export interface UseEditorDraftsOptions<T> extends UseDraftSaversOptions<T> {
  /** The value of a stored draft, or null when it is not one of this editor's. */
  parse(value: unknown): T | null;
}

/**
 * Autosave for a page's editors that open and close (a summary form, takeaway cards, a profile
 * form): drafts are settled once against the server's copy when an item is first shown (see
 * settleDraft), restored drafts open their editor, and changed ones are offered.
 */
export function useEditorDrafts<T>(options: UseEditorDraftsOptions<T>) {
  const { tool, user, parse, place } = options;
  const { savers, state, stateOf, announceRestored } = useDraftSavers<T>(options);
  const [restored, setRestored] = useState<Readonly<Record<string, T>>>({});
  const [offers, setOffers] = useState<Readonly<Record<string, Draft<T>>>>({});
  const settled = useRef(new Set<string>());

  /** The first time an item is shown: its draft is restored (and saved), offered, or dropped. */
  const settle = useCallback(
    (id: string, server: { value: T; version: string | null }) => {
      if (!user || settled.current.has(`${user}\n${id}`)) return;
      settled.current.add(`${user}\n${id}`);
      const key = itemDraftKey(tool, user, id);
      const outcome = settleDraft(readDraft(key, parse, place), server);
      if (outcome.kind === 'restore') {
        setRestored((current) => ({ ...current, [id]: outcome.value }));
        savers.schedule(id, outcome.value);
        announceRestored();
      } else if (outcome.kind === 'offer') {
        setOffers((current) => ({ ...current, [id]: outcome.draft }));
      } else if (outcome.drop) {
        writeDraft(key, null, place);
      }
    },
    [tool, user, parse, place, savers, announceRestored],
  );

  const item = useCallback(
    (id: string): ItemAutosave<T> => ({
      state: stateOf(id),
      restored: restored[id],
      takeRestored: () => setRestored(({ [id]: _taken, ...rest }) => rest),
      offer: offers[id],
      settleOffer: (restore) => {
        const draft = offers[id];
        setOffers(({ [id]: _settled, ...rest }) => rest);
        if (!draft) return;
        if (restore) {
          setRestored((current) => ({ ...current, [id]: draft.value }));
          savers.schedule(id, draft.value);
        } else if (user) writeDraft(itemDraftKey(tool, user, id), null, place);
      },
      change: (value) => savers.schedule(id, value),
      saveNow: async () => {
        await savers.flush(id);
        return savers.stateOf(id) === 'saved';
      },
      revert: (original, serverHasIt) => {
        const now = savers.stateOf(id);
        if (serverHasIt && (now === 'saved' || now === 'pending')) savers.storedElsewhere(id, () => true);
        else savers.schedule(id, original);
      },
    }),
    [stateOf, restored, offers, savers, tool, user, place],
  );

  return { savers, state, settle, item };
}
