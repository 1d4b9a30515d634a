import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, TIMING, isLanguage, type Language, type YearCompassSectionData } from '@clari/contracts';
import { ApiError } from '../../../lib/api';
import * as yearCompassApi from '../api/year-compass-api';
import {
  SECTION_NUMBERS,
  applySaved,
  fileProblem,
  hasUnsavedChanges,
  mergeSection,
  withBoxContent,
  withCacheBust,
  type LocalSection,
  type SectionEntry,
} from '../year-compass-data';

/** What an image box can say, as keys of the `image` texts. */
export type ImageMessage = 'contentRequired' | 'notImage' | 'tooLarge' | 'unsupported' | 'generateError' | 'uploadError';

/** Image work is tracked per box (part 2 §4): idle, generating or uploading, and the last problem. */
export interface ImageState {
  busy: 'generating' | 'uploading' | null;
  message: ImageMessage | null;
}

const IDLE_IMAGE: ImageState = { busy: null, message: null };

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
  /** Saves one box; a failure is only logged (the box stays marked as not saved). */
  saveBox(sectionNumber: number, boxId: string, content: string): Promise<void>;
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

const imageKey = (sectionNumber: number, boxId: string) => `${sectionNumber}:${boxId}`;

function initialEntries(): Record<number, SectionEntry> {
  return Object.fromEntries(SECTION_NUMBERS.map((n) => [n, { status: 'loading' } satisfies SectionEntry]));
}

