/** Year Compass has 19 sections; 1–12 look back, 13–19 look ahead (part 2 §9). */
export const YEAR_COMPASS_SECTION_COUNT = 19;
export const YEAR_COMPASS_PAST_YEAR_LAST_SECTION = 12;
/** From this month on (0-based: 9 = October) the past year is the current one (DESIGN "Years"). */
export const YEAR_COMPASS_NEW_CYCLE_MONTH = 9;

export interface YearCompassYears {
  pastYear: number;
  futureYear: number;
}

/**
 * The product's home time zone: the server and every browser decide the year in it, so the
 * server's copy and the SPA's headings never disagree around 1 October.
 */
export const YEAR_COMPASS_TIME_ZONE = 'Europe/Stockholm';

const HOUR_MS = 3_600_000;

/** The last Sunday of a month (0-based) at 01:00 UTC: when the EU's clocks change. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR_MS;
}

/**
 * The year and month (0-based) in the home time zone: CET (UTC+1), and CEST (UTC+2) from the last
 * Sunday of March to the last Sunday of October at 01:00 UTC, the EU's rule. Computed rather than
 * asked of Intl: a page's first Intl.DateTimeFormat loads the browser's calendar data, 20–35 ms on
 * a desktop and four times that on a phone, on every Year Compass page. The unit test checks it
 * against Intl with the time zone's own data.
 */
function yearAndMonthAtHome(today: Date): { year: number; month: number } {
  const time = today.getTime();
  const utcYear = today.getUTCFullYear();
  const summer = time >= lastSundayAtOneUtc(utcYear, 2) && time < lastSundayAtOneUtc(utcYear, 9);
  const local = new Date(time + (summer ? 2 : 1) * HOUR_MS);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() };
}

/** Years are computed, never the spec's fixed 2024/2025. */
export function yearCompassYears(today: Date = new Date()): YearCompassYears {
  const { year, month } = yearAndMonthAtHome(today);
  const pastYear = month >= YEAR_COMPASS_NEW_CYCLE_MONTH ? year : year - 1;
  return { pastYear, futureYear: pastYear + 1 };
}

export function isPastYearSection(sectionNumber: number): boolean {
  return sectionNumber <= YEAR_COMPASS_PAST_YEAR_LAST_SECTION;
}

export function isYearCompassSectionNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= YEAR_COMPASS_SECTION_COUNT;
}

/** Limits of Year Compass input. */
export const YEAR_COMPASS_LIMITS = {
  /** Characters of one box's content (also what Clari may leave in a box). */
  boxContentMax: 10000,
  /** Characters of the text an image is generated from (the box text). */
  imagePromptMax: 10000,
  /** Characters of a box id. */
  boxIdMax: 40,
} as const;

/** Large boxes get a 6-row text area in the SPA, small ones 3 rows (part 2 §2, §9). */
export const YEAR_COMPASS_BOX_SIZES = ['large', 'small'] as const;
export type YearCompassBoxSize = (typeof YEAR_COMPASS_BOX_SIZES)[number];
export const YEAR_COMPASS_TEXTAREA_ROWS: Record<YearCompassBoxSize, number> = { large: 6, small: 3 };

/** A box's structure; its texts (title, prompt, image prompt) live in locales/{en,sv}/year-compass.json. */
export interface YearCompassBoxDefinition {
  /** Stable across languages and releases: saved content is keyed by it. */
  id: string;
  size: YearCompassBoxSize;
  hasImage: boolean;
}

export interface YearCompassSectionDefinition {
  sectionNumber: number;
  boxes: readonly YearCompassBoxDefinition[];
}

const large = (id: string, hasImage = false): YearCompassBoxDefinition => ({ id, size: 'large', hasImage });
const small = (id: string): YearCompassBoxDefinition => ({ id, size: 'small', hasImage: false });
const AREAS = ['relationships', 'work', 'health', 'home', 'leisure', 'growth'] as const;

