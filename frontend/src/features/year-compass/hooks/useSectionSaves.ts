import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Language, YearCompassSaveSectionRequest } from '@clari/contracts';
import * as yearCompassApi from '../api/year-compass-api';
import { boxSaved, sectionSaved } from '../api/year-compass-queries';
import { applySaved, type LocalSection, type SectionEntry } from '../year-compass-data';

interface SectionSavesOptions {
  /** The newest state, read when a save starts. */
  current(): { language: Language; entries: Readonly<Record<number, SectionEntry>> };
  updateSection(sectionNumber: number, change: (section: LocalSection) => LocalSection): void;
  /** The whole section was stored: what the boxes' autosaves still wait to send may be stored already. */
  onSectionSaved?(sectionNumber: number, boxes: ReadonlyArray<{ id: string; sent: string; stored: string }>): void;
}

/**
 * Saving one box (the autosave, Save/Enter) and a whole section ('Save Changes'), as mutations that
 * write the stored answer into the query cache; the shown boxes take it as their confirmed text.
 */
export function useSectionSaves({ current, updateSection, onSectionSaved }: SectionSavesOptions) {
  const client = useQueryClient();

  const { mutateAsync: sendBox } = useMutation({
    mutationFn: ({
      sectionNumber,
      boxId,
      content,
    }: {
      language: Language;
      sectionNumber: number;
      boxId: string;
      content: string;
    }) => yearCompassApi.saveBox(sectionNumber, boxId, content),
    onSuccess: (saved, { language, sectionNumber }) => boxSaved(client, language, sectionNumber, saved),
  });

  /** Sends one box (the autosave's call); a failure is thrown, for the autosave to retry. */
  const sendBoxContent = useCallback(
    async (sectionNumber: number, boxId: string, content: string) => {
      const saved = await sendBox({ language: current().language, sectionNumber, boxId, content });
      updateSection(sectionNumber, (section) =>
        applySaved(section, [{ id: boxId, sent: content, stored: saved.content }]),
      );
      return saved.content;
    },
    [current, sendBox, updateSection],
  );

  const { mutateAsync: sendSection } = useMutation({
    mutationFn: ({
      sectionNumber,
      request,
    }: {
      language: Language;
      sectionNumber: number;
      request: YearCompassSaveSectionRequest;
    }) => yearCompassApi.saveSection(sectionNumber, request),
    onSuccess: (saved, { language }) => sectionSaved(client, language, saved),
  });

  const saveSection = useCallback(
    async (sectionNumber: number) => {
      const { language, entries } = current();
      const entry = entries[sectionNumber];
      if (entry?.status !== 'ready') return false;
      const boxes = entry.section.boxes.map((box) => ({ id: box.id, content: box.content }));
      try {
        const saved = await sendSection({ language, sectionNumber, request: { boxes } });
        const stored = new Map(saved.boxes.map((box) => [box.id, box.content]));
        const applied = boxes.map((box) => ({
          id: box.id,
          sent: box.content,
          stored: stored.get(box.id) ?? box.content.trim(),
        }));
        updateSection(sectionNumber, (section) => applySaved(section, applied));
        onSectionSaved?.(sectionNumber, applied);
        return true;
      } catch (error) {
        console.error('Failed to save section', error);
        return false;
      }
    },
    [current, sendSection, updateSection, onSectionSaved],
  );

  return { sendBoxContent, saveSection };
}
