import {
  UPLOAD_LIMITS,
  YEAR_COMPASS_SECTION_COUNT,
  YEAR_COMPASS_TEXTAREA_ROWS,
  isPastYearSection,
  type ChatResponse,
  type YearCompassBox,
  type YearCompassBoxUpdate,
  type YearCompassSectionData,
} from '@clari/contracts';
import { settleDraft, type Draft, type DraftOutcome } from '../../lib/drafts/draft-store';

/** 1–19, in order. */
export const SECTION_NUMBERS: readonly number[] = Array.from(
  { length: YEAR_COMPASS_SECTION_COUNT },
  (_, index) => index + 1,
);

/** A box as the SPA holds it: `content` is what the user sees (maybe not saved yet). */
export interface LocalBox extends YearCompassBox {
  /** What the server last confirmed; `content !== savedContent` means unsaved changes. */
  savedContent: string;
}

export interface LocalSection extends Omit<YearCompassSectionData, 'boxes'> {
  boxes: LocalBox[];
}

export type SectionEntry =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; section: LocalSection };

export function isDirty(box: LocalBox): boolean {
  return box.content !== box.savedContent;
}

export function hasUnsavedChanges(section: LocalSection): boolean {
  return section.boxes.some(isDirty);
}

/** The section has not been answered yet (the first load, or a load after a language switch). */
export function isSectionLoading(
  entry: SectionEntry | undefined,
): entry is Extract<SectionEntry, { status: 'loading' }> | undefined {
  return !entry || entry.status === 'loading';
}

/** Every box has something in it. */
export function isSectionComplete(section: LocalSection): boolean {
  return section.boxes.length > 0 && section.boxes.every((box) => box.content.trim().length > 0);
}

/** Sidebar groups (part 2 §2): sections up to 12 under the past year, the rest under the future year. */
export function sectionGroups(numbers: readonly number[] = SECTION_NUMBERS): { past: number[]; future: number[] } {
  return { past: numbers.filter(isPastYearSection), future: numbers.filter((n) => !isPastYearSection(n)) };
}

/** 6 rows for large boxes, 3 otherwise (part 2 §9). */
export function textareaRows(box: Pick<YearCompassBox, 'box_size'>): number {
  return box.box_size === 'large' ? YEAR_COMPASS_TEXTAREA_ROWS.large : YEAR_COMPASS_TEXTAREA_ROWS.small;
}

/** The cache-busting timestamp part 2 §4 appends to a new picture's URL. */
export function withCacheBust(url: string, now: number = Date.now()): string {
  return `${url}${url.includes('?') ? '&' : '?'}t=${now}`;
}

export function withoutCacheBust(url: string): string {
  return url.replace(/[?&]t=\d+$/, '');
}

/**
 * Unsaved local text, plus what the server appended meanwhile (Clari only ever appends to a
 * box): the user's words and Clari's addition both survive, and the next save keeps both.
 */
function withServerAddition(local: string, savedBefore: string, savedNow: string): string {
  if (savedNow === savedBefore || !savedNow.startsWith(savedBefore)) return local;
  const addition = savedNow.slice(savedBefore.length);
  return savedBefore.length === 0 && local ? `${local}\n\n${addition.trimStart()}` : `${local}${addition}`;
}

/**
 * A section from the server merged into what the SPA holds: boxes with unsaved changes keep
 * the user's text (with anything Clari appended on the server added to it); a picture whose URL is unchanged keeps its cache-busted URL (no reload).
 * `bustImagesOf` names a box whose picture just changed: its URL gets a timestamp.
 */
export function mergeSection(
  fresh: YearCompassSectionData,
  previous?: LocalSection,
  bustImagesOf?: string,
  now: number = Date.now(),
): LocalSection {
  const before = new Map(previous?.boxes.map((box) => [box.id, box]));
  return {
    ...fresh,
    boxes: fresh.boxes.map((box) => {
      const old = before.get(box.id);
      const content =
        old && isDirty(old) ? withServerAddition(old.content, old.savedContent, box.content) : box.content;
      let imageUrl = box.imageUrl;
      if (imageUrl && box.id === bustImagesOf) imageUrl = withCacheBust(imageUrl, now);
      else if (imageUrl && old?.imageUrl && withoutCacheBust(old.imageUrl) === imageUrl) imageUrl = old.imageUrl;
      return { ...box, content, savedContent: box.content, imageUrl };
    }),
  };
}

/**
 * Boxes the server has just saved: `sent` is the text the SPA sent, `stored` what the server
 * kept (trimmed). A box still showing the sent text shows the stored one; one the user has
 * typed into since keeps the newer text (still unsaved).
 */
