import {
  YEAR_COMPASS_SECTIONS,
  yearCompassSection,
  yearCompassYears,
  type Language,
  type YearCompassBoxSize,
  type YearCompassSectionSummary,
} from '@clari/contracts';
import enTexts from '../../../../../locales/en/year-compass.json';
import svTexts from '../../../../../locales/sv/year-compass.json';
import { interpolate } from '../../core/i18n/locales';

interface BoxTexts {
  title: string;
  prompt: string;
  imagePrompt?: string;
}

interface SectionTexts {
  navText: string;
  title: string;
  instruction: string;
  boxes: Record<string, BoxTexts>;
}

/**
 * The section texts come from the same locale files as the SPA's (their "sections" key);
 * the structure (box ids, sizes, image boxes) from libs/contracts.
 */
const TEXTS: Record<Language, { sections: Record<string, SectionTexts> }> = { en: enTexts, sv: svTexts };

export interface SectionContentBox {
  id: string;
  title: string;
  prompt: string;
  size: YearCompassBoxSize;
  hasImage: boolean;
  imagePrompt: string | null;
}

export interface SectionContent {
  sectionNumber: number;
  navText: string;
  title: string;
  instruction: string;
  boxes: SectionContentBox[];
}

/** A section's texts in a language with the years filled in (DESIGN "Years"); null for an unknown section. */
export function sectionContent(
  sectionNumber: number,
  language: Language,
  today: Date = new Date(),
): SectionContent | null {
  const section = yearCompassSection(sectionNumber);
  const texts = TEXTS[language].sections[String(sectionNumber)];
  if (!section || !texts) return null;
  const years = yearCompassYears(today);
  const fill = (template: string) =>
    interpolate(template, { pastYear: String(years.pastYear), futureYear: String(years.futureYear) });
  return {
    sectionNumber,
    navText: fill(texts.navText),
    title: fill(texts.title),
    instruction: fill(texts.instruction),
    boxes: section.boxes.map((box) => {
      const boxTexts = texts.boxes[box.id];
      return {
        id: box.id,
        title: fill(boxTexts.title),
        prompt: fill(boxTexts.prompt),
        size: box.size,
        hasImage: box.hasImage,
        imagePrompt: box.hasImage && boxTexts.imagePrompt ? fill(boxTexts.imagePrompt) : null,
      };
    }),
  };
}

export function sectionSummaries(language: Language, today: Date = new Date()): YearCompassSectionSummary[] {
  return YEAR_COMPASS_SECTIONS.map(({ sectionNumber }) => ({
    sectionNumber,
    UiNavText: (sectionContent(sectionNumber, language, today) as SectionContent).navText,
  }));
}
