import { LIFE_AREAS, type LifeAreaId } from '@clari/contracts';
import enWords from '../../../../../../locales/en/guide-words.json';
import svWords from '../../../../../../locales/sv/guide-words.json';
import { isCrisis } from '../safety/crisis-detector';

/**
 * Language knowledge the offline guides share: which life area a text is about, which
 * feeling it names, and whether it signals a crisis. Keywords (locales/{en,sv}/guide-words.json)
 * are lower-case words or stems; both languages are always checked (people mix them).
 */
type Words = { areas: Record<LifeAreaId, string[]>; feelings: Record<Feeling, string[]> };
const WORD_FILES = [enWords, svWords] as Words[];

/** Both languages' words per area (locales/{en,sv}/guide-words.json). */
const AREA_STEMS = Object.fromEntries(
  LIFE_AREAS.map((area) => [area, WORD_FILES.flatMap((file) => file.areas[area] ?? [])]),
) as Record<LifeAreaId, string[]>;

const FEELINGS = ['sad', 'anxious', 'angry', 'tired', 'happy', 'stuck'] as const;
export type Feeling = (typeof FEELINGS)[number];

const FEELING_STEMS = Object.fromEntries(
  FEELINGS.map((feeling) => [feeling, WORD_FILES.flatMap((file) => file.feelings[feeling] ?? [])]),
) as Record<Feeling, string[]>;

/**
 * Text prepared for keyword matching: lower case, words separated by single spaces, with a
 * space at both ends; letters, digits, apostrophes and hyphens kept ("don't", "self-doubt").
 */
export function matchable(input: string): string {
  return ` ${input
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' -]+/gu, ' ')
    .replace(/\s+/g, ' ')} `;
}

/**
 * Where a keyword first occurs in matchable text, or -1. A keyword ending in * matches word
 * starts (worr* → worried); others match whole words or phrases only.
 */
export function keywordPosition(text: string, keyword: string): number {
  return keyword.endsWith('*') ? text.indexOf(` ${keyword.slice(0, -1)}`) : text.indexOf(` ${keyword} `);
}

function mentions(text: string, keywords: readonly string[]): boolean {
  return keywords.some((keyword) => keywordPosition(text, keyword) >= 0);
}

/** Life areas named in the text, in the fixed order of LIFE_AREAS. */
export function areasMentioned(input: string): LifeAreaId[] {
  const text = matchable(input);
  return (Object.keys(AREA_STEMS) as LifeAreaId[]).filter((area) => mentions(text, AREA_STEMS[area]));
}

export function feelingOf(input: string): Feeling | null {
  const text = matchable(input);
  return (Object.keys(FEELING_STEMS) as Feeling[]).find((feeling) => mentions(text, FEELING_STEMS[feeling])) ?? null;
}

/** Whether the text is a crisis statement, by the safety check's lexicon (see safety/crisis-detector.ts). */
export function signalsCrisis(input: string): boolean {
  return isCrisis(input);
}
