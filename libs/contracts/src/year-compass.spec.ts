import {
  YEAR_COMPASS_SECTIONS,
  isPastYearSection,
  isYearCompassSectionNumber,
  yearCompassBox,
  yearCompassImageUrl,
  yearCompassSection,
} from './year-compass';

describe('Year Compass contracts', () => {
  it('has 19 sections in order, each with boxes whose ids are unique and name their section', () => {
    expect(YEAR_COMPASS_SECTIONS.map((section) => section.sectionNumber)).toEqual(
      Array.from({ length: 19 }, (_, i) => i + 1),
    );
    const ids = YEAR_COMPASS_SECTIONS.flatMap((section) => section.boxes.map((box) => box.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const section of YEAR_COMPASS_SECTIONS) {
      expect(section.boxes.length).toBeGreaterThanOrEqual(1);
      for (const box of section.boxes) expect(box.id).toMatch(new RegExp(`^s${section.sectionNumber}_[a-z_]{2,30}$`));
    }
  });

  it('splits the past year (1–12) from the future year (13–19)', () => {
    expect(isPastYearSection(12)).toBe(true);
    expect(isPastYearSection(13)).toBe(false);
  });

  it('finds sections and boxes, and nothing outside 1–19', () => {
    expect(isYearCompassSectionNumber(1)).toBe(true);
    expect(isYearCompassSectionNumber(19)).toBe(true);
    for (const bad of [0, 20, 1.5, '3', NaN]) expect(isYearCompassSectionNumber(bad)).toBe(false);
    expect(yearCompassSection(20)).toBeNull();
    expect(yearCompassBox(11, 's11_picture')).toEqual({ id: 's11_picture', size: 'large', hasImage: true });
    expect(yearCompassBox(11, 's18_picture')).toBeNull();
  });

  it('builds versioned image URLs', () => {
    expect(yearCompassImageUrl(18, 's18_picture', 1764000000123)).toBe(
      '/api/yearcompass/image/18/s18_picture?v=1764000000123',
    );
  });
});
