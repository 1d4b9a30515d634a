import { type Feeling, fill, quote } from '../../assistant/language';
import type { Language } from '@clari/contracts';
import enFile from '../../../../../../locales/en/year-compass-guide.json';
import svFile from '../../../../../../locales/sv/year-compass-guide.json';

/** What the offline Year Compass guide says, per language. Titles arrive already in that language. */
export interface SectionGuideTexts {
  noSection: string;
  opening(sectionTitle: string): string;
  openingAllFilled(sectionTitle: string): string;
  ask(boxTitle: string, prompt: string): string;
  added(boxTitle: string): string;
  skipped(boxTitle: string): string;
  help(boxTitle: string, prompt: string, pastYear: boolean): string;
  tooLong(boxTitle: string): string;
  backTo(boxTitle: string, prompt: string): string;
  allFilled(sectionTitle: string): string;
  mirror(quote: string): string;
  feelings: Record<Feeling, string>;
  acknowledgements: string[];
  reflectPast: string[];
  reflectFuture: string[];
  chips: {
    help: string;
    skip: string;
    reflectPast: string[];
    reflectFuture: string[];
  };
}

type GuideFile = (typeof enFile)['guide'];

/** The guide's texts from locales/{en,sv}/year-compass-guide.json. */
function guideTexts(language: Language, file: GuideFile): SectionGuideTexts {
  return {
    noSection: file.noSection,
    opening: (title) => fill(file.opening, { title }),
    openingAllFilled: (title) => fill(file.openingAllFilled, { title }),
    ask: (title, prompt) => fill(file.ask, { title, prompt }),
    added: (title) => fill(file.added, { title }),
    skipped: (title) => fill(file.skipped, { title }),
    help: (title, prompt, past) =>
      fill(file.help, { title, prompt, start: past ? file.helpStartPast : file.helpStartFuture }),
    tooLong: (title) => fill(file.tooLong, { title }),
    backTo: (title, prompt) => fill(file.backTo, { title, prompt }),
    allFilled: (title) => fill(file.allFilled, { title }),
    mirror: (text) => fill(file.mirror, { quote: quote(text, language) }),
    feelings: file.feelings as Record<Feeling, string>,
    acknowledgements: file.acknowledgements,
    reflectPast: file.reflectPast,
    reflectFuture: file.reflectFuture,
    chips: file.chips,
  };
}

export const SECTION_GUIDE: Record<Language, SectionGuideTexts> = {
  en: guideTexts('en', enFile.guide),
  sv: guideTexts('sv', svFile.guide),
};
