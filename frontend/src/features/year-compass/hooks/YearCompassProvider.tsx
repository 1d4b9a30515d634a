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
import { DEFAULT_LANGUAGE, TIMING, isLanguage, type Language, type YearCompassSectionData } from '@clari/contracts';
import { useAuth } from '../../../components/auth/AuthProvider';
import { itemDraftKey, useDraftSavers } from '../../../components/drafts/useDraftSavers';
import type { DraftSaveState } from '../../../lib/drafts/draft-savers';
import { parseText, readDraft, writeDraft, type Draft } from '../../../lib/drafts/draft-store';
import { cancelSectionLoads, loadSection } from '../api/year-compass-queries';
import {
  SECTION_NUMBERS,
  boxDraftId,
  mergeSection,
  settleBoxDraft,
  withBoxContent,
  withCacheBust,
  type LocalSection,
  type SectionEntry,
} from '../year-compass-data';
import { useSectionImages, type ImageState } from './useSectionImages';
import { useSectionSaves } from './useSectionSaves';

export type { ImageMessage, ImageState } from './useSectionImages';

interface YearCompassState {
  /** The language the sections are loaded in (the app's current language). */
  language: Language;
  entries: Readonly<Record<number, SectionEntry>>;
  /** The section shown in the app; the first on load. */
  selected: number;
  select(sectionNumber: number): void;
  /** Loads one section again, showing its loading state (the retry after a failed load). */
  retry(sectionNumber: number): void;
  /** Re-fetches a section 500 ms after Clari changed its boxes; a failure is only logged. */
  refreshSoon(sectionNumber: number): void;
  /** The text the user is typing into a box (kept locally until saved). */
  setBoxContent(sectionNumber: number, boxId: string, content: string): void;
  /** Saves one box now (Save, Enter); a failure is retried by the autosave. */
  saveBox(sectionNumber: number, boxId: string, content: string): Promise<void>;
  /** The autosave's state of the whole page, and of one box. */
  saveState: DraftSaveState;
  boxSaveState(sectionNumber: number, boxId: string): DraftSaveState;
  /** Drafts kept on this device that the server's text has changed since: offered, by box. */
  offeredDraft(sectionNumber: number, boxId: string): Draft<string> | undefined;
  /** Takes an offered draft into the box (then saved), or throws it away. */
  settleOffer(sectionNumber: number, boxId: string, restore: boolean): void;
  /** 'Save Changes': every box of the section in one call; true when saved. */
  saveSection(sectionNumber: number): Promise<boolean>;
  imageState(sectionNumber: number, boxId: string): ImageState;
  generateImage(sectionNumber: number, boxId: string): Promise<void>;
  uploadImage(sectionNumber: number, boxId: string, file: File): Promise<void>;
  clearImageMessage(sectionNumber: number, boxId: string): void;
  /** Every section, loading the ones not loaded yet (for the exports); throws if one fails. */
  allSections(): Promise<LocalSection[]>;
}

const YearCompassContext = createContext<YearCompassState | null>(null);

/** The tool's part of the drafts' keys: clari.draft.yearCompass.<e-mail>.<section>.<box>. */
const DRAFT_TOOL = 'yearCompass';

function splitDraftId(id: string): [number, string] {
  const dot = id.indexOf('.');
  return [Number(id.slice(0, dot)), id.slice(dot + 1)];
}

function initialEntries(): Record<number, SectionEntry> {
  return Object.fromEntries(SECTION_NUMBERS.map((n) => [n, { status: 'loading' } satisfies SectionEntry]));
}

/**
 * The user's Year Compass for the app and its print view. The server's sections come through
 * the query cache (19 in parallel, per language); the provider keeps, per box, what the user
 * sees and what the server last confirmed, so a section the server answers again (after
 * Clari's updates, a new picture or a language switch) never overwrites unsaved text.
 * Each box is autosaved (a pause after typing, retried until the server has it) and kept as a
 * draft on this device meanwhile; a section's first answer after a reload takes its drafts back.
 */