/** The 19 sections and their boxes, in order. Box ids never change (saved content uses them). */
export const YEAR_COMPASS_SECTIONS: readonly YearCompassSectionDefinition[] = [
  { sectionNumber: 1, boxes: [large('s1_calendar'), small('s1_stands_out')] },
  { sectionNumber: 2, boxes: AREAS.map((area) => small(`s2_${area}`)) },
  { sectionNumber: 3, boxes: [large('s3_moments'), small('s3_grateful')] },
  { sectionNumber: 4, boxes: [large('s4_achievements'), small('s4_how')] },
  { sectionNumber: 5, boxes: [large('s5_challenges'), small('s5_support')] },
  { sectionNumber: 6, boxes: [large('s6_lessons'), small('s6_wisest')] },
  { sectionNumber: 7, boxes: [large('s7_people'), small('s7_gave')] },
  { sectionNumber: 8, boxes: [large('s8_let_go')] },
  { sectionNumber: 9, boxes: [large('s9_forgive')] },
  { sectionNumber: 10, boxes: [small('s10_three_words'), small('s10_title')] },
  { sectionNumber: 11, boxes: [large('s11_picture', true)] },
  { sectionNumber: 12, boxes: [large('s12_farewell')] },
  { sectionNumber: 13, boxes: [large('s13_dreams'), small('s13_courage')] },
  { sectionNumber: 14, boxes: AREAS.map((area) => small(`s14_${area}`)) },
  { sectionNumber: 15, boxes: [small('s15_start'), small('s15_stop'), small('s15_commit')] },
  { sectionNumber: 16, boxes: [small('s16_word'), small('s16_why')] },
  { sectionNumber: 17, boxes: [large('s17_wish')] },
  { sectionNumber: 18, boxes: [large('s18_picture', true)] },
  { sectionNumber: 19, boxes: [large('s19_promise'), small('s19_return')] },
];

export function yearCompassSection(sectionNumber: number): YearCompassSectionDefinition | null {
  return YEAR_COMPASS_SECTIONS.find((section) => section.sectionNumber === sectionNumber) ?? null;
}

export function yearCompassBox(sectionNumber: number, boxId: string): YearCompassBoxDefinition | null {
  return yearCompassSection(sectionNumber)?.boxes.find((box) => box.id === boxId) ?? null;
}

// ---- API shapes (part 2 §3, §7) ----

/** GET /api/yearcompass/sections: one entry per section, for the sidebar. */
export interface YearCompassSectionSummary {
  sectionNumber: number;
  UiNavText: string;
}

/** One box of GET /api/yearcompass/section/{n}. */
export interface YearCompassBox {
  id: string;
  UiBoxTitle: string;
  /** The guiding question shown with the box (older clients read it as `prompt` too). */
  prompt: string;
  /** The user's saved text, '' before the first save. */
  content: string;
  box_size: YearCompassBoxSize;
  hasImage: boolean;
  /** Image boxes: what the picture is drawn from, in the user's language; null otherwise. */
  imagePrompt: string | null;
  /** The user's picture for this box, with a version for cache-busting; null without one. */
  imageUrl: string | null;
}

/** GET /api/yearcompass/section/{n}. */
export interface YearCompassSectionData {
  sectionNumber: number;
  UiNavText: string;
  UiSectionTitle: string;
  UiSectionInstruction: string;
  boxes: YearCompassBox[];
}

/** POST /api/yearcompass/section/{n}/box/{boxId}. */
export interface YearCompassSaveBoxRequest {
  content: string;
}

/** PUT /api/yearcompass/section/{n} ('Save Changes'): the listed boxes, in one transaction. */
export interface YearCompassSaveSectionRequest {
  boxes: Array<{ id: string; content: string }>;
}

/** POST /api/yearcompass/yc-generate-image. */
export interface YearCompassGenerateImageRequest {
  /** The box text the picture is drawn from; must not be empty. */
  prompt: string;
  sectionNumber: number;
  boxId: string;
}

/** Answer of image generation and upload. */
export interface YearCompassImageResponse {
  imageUrl: string;
}

export const YEAR_COMPASS_IMAGE_PATH = '/api/yearcompass/image';

/** `/api/yearcompass/image/{n}/{boxId}?v={version}`: the version changes with every new picture. */
export function yearCompassImageUrl(sectionNumber: number, boxId: string, version: number): string {
  return `${YEAR_COMPASS_IMAGE_PATH}/${sectionNumber}/${encodeURIComponent(boxId)}?v=${version}`;
}

/** Codes of Year Compass errors, beside the English message. */
export type YearCompassErrorCode =
  'invalid_section' | 'unknown_box' | 'box_without_image' | 'content_required' | 'image_generation_failed';
