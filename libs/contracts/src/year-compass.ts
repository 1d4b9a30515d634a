/** Year Compass has 19 sections; 1–12 look back, 13–19 look ahead (part 2 §9). */
export const YEAR_COMPASS_SECTION_COUNT = 19;
export const YEAR_COMPASS_PAST_YEAR_LAST_SECTION = 12;
/** From this month on (0-based: 9 = October) the past year is the current one (DESIGN "Years"). */
export const YEAR_COMPASS_NEW_CYCLE_MONTH = 9;

export interface YearCompassYears {
  pastYear: number;
  futureYear: number;
}

/** Years are computed, never the spec's fixed 2024/2025. */
export function yearCompassYears(today: Date = new Date()): YearCompassYears {
  const year = today.getFullYear();
  const pastYear = today.getMonth() >= YEAR_COMPASS_NEW_CYCLE_MONTH ? year : year - 1;
  return { pastYear, futureYear: pastYear + 1 };
}

export function isPastYearSection(sectionNumber: number): boolean {
  return sectionNumber <= YEAR_COMPASS_PAST_YEAR_LAST_SECTION;
}