export function applySaved(
  section: LocalSection,
  saved: ReadonlyArray<{ id: string; sent: string; stored: string }>,
): LocalSection {
  const byId = new Map(saved.map((item) => [item.id, item]));
  return {
    ...section,
    boxes: section.boxes.map((box) => {
      const item = byId.get(box.id);
      if (!item) return box;
      return { ...box, content: box.content === item.sent ? item.stored : box.content, savedContent: item.stored };
    }),
  };
}

/** The autosave's name for a box (and the last part of its draft's key). */
export function boxDraftId(sectionNumber: number, boxId: string): string {
  return `${sectionNumber}.${boxId}`;
}

/**
 * A box's draft (text this browser kept unsaved, made on the text the server then had) against
 * the box as the server has it now: the draft wins while the server still has that text, and
 * also when Clari only appended to it since (both are kept); it is offered when the text was
 * changed otherwise (another device), and dropped when the server has it already.
 */
export function settleBoxDraft(draft: Draft<string> | null, stored: string): DraftOutcome<string> {
  const outcome = settleDraft(draft, { value: stored, version: stored });
  if (outcome.kind !== 'offer' || outcome.draft.basedOn === null) return outcome;
  const merged = withServerAddition(outcome.draft.value, outcome.draft.basedOn, stored);
  return merged === outcome.draft.value ? outcome : { kind: 'restore', value: merged };
}

/** One box's text changed locally (not saved yet). */
export function withBoxContent(section: LocalSection, boxId: string, content: string): LocalSection {
  return { ...section, boxes: section.boxes.map((box) => (box.id === boxId ? { ...box, content } : box)) };
}

/** The box updates of a yearcompass_dynamicsection reply that belong to `sectionNumber`. */
export function boxUpdatesOf(response: Pick<ChatResponse, 'updates'>, sectionNumber: number): YearCompassBoxUpdate[] {
  const updates = response.updates;
  if (!Array.isArray(updates)) return [];
  return updates.filter(
    (update): update is YearCompassBoxUpdate =>
      !!update &&
      typeof update === 'object' &&
      typeof update.box_id === 'string' &&
      Number(update.section_number) === sectionNumber,
  );
}

export type FileProblem = 'notImage' | 'tooLarge';

/** The section image picker takes image/* only (part 2 §5), within the upload limit. */
export function fileProblem(file: Pick<File, 'type' | 'size'>): FileProblem | null {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size > UPLOAD_LIMITS.yearCompassImageBytes) return 'tooLarge';
  return null;
}

/** The translated words the Markdown export needs. */
export interface MarkdownTexts {
  title: string;
  subtitle: string;
  exported: string;
  pastHeading: string;
  futureHeading: string;
  noContent: string;
  picture(boxTitle: string): string;
}

/**
 * The whole Year Compass as Markdown: the two years, every section with its instruction, each
 * box's title and text, and a caption for each picture (the picture itself stays in the app).
 */
export function yearCompassMarkdown(sections: readonly LocalSection[], texts: MarkdownTexts): string {
  const ordered = [...sections].sort((a, b) => a.sectionNumber - b.sectionNumber);
  const lines: string[] = [`# ${texts.title}`, '', `_${texts.subtitle}_`, '', `_${texts.exported}_`, ''];
  const groups: Array<[string, LocalSection[]]> = [
    [texts.pastHeading, ordered.filter((section) => isPastYearSection(section.sectionNumber))],
    [texts.futureHeading, ordered.filter((section) => !isPastYearSection(section.sectionNumber))],
  ];
  for (const [heading, group] of groups) {
    if (!group.length) continue;
    lines.push(`## ${heading}`, '');
    for (const section of group) {
      lines.push(`### ${section.sectionNumber}. ${oneLine(section.UiSectionTitle)}`, '');
      if (section.UiSectionInstruction.trim()) lines.push(`> ${oneLine(section.UiSectionInstruction)}`, '');
      for (const box of section.boxes) {
        lines.push(`#### ${oneLine(box.UiBoxTitle)}`, '');
        const text = box.content.trim();
        lines.push(text ? withHardBreaks(text) : `_${texts.noContent}_`, '');
        if (box.imageUrl) lines.push(`*[${texts.picture(oneLine(box.UiBoxTitle))}]*`, '');
      }
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * A box's text with its single line breaks kept: Markdown joins the lines of a paragraph, so
 * each line followed by another in the same paragraph ends in two spaces (a hard break, which
 * every Markdown reader knows). Blank lines stay paragraph breaks.
 */
export function withHardBreaks(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return lines
    .map((line, index) => (line.trim() && lines[index + 1]?.trim() ? `${line.trimEnd()}  ` : line.trimEnd()))
    .join('\n');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
