import enWords from '../../../../../../locales/en/guide-words.json';
import svWords from '../../../../../../locales/sv/guide-words.json';
import { sentencesOf, wordCount } from '../../assistant/language';

/**
 * What the offline Reflect guide reads in the user's own text: sentences, intentions
 * ("I will …", "jag ska …"), insights ("I realise …", "jag inser …") and the words that carry
 * the theme. Both languages are always checked, since people mix them.
 */

export type StatementKind = 'intention' | 'insight';

export interface Statement {
  kind: StatementKind;
  /** The whole sentence, as the user wrote it. */
  sentence: string;
  /** What follows the opener: "go to bed before eleven". */
  gist: string;
}

const INTENTION = [
  /\b(?:i want to|i will|i'll|i’ll|i am going to|i'm going to|i’m going to|i plan to|i need to|i should|i'd like to|i’d like to|i would like to|next time,? i(?: will| want to|'ll|’ll)?|from now on,? i(?: will|'ll|’ll)?|tomorrow,? i(?: will|'ll|’ll))\s+(.+)/i,
  /\b(?:jag vill|jag ska|jag tänker|jag behöver|jag borde|jag skulle vilja|nästa gång(?: ska jag| vill jag)?|från och med nu(?: ska jag)?|i morgon ska jag|imorgon ska jag)\s+(.+)/i,
];
const INSIGHT = [
  /\b(?:i realise|i realize|i've realised|i’ve realised|i've realized|i’ve realized|i have realised|i have realized|i learned|i learnt|i've learned|i’ve learned|i have learned|i understand now|i now understand|i see now|i notice|i noticed)\s+(?:that\s+)?(.+)/i,
  /\b(?:jag inser|jag har insett|jag insåg|jag har lärt mig|jag lärde mig|jag förstår nu|nu förstår jag|jag märker|jag märkte|jag ser nu)\s+(?:att\s+)?(.+)/i,
];

/** Intentions and insights in the text, in order, each sentence once. */
export function statementsIn(text: string): Statement[] {
  const found: Statement[] = [];
  for (const sentence of sentencesOf(text)) {
    const match = (kind: StatementKind, patterns: RegExp[]) => {
      for (const pattern of patterns) {
        const result = pattern.exec(sentence);
        const gist = result?.[1]?.replace(/[.!?…]+$/, '').trim();
        if (gist && wordCount(gist) >= 2) return { kind, sentence, gist };
      }
      return null;
    };
    const statement = match('insight', INSIGHT) ?? match('intention', INTENTION);
    if (statement) found.push(statement);
  }
  return found;
}

/** Words that carry no theme of their own, English and Swedish, lower-case (locales/{en,sv}/guide-words.json). */
const STOP_WORDS = new Set([...enWords.stopWords, ...svWords.stopWords]);

function isThemeWord(word: string): boolean {
  // Contractions ("don't") and -ly adverbs ("honestly") say nothing about the theme.
  return (
    word.length >= 4 &&
    !STOP_WORDS.has(word) &&
    !/^\d+$/.test(word) &&
    !/['’]/.test(word) &&
    !/^[a-z]{4,}ly$/.test(word)
  );
}

/** Words written with a capital letter inside a sentence: names ("Mark", "Anna"), never tags. */
function namesIn(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/(?<=[\p{L}\p{N},;:] )\p{Lu}[\p{Ll}]+/gu))
    names.add(match[0].toLocaleLowerCase('sv'));
  return names;
}

/**
 * A Swedish noun in its indefinite form when its ending says it is definite ("lägenheten" →
 * "lägenhet", "presentationen" → "presentation", "vänskapet" → "vänskap"): a tag names the
 * theme, not the thing in one sentence. Only suffixes that are unambiguous are touched.
 */
export function indefinite(word: string): string {
  const match =
    /^(.{3,}(?:het|ion|ing|tet|dom|ism|ist|ande|ende))(?:en|et)$/u.exec(word) ??
    /^(.{3,}skap)et$/u.exec(word) ??
    /^(.{3,}(?:het|ion|ing|tet))erna$/u.exec(word);
  return match ? match[1] : word;
}

export interface ThemeWord {
  word: string;
  count: number;
}

/**
 * The words that carry the theme, most telling first: repeated words, then longer ones
 * (content words tend to be long), then the order they came in.
 */
export function themeWords(text: string, count: number): ThemeWord[] {
  const names = namesIn(text);
  const words = (text.toLocaleLowerCase('sv').match(/[\p{L}\p{N}]+(?:[-'’][\p{L}]+)*/gu) ?? [])
    .filter((word) => isThemeWord(word) && !names.has(word))
    .map(indefinite);
  const seen = new Map<string, { count: number; first: number }>();
  words.forEach((word, index) => {
    const known = seen.get(word);
    if (known) known.count++;
    else seen.set(word, { count: 1, first: index });
  });
  return [...seen.entries()]
    .sort(([a, x], [b, y]) => y.count - x.count || Math.min(b.length, 12) - Math.min(a.length, 12) || x.first - y.first)
    .slice(0, count)
    .map(([word, { count: times }]) => ({ word, count: times }));
}

/** Lower-case words of a text, for comparing takeaways. */
export function wordSet(text: string): Set<string> {
  return new Set((text.toLocaleLowerCase('sv').match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length >= 3));
}

/** How much two texts share, 0–1 (Jaccard over their words). */
export function overlap(a: string, b: string): number {
  const left = wordSet(a);
  const right = wordSet(b);
  if (left.size === 0 || right.size === 0) return 0;
  const shared = [...left].filter((word) => right.has(word)).length;
  return shared / (left.size + right.size - shared);
}
