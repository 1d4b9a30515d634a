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
}

/**
 * Saving one box (Save/Enter) and a whole section ('Save Changes'), as mutations that write the
 * stored answer into the query cache; the shown boxes take it as their confirmed text.
 */
export function useSectionSaves({ current, updateSection }: SectionSavesOptions) {
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

  const saveBox = useCallback(
    async (sectionNumber: number, boxId: string, content: string) => {
      try {
        const saved = await sendBox({ language: current().language, sectionNumber, boxId, content });
        updateSection(sectionNumber, (section) =>
          applySaved(section, [{ id: boxId, sent: content, stored: saved.content }]),
        );
      } catch (error) {
        // Part 2 §8: a box save failure is only logged; the box keeps its "not saved yet" mark.
        console.error('Failed to save box', error);
      }
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
        updateSection(sectionNumber, (section) =>
          applySaved(
            section,
            boxes.map((box) => ({ id: box.id, sent: box.content, stored: stored.get(box.id) ?? box.content.trim() })),
          ),
        );
        return true;
      } catch (error) {
        console.error('Failed to save section', error);
        return false;
      }
    },
    [current, sendSection, updateSection],
  );

  return { saveBox, saveSection };
}
