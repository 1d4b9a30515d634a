import type { Language } from '@clari/contracts';
import enLexicon from '../../../../../../locales/en/safety-lexicon.json';
import svLexicon from '../../../../../../locales/sv/safety-lexicon.json';
import {
  compileLexicon,
  compilePattern,
  negatedBefore,
  normalise,
  spansOf,
  type CompiledLexicon,
  type LexiconFile,
} from '../language/lexicon';

/**
 * Word-form phrase matching for the offline guides (values, obstacles, topics): the safety
 * lexicon's pattern language, normalisation and negation rules, with the guide's own phrases.
 * Whole words only, never substrings, and linear in the text.
 */
export interface PhraseSet<Id extends string> {
  lexicon: CompiledLexicon;
  entries: Array<{ id: Id; regex: RegExp }>;
  exclusions: RegExp[];
}

export interface PhraseHit<Id extends string> {
  id: Id;
  /** Where it starts in the normalised text: the order in which things were said. */
  at: number;
  /** A negation governs it ("I don't value …", "inte viktigt"). */
  denied: boolean;
}

const BASE: Record<Language, LexiconFile> = { en: enLexicon as LexiconFile, sv: svLexicon as LexiconFile };

export function compilePhraseSet<Id extends string>(
  language: Language,
  phrases: Partial<Record<Id, readonly string[]>>,
  exclusions: readonly string[] = [],
): PhraseSet<Id> {
  // The set's own single long words are corrected for one-edit typos too ("creativty").
  const ownWords = Object.values(phrases)
    .flatMap((patterns) => (patterns as readonly string[]).filter((pattern) => /^[\p{L}]{6,}$/u.test(pattern)))
    .map((word) => word.toLowerCase());
  const lexicon = compileLexicon(language, {
    ...BASE[language],
    keywords: [...BASE[language].keywords, ...ownWords],
    entries: [],
    exclusions: [],
  });
  const entries = (Object.entries(phrases) as Array<[Id, readonly string[]]>).flatMap(([id, patterns]) =>
    patterns.map((pattern) => ({ id, regex: compilePattern(pattern, lexicon) })),
  );
  return { lexicon, entries, exclusions: exclusions.map((pattern) => compilePattern(pattern, lexicon)) };
}

/** Every phrase of the set found in the text, first mention first, one hit per id. */
export function findPhrases<Id extends string>(text: string, set: PhraseSet<Id>): Array<PhraseHit<Id>> {
  const normalised = normalise(text, set.lexicon);
  const excluded = spansOf(normalised, set.exclusions);
  const hits = new Map<Id, PhraseHit<Id>>();
  for (const { id, regex } of set.entries) {
    regex.lastIndex = 0;
    for (let found = regex.exec(normalised); found; found = regex.exec(normalised)) {
      const start = found.index;
      const end = start + found[0].length;
      regex.lastIndex = start + 1;
      if (found[0].length <= 1 || excluded.some(([from, to]) => from < end && start < to)) continue;
      const hit = { id, at: start, denied: negatedBefore(normalised, start, set.lexicon) };
      const known = hits.get(id);
      // An affirmed mention wins over a denied one; otherwise the first mention counts.
      if (!known || (known.denied && !hit.denied)) hits.set(id, hit);
      if (!hit.denied) break;
    }
  }
  return [...hits.values()].sort((a, b) => a.at - b.at);
}

/** Whether any phrase of the set occurs in the text, not negated. */
export function mentionsAny(text: string, set: PhraseSet<string>): boolean {
  return findPhrases(text, set).some((hit) => !hit.denied);
}
