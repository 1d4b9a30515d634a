import type { QueryClient } from '@tanstack/react-query';
import type { Language, YearCompassBox, YearCompassSectionData } from '@clari/contracts';
import { fetchSection } from './year-compass-api';

/** Cache keys of the Year Compass's server state: each section as the server last answered it, per language. */
export const yearCompassKeys = {
  all: ['year-compass'] as const,
  sections: (language: Language) => [...yearCompassKeys.all, 'section', language] as const,
  section: (language: Language, sectionNumber: number) =>
    [...yearCompassKeys.sections(language), sectionNumber] as const,
};

/**
 * A section through the cache: from it while fresh (moving between the app and its print view
 * asks nothing), otherwise from the server, with the client's retries and the query's signal.
 * `fresh` asks the server whatever the cache holds (Clari or a picture has just changed it).
 */
export function loadSection(
  client: QueryClient,
  language: Language,
  sectionNumber: number,
  { fresh = false } = {},
): Promise<YearCompassSectionData> {
  if (fresh) changedElsewhere(client, language, sectionNumber);
  return client.fetchQuery({
    queryKey: yearCompassKeys.section(language, sectionNumber),
    queryFn: ({ signal }) => fetchSection(sectionNumber, language, signal),
    ...(fresh ? { staleTime: 0 } : {}),
  });
}

/**
 * The boxes' texts and pictures are the same in every language: a section that changed is
 * asked for again when next shown in another language, rather than taken from the cache.
 */
function changedElsewhere(client: QueryClient, language: Language, sectionNumber: number): void {
  void client.invalidateQueries({
    queryKey: yearCompassKeys.all,
    predicate: (query) => query.queryKey[2] !== language && query.queryKey[3] === sectionNumber,
    refetchType: 'none',
  });
}

/** Stops the section loads of a language that is no longer shown. */
export function cancelSectionLoads(client: QueryClient, language: Language): void {
  void client.cancelQueries({ queryKey: yearCompassKeys.sections(language) });
}

/** 'Save Changes' answered the stored section. */
export function sectionSaved(client: QueryClient, language: Language, saved: YearCompassSectionData): void {
  client.setQueryData(yearCompassKeys.section(language, saved.sectionNumber), saved);
  changedElsewhere(client, language, saved.sectionNumber);
}

/** One box was saved: the cached section holds its stored text. */
export function boxSaved(
  client: QueryClient,
  language: Language,
  sectionNumber: number,
  saved: Pick<YearCompassBox, 'id' | 'content'>,
): void {
  client.setQueryData<YearCompassSectionData>(
    yearCompassKeys.section(language, sectionNumber),
    (section) =>
      section && {
        ...section,
        boxes: section.boxes.map((box) => (box.id === saved.id ? { ...box, content: saved.content } : box)),
      },
  );
  changedElsewhere(client, language, sectionNumber);
}
