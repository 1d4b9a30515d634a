import { LANGUAGES, YEAR_COMPASS_SECTIONS, YEAR_COMPASS_SECTION_COUNT, type Language } from '@clari/contracts';
import enTexts from '../../../../../locales/en/year-compass.json';
import svTexts from '../../../../../locales/sv/year-compass.json';
import { sectionContent, sectionSummaries } from './year-compass-content';

/** Every key path of a nested object, e.g. 'sections.3.boxes.s3_moments.title'. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('Year Compass content', () => {
  it.each(LANGUAGES.map((language) => [language]))(
    'has all 19 sections in %s with nav text, title, instruction and complete boxes',
    (language: Language) => {
      const ids: string[] = [];
      for (let n = 1; n <= YEAR_COMPASS_SECTION_COUNT; n++) {
        const section = sectionContent(n, language);
        expect(section).not.toBeNull();
        if (!section) continue;
        expect(section.navText.trim().length).toBeGreaterThan(2);
        expect(section.title.trim().length).toBeGreaterThan(2);
        expect(section.instruction.trim().length).toBeGreaterThan(40);
        expect(section.boxes.length).toBeGreaterThanOrEqual(1);
        for (const box of section.boxes) {
          expect(box.id).toMatch(new RegExp(`^s${n}_[a-z_]+$`));
          expect(box.title.trim()).not.toBe('');
          expect(box.prompt.trim().length).toBeGreaterThan(10);
          expect(['large', 'small']).toContain(box.size);
          expect(typeof box.hasImage).toBe('boolean');
          if (box.hasImage) expect(box.imagePrompt?.trim()).toBeTruthy();
          else expect(box.imagePrompt).toBeNull();
          ids.push(box.id);
        }
        expect(JSON.stringify(section)).not.toContain('{{');
      }
      expect(new Set(ids).size).toBe(ids.length);
      expect(sectionContent(0, language)).toBeNull();
      expect(sectionContent(20, language)).toBeNull();
    },
  );

  it('has the same keys in English and Swedish, exactly the boxes of the contracts, and different words', () => {
    expect(keyPaths(svTexts).sort()).toEqual(keyPaths(enTexts).sort());
    const boxKeys = (texts: typeof enTexts) =>
      Object.entries(texts.sections).flatMap(([n, section]) => Object.keys(section.boxes).map((id) => `${n}:${id}`));
    expect(boxKeys(enTexts)).toEqual(
      YEAR_COMPASS_SECTIONS.flatMap((section) => section.boxes.map((box) => `${section.sectionNumber}:${box.id}`)),
    );
    expect(sectionContent(3, 'sv')?.navText).toBe('Bästa stunderna');
    expect(sectionContent(3, 'en')?.navText).toBe('Best moments');
  });

  it('has picture boxes for the year in one picture (11) and the year ahead (18) only', () => {
    const withImages = YEAR_COMPASS_SECTIONS.flatMap((section) =>
      section.boxes.filter((box) => box.hasImage).map((box) => box.id),
    );
    expect(withImages).toEqual(['s11_picture', 's18_picture']);
  });

  it('computes the years: from October on, the past year is the current one', () => {
    // The year turns in Stockholm time (UTC+2 in late September).
    const september = new Date(Date.UTC(2026, 8, 30, 21, 59));
    const october = new Date(Date.UTC(2026, 8, 30, 22, 1));
    expect(sectionContent(11, 'en', september)?.title).toBe('2025 in one picture');
    expect(sectionContent(11, 'en', october)?.title).toBe('2026 in one picture');
    expect(sectionContent(18, 'sv', september)?.title).toBe('2026 i en bild');
    expect(sectionContent(18, 'sv', october)?.title).toBe('2027 i en bild');
    expect(sectionContent(13, 'en', new Date(2027, 0, 10))?.title).toBe('Dreaming of 2027');
    expect(sectionContent(1, 'sv', october)?.boxes[0].prompt).toContain('Vad hände under 2026?');
    expect(sectionContent(11, 'en', october)?.boxes[0].imagePrompt).toContain('2026');
  });

  it('lists the sections for the sidebar', () => {
    const summaries = sectionSummaries('en');
    expect(summaries.map((summary) => summary.sectionNumber)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    expect(summaries[0]).toEqual({ sectionNumber: 1, UiNavText: 'Your calendar' });
  });
});