export function YearCompassProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [entries, setEntries] = useState<Record<number, SectionEntry>>(initialEntries);
  const [selected, setSelected] = useState(SECTION_NUMBERS[0]);

  // Callbacks read the newest state and language without being re-created on every change.
  const latest = useRef({ entries, language });
  useLayoutEffect(() => {
    latest.current = { entries, language };
  });
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const { user } = useAuth();
  const email = user?.email ?? null;
  /** The text the server last confirmed for each box (what a draft is made on). */
  const confirmed = useRef(new Map<string, string>());
  const [offers, setOffers] = useState<Readonly<Record<string, Draft<string>>>>({});

  const {
    savers,
    state: saveState,
    stateOf,
    announceRestored,
  } = useDraftSavers<string>({
    tool: DRAFT_TOOL,
    user: email,
    save: async (id, content) => {
      const [sectionNumber, boxId] = splitDraftId(id);
      confirmed.current.set(id, await sendBoxContent(sectionNumber, boxId, content));
    },
    basedOn: (id) => confirmed.current.get(id) ?? null,
  });

  /**
   * A section as the server has it now, merged into what is shown. Its first answer also takes
   * back the drafts of its boxes: restored and saved, offered, or dropped (see settleBoxDraft).
   */
  const applyFresh = useCallback(
    (fresh: YearCompassSectionData, bustImageOf?: string) => {
      const n = fresh.sectionNumber;
      const firstFill = latest.current.entries[n]?.status !== 'ready';
      const restored = new Map<string, string>();
      const offered: Record<string, Draft<string>> = {};
      for (const box of fresh.boxes) {
        const id = boxDraftId(n, box.id);
        confirmed.current.set(id, box.content);
        if (!firstFill || !email) continue;
        const key = itemDraftKey(DRAFT_TOOL, email, id);
        const outcome = settleBoxDraft(readDraft(key, parseText), box.content);
        if (outcome.kind === 'restore') restored.set(box.id, outcome.value);
        else if (outcome.kind === 'offer') offered[id] = outcome.draft;
        else if (outcome.drop) writeDraft(key, null);
      }
      setEntries((current) => {
        const previous = current[n];
        let section = mergeSection(fresh, previous?.status === 'ready' ? previous.section : undefined, bustImageOf);
        for (const [boxId, content] of restored) section = withBoxContent(section, boxId, content);
        return { ...current, [n]: { status: 'ready', section } };
      });
      for (const [boxId, content] of restored) savers.schedule(boxDraftId(n, boxId), content);
      if (restored.size) announceRestored();
      if (Object.keys(offered).length) setOffers((current) => ({ ...current, ...offered }));
    },
    [email, savers, announceRestored],
  );

  const updateSection = useCallback((sectionNumber: number, change: (section: LocalSection) => LocalSection) => {
    setEntries((current) => {
      const entry = current[sectionNumber];
      if (entry?.status !== 'ready') return current;
      return { ...current, [sectionNumber]: { status: 'ready', section: change(entry.section) } };
    });
  }, []);

  // Part 2 §4: sections 1 to 19 load in parallel (again when the language changes; what the
  // user has not saved yet is kept). A failed section shows 'Failed to fetch section {n}'.
  // Loads of a language no longer shown are cancelled, and their late answers ignored.
  useEffect(() => {
    let current = true;
    for (const n of SECTION_NUMBERS) {
      loadSection(client, language, n, {
        fresh: !!latest.current.entries[n] && latest.current.entries[n]?.status !== 'loading',
      }).then(
        (fresh) => {
          // As a transition: 19 answers arrive within moments, and each re-renders the page; React
          // then renders them in slices between the browser's own work instead of one long task each.
          if (current) startTransition(() => applyFresh(fresh));
        },
        (error: unknown) => {
          if (!current) return;
          console.error(error);
          setEntries((entries) =>
            entries[n]?.status === 'ready'
              ? entries
              : { ...entries, [n]: { status: 'error', message: (error as Error).message } },
          );
        },
      );
    }
    return () => {
      current = false;
      cancelSectionLoads(client, language);
    };
  }, [client, language, applyFresh]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  /** The section from the server (not the cache) merged into what is shown. */
  const reload = useCallback(
    async (sectionNumber: number, bustImageOf?: string) => {
      const fresh = await loadSection(client, latest.current.language, sectionNumber, { fresh: true });
      applyFresh(fresh, bustImageOf);
      return fresh;
    },
    [client, applyFresh],
  );

  const retry = useCallback(
    (sectionNumber: number) => {
      setEntries((current) => ({ ...current, [sectionNumber]: { status: 'loading' } }));
      loadSection(client, latest.current.language, sectionNumber).then(
        (fresh) => applyFresh(fresh),
        (error: unknown) => {
          console.error(error);
          setEntries((current) => ({
            ...current,
            [sectionNumber]: { status: 'error', message: (error as Error).message },
          }));
        },
      );
    },
    [client, applyFresh],
  );

  const refreshSoon = useCallback(
    (sectionNumber: number) => {
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        reload(sectionNumber).catch((error: unknown) =>
          console.error('Failed to refresh the section after Clari’s update', error),
        );
      }, TIMING.yearCompassRefreshAfterAiMs);
      timers.current.add(timer);
    },
    [reload],
  );

  /**
   * The text typed into a box: shown, kept as a draft and saved after the pause. Put back to what
   * the server has (Cancel), nothing waits any more, unless a save of other text is under way.
   */
  const setBoxContent = useCallback(
    (sectionNumber: number, boxId: string, content: string) => {
      updateSection(sectionNumber, (section) => withBoxContent(section, boxId, content));
      const id = boxDraftId(sectionNumber, boxId);
      const backToStored = confirmed.current.get(id) === content;
      if (backToStored && (savers.stateOf(id) === 'saved' || savers.stateOf(id) === 'pending'))
        savers.storedElsewhere(id, () => true);
      else savers.schedule(id, content);
    },
    [updateSection, savers],
  );

  const saveBox = useCallback(
    async (sectionNumber: number, boxId: string, content: string) => {
      const id = boxDraftId(sectionNumber, boxId);
      if (savers.stateOf(id) === 'saved' && confirmed.current.get(id) === content) return;
      savers.schedule(id, content);
      await savers.flush(id);
    },
    [savers],
  );

  /** 'Save Changes' stored the section: the boxes' autosaves have nothing left that it stored. */
  const onSectionSaved = useCallback(
    (sectionNumber: number, boxes: ReadonlyArray<{ id: string; sent: string; stored: string }>) => {
      for (const box of boxes) {
        const id = boxDraftId(sectionNumber, box.id);
        confirmed.current.set(id, box.stored);
        savers.storedElsewhere(id, (waiting) => waiting === box.sent);
      }
    },
    [savers],
  );

  const current = useCallback(() => latest.current, []);
  const { sendBoxContent, saveSection } = useSectionSaves({ current, updateSection, onSectionSaved });

  const boxSaveState = useCallback(
    (sectionNumber: number, boxId: string) => stateOf(boxDraftId(sectionNumber, boxId)),
    [stateOf],
  );
  const offeredDraft = useCallback(
    (sectionNumber: number, boxId: string) => offers[boxDraftId(sectionNumber, boxId)],
    [offers],
  );
  const settleOffer = useCallback(
    (sectionNumber: number, boxId: string, restore: boolean) => {
      const id = boxDraftId(sectionNumber, boxId);
      const draft = offers[id];
      if (!draft) return;
      setOffers(({ [id]: _settled, ...rest }) => rest);
      if (restore) setBoxContent(sectionNumber, boxId, draft.value);
      else if (email) writeDraft(itemDraftKey(DRAFT_TOOL, email, id), null);
    },
    [offers, email, setBoxContent],
  );

  /** After a new picture: reload the section, with a timestamp on the new URL (part 2 §4). */
  const showNewImage = useCallback(
    async (sectionNumber: number, boxId: string, imageUrl: string) => {
      try {
        await reload(sectionNumber, boxId);
      } catch (error) {
        console.error(error);
        updateSection(sectionNumber, (section) => ({
          ...section,
          boxes: section.boxes.map((box) => (box.id === boxId ? { ...box, imageUrl: withCacheBust(imageUrl) } : box)),
        }));
      }
    },
    [reload, updateSection],
  );

  const boxText = useCallback((sectionNumber: number, boxId: string) => {
    const entry = latest.current.entries[sectionNumber];
    return entry?.status === 'ready' ? entry.section.boxes.find((item) => item.id === boxId)?.content : undefined;
  }, []);
  const { imageState, generateImage, uploadImage, clearImageMessage } = useSectionImages({ boxText, showNewImage });

  const allSections = useCallback(async () => {
    const current = latest.current.entries;
    return Promise.all(
      SECTION_NUMBERS.map(async (n) => {
        const entry = current[n];
        if (entry?.status === 'ready') return entry.section;
        const fresh = await loadSection(client, latest.current.language, n);
        applyFresh(fresh);
        return mergeSection(fresh);
      }),
    );
  }, [client, applyFresh]);

  const value = useMemo<YearCompassState>(
    () => ({
      language,
      entries,
      selected,
      select: setSelected,
      retry,
      refreshSoon,
      setBoxContent,
      saveBox,
      saveSection,
      saveState,
      boxSaveState,
      offeredDraft,
      settleOffer,
      imageState,
      generateImage,
      uploadImage,
      clearImageMessage,
      allSections,
    }),
    [
      language,
      entries,
      selected,
      retry,
      refreshSoon,
      setBoxContent,
      saveBox,
      saveSection,
      saveState,
      boxSaveState,
      offeredDraft,
      settleOffer,
      imageState,
      generateImage,
      uploadImage,
      clearImageMessage,
      allSections,
    ],
  );

  return <YearCompassContext.Provider value={value}>{children}</YearCompassContext.Provider>;
}

export function useYearCompass(): YearCompassState {
  const state = useContext(YearCompassContext);
  if (!state) throw new Error('useYearCompass must be used inside YearCompassProvider');
  return state;
}
