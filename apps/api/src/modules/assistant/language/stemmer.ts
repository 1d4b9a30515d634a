import type { Language } from '@clari/contracts';
// nlp.js ships the Snowball stemmers for both languages (no type declarations: see nlpjs.d.ts).
import { StemmerEn } from '@nlpjs/lang-en-min';
import { StemmerSv } from '@nlpjs/lang-sv';

const STEMMERS: Record<Language, { stemWord(word: string): string }> = { en: new StemmerEn(), sv: new StemmerSv() };

/** How many stems are kept: a chat uses a few thousand distinct words at most. */
const CACHE_LIMIT = 20_000;
const cache: Record<Language, Map<string, string>> = { en: new Map(), sv: new Map() };

/**
 * The Snowball stem of one lower-case word ("dying" → "die", "tabletterna" → "tablet"), so
 * inflected forms compare equal. Apostrophes are the tokeniser's business, not the stemmer's.
 */
export function wordStem(language: Language, word: string): string {
  const known = cache[language].get(word);
  if (known !== undefined) return known;
  const stem = word.length < 3 ? word : STEMMERS[language].stemWord(word);
  if (cache[language].size >= CACHE_LIMIT) cache[language].clear();
  cache[language].set(word, stem);
  return stem;
}