function errorCode(error: unknown): string | undefined {
  const body = error instanceof ApiError ? error.body : undefined;
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The user's Year Compass for the app and its print view: the 19 sections loaded in parallel
 * in the current language, local edits, saves, pictures and Clari's refreshes.
 */
export function YearCompassProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [entries, setEntries] = useState<Record<number, SectionEntry>>(initialEntries);
  const [images, setImages] = useState<Record<string, ImageState>>({});
  const [selected, setSelected] = useState(SECTION_NUMBERS[0]);

  // Callbacks read the newest state and language without being re-created on every change.
  const latest = useRef({ entries, language, images });
  useLayoutEffect(() => {
    latest.current = { entries, language, images };
  });
  const loadGeneration = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const applyFresh = useCallback((fresh: YearCompassSectionData, bustImageOf?: string) => {
    setEntries((current) => {
      const previous = current[fresh.sectionNumber];
      return { ...current, [fresh.sectionNumber]: { status: 'ready', section: mergeSection(fresh, previous?.status === 'ready' ? previous.section : undefined, bustImageOf) } };
    });
  }, []);

  const updateSection = useCallback((sectionNumber: number, change: (section: LocalSection) => LocalSection) => {
    setEntries((current) => {
      const entry = current[sectionNumber];
      if (entry?.status !== 'ready') return current;
      return { ...current, [sectionNumber]: { status: 'ready', section: change(entry.section) } };
    });
  }, []);

  // Part 2 §4: sections 1 to 19 load in parallel (again when the language changes; what the
  // user has not saved yet is kept). A failed section shows 'Failed to fetch section {n}'.
  useEffect(() => {
    const generation = ++loadGeneration.current;
    const controller = new AbortController();
    for (const n of SECTION_NUMBERS) {
      yearCompassApi.fetchSection(n, language, controller.signal).then(
        (fresh) => {
          if (loadGeneration.current === generation) applyFresh(fresh);
        },
        (error: unknown) => {
          if (controller.signal.aborted || loadGeneration.current !== generation) return;
          console.error(error);
          setEntries((current) => (current[n]?.status === 'ready' ? current : { ...current, [n]: { status: 'error', message: (error as Error).message } }));
        },
      );
    }
    return () => controller.abort();
  }, [language, applyFresh]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  // Leaving with text that never reached the server: the browser asks first.
  const unsaved = Object.values(entries).some((entry) => entry.status === 'ready' && hasUnsavedChanges(entry.section));
  useEffect(() => {
    if (!unsaved) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [unsaved]);

  const load = useCallback(
    async (sectionNumber: number, bustImageOf?: string) => {
      const fresh = await yearCompassApi.fetchSection(sectionNumber, latest.current.language);
      applyFresh(fresh, bustImageOf);
      return fresh;
    },
    [applyFresh],
  );

  const retry = useCallback(
    (sectionNumber: number) => {
      setEntries((current) => ({ ...current, [sectionNumber]: { status: 'loading' } }));
      load(sectionNumber).catch((error: unknown) => {
        console.error(error);
        setEntries((current) => ({ ...current, [sectionNumber]: { status: 'error', message: (error as Error).message } }));
      });
    },
    [load],
  );

  const refreshSoon = useCallback(
    (sectionNumber: number) => {
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        load(sectionNumber).catch((error: unknown) => console.error('Failed to refresh the section after Clari’s update', error));
      }, TIMING.yearCompassRefreshAfterAiMs);
      timers.current.add(timer);
    },
    [load],
  );

  const setBoxContent = useCallback(
    (sectionNumber: number, boxId: string, content: string) => updateSection(sectionNumber, (section) => withBoxContent(section, boxId, content)),
    [updateSection],
  );

  const saveBox = useCallback(
    async (sectionNumber: number, boxId: string, content: string) => {
      try {
        const saved = await yearCompassApi.saveBox(sectionNumber, boxId, content);
        updateSection(sectionNumber, (section) => applySaved(section, [{ id: boxId, sent: content, stored: saved.content }]));
      } catch (error) {
        // Part 2 §8: a box save failure is only logged; the box keeps its "not saved yet" mark.
        console.error('Failed to save box', error);
      }
    },
    [updateSection],
  );

  const saveSection = useCallback(
    async (sectionNumber: number) => {
      const entry = latest.current.entries[sectionNumber];
      if (entry?.status !== 'ready') return false;
      const boxes = entry.section.boxes.map((box) => ({ id: box.id, content: box.content }));
      try {
        const saved = await yearCompassApi.saveSection(sectionNumber, { boxes });
        const stored = new Map(saved.boxes.map((box) => [box.id, box.content]));
        updateSection(sectionNumber, (section) => applySaved(section, boxes.map((box) => ({ id: box.id, sent: box.content, stored: stored.get(box.id) ?? box.content.trim() }))));
        return true;
      } catch (error) {
        console.error('Failed to save section', error);
        return false;
      }
    },
    [updateSection],
  );

  const setImage = useCallback((sectionNumber: number, boxId: string, state: ImageState) => {
    setImages((current) => ({ ...current, [imageKey(sectionNumber, boxId)]: state }));
  }, []);

  /** After a new picture: reload the section, with a timestamp on the new URL (part 2 §4). */
  const showNewImage = useCallback(
    async (sectionNumber: number, boxId: string, imageUrl: string) => {
      try {
        await load(sectionNumber, boxId);
      } catch (error) {
        console.error(error);
        updateSection(sectionNumber, (section) => ({ ...section, boxes: section.boxes.map((box) => (box.id === boxId ? { ...box, imageUrl: withCacheBust(imageUrl) } : box)) }));
      }
    },
    [load, updateSection],
  );

  const generateImage = useCallback(
    async (sectionNumber: number, boxId: string) => {
      const entry = latest.current.entries[sectionNumber];
      const box = entry?.status === 'ready' ? entry.section.boxes.find((item) => item.id === boxId) : undefined;
      if (!box || latest.current.images[imageKey(sectionNumber, boxId)]?.busy) return;
      const prompt = box.content.trim();
      if (!prompt) {
        setImage(sectionNumber, boxId, { busy: null, message: 'contentRequired' });
        return;
      }
      setImage(sectionNumber, boxId, { busy: 'generating', message: null });
      try {
        const { imageUrl } = await yearCompassApi.generateImage({ prompt, sectionNumber, boxId });
        await showNewImage(sectionNumber, boxId, imageUrl);
        setImage(sectionNumber, boxId, IDLE_IMAGE);
      } catch (error) {
        console.error('Error generating image', error);
        setImage(sectionNumber, boxId, { busy: null, message: errorCode(error) === 'content_required' ? 'contentRequired' : 'generateError' });
      }
    },
    [setImage, showNewImage],
  );

  const uploadImage = useCallback(
    async (sectionNumber: number, boxId: string, file: File) => {
      if (latest.current.images[imageKey(sectionNumber, boxId)]?.busy) return;
      const problem = fileProblem(file);
      if (problem) {
        setImage(sectionNumber, boxId, { busy: null, message: problem });
        return;
      }
      setImage(sectionNumber, boxId, { busy: 'uploading', message: null });
      try {
        const { imageUrl } = await yearCompassApi.uploadImage(sectionNumber, boxId, file);
        await showNewImage(sectionNumber, boxId, imageUrl);
        setImage(sectionNumber, boxId, IDLE_IMAGE);
      } catch (error) {
        console.error('Failed to upload image', error);
        const status = error instanceof ApiError ? error.status : 0;
        setImage(sectionNumber, boxId, { busy: null, message: status === 413 ? 'tooLarge' : status === 415 ? 'unsupported' : 'uploadError' });
      }
    },
    [setImage, showNewImage],
  );

  const clearImageMessage = useCallback(
    (sectionNumber: number, boxId: string) => setImages((current) => ({ ...current, [imageKey(sectionNumber, boxId)]: { ...(current[imageKey(sectionNumber, boxId)] ?? IDLE_IMAGE), message: null } })),
    [],
  );

  const allSections = useCallback(async () => {
    const current = latest.current.entries;
    return Promise.all(
      SECTION_NUMBERS.map(async (n) => {
        const entry = current[n];
        if (entry?.status === 'ready') return entry.section;
        const fresh = await load(n);
        return mergeSection(fresh);
      }),
    );
  }, [load]);

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
      imageState: (sectionNumber, boxId) => images[imageKey(sectionNumber, boxId)] ?? IDLE_IMAGE,
      generateImage,
      uploadImage,
      clearImageMessage,
      allSections,
    }),
    [language, entries, selected, retry, refreshSoon, setBoxContent, saveBox, saveSection, images, generateImage, uploadImage, clearImageMessage, allSections],
  );

  return <YearCompassContext.Provider value={value}>{children}</YearCompassContext.Provider>;
}

export function useYearCompass(): YearCompassState {
  const state = useContext(YearCompassContext);
  if (!state) throw new Error('useYearCompass must be used inside YearCompassProvider');
  return state;
}
