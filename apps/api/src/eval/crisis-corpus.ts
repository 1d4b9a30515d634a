import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { CRISIS_CLASSES, type CrisisClass, type Language } from '@clari/contracts';
import { PROJECT_ROOT } from '../core/paths';

/**
 * The crisis evaluation corpus (test/corpus/crisis.json): messages written the way people
 * write, labelled crisis (with a class) or not (a look-alike, a denial, everyday content).
 * Scored by the CI test through the lexicon and by `npm run eval` through the chat API.
 */
export interface CorpusItem {
  text: string;
  language: Language;
  crisis: boolean;
  class?: CrisisClass;
  kind?: 'lookalike' | 'denial' | 'everyday' | 'negated';
}

export const CORPUS_DIR = path.join(PROJECT_ROOT, 'test', 'corpus');

/** Every crisis*.json file of the corpus folder (sets written by different people), without duplicates. */
export function loadCrisisCorpus(dir = CORPUS_DIR): CorpusItem[] {
  const seen = new Set<string>();
  const items: CorpusItem[] = [];
  for (const file of readdirSync(dir)
    .filter((name) => /^crisis.*\.json$/.test(name))
    .sort()) {
    for (const item of (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { items: CorpusItem[] }).items) {
      const key = `${item.language}:${item.text.trim().toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  }
  return items;
}

export interface Rate {
  hits: number;
  total: number;
  rate: number;
}

export interface CrisisScore {
  language: Language;
  /** Crisis messages answered at any level (crisis, urgent or the check-in), of all crisis messages. */
  recall: Rate;
  byClass: Partial<Record<CrisisClass, Rate>>;
  /** Non-crisis messages answered at any level (a check-in included), of all non-crisis messages. */
  falsePositives: Rate;
  byKind: Record<string, Rate>;
  missed: string[];
  wronglyFlagged: string[];
}

function rate(hits: number, total: number): Rate {
  return { hits, total, rate: total ? hits / total : 0 };
}

/** Recall and false-positive rate per language, class and kind, from a verdict per item. */
export function scoreCrisis(items: readonly CorpusItem[], flagged: readonly boolean[]): CrisisScore[] {
  const languages = [...new Set(items.map((item) => item.language))].sort();
  return languages.map((language) => {
    const mine = items
      .map((item, index) => ({ item, flagged: flagged[index] }))
      .filter(({ item }) => item.language === language);
    const crisis = mine.filter(({ item }) => item.crisis);
    const safe = mine.filter(({ item }) => !item.crisis);
    const byClass: CrisisScore['byClass'] = {};
    for (const crisisClass of CRISIS_CLASSES) {
      const ofClass = crisis.filter(({ item }) => item.class === crisisClass);
      if (ofClass.length) byClass[crisisClass] = rate(ofClass.filter((entry) => entry.flagged).length, ofClass.length);
    }
    const byKind: Record<string, Rate> = {};
    for (const kind of [...new Set(safe.map(({ item }) => item.kind ?? 'other'))].sort()) {
      const ofKind = safe.filter(({ item }) => (item.kind ?? 'other') === kind);
      byKind[kind] = rate(ofKind.filter((entry) => entry.flagged).length, ofKind.length);
    }
    return {
      language,
      recall: rate(crisis.filter((entry) => entry.flagged).length, crisis.length),
      byClass,
      falsePositives: rate(safe.filter((entry) => entry.flagged).length, safe.length),
      byKind,
      missed: crisis.filter((entry) => !entry.flagged).map(({ item }) => item.text),
      wronglyFlagged: safe.filter((entry) => entry.flagged).map(({ item }) => item.text),
    };
  });
}

const percent = (value: Rate) => `${(value.rate * 100).toFixed(1)}% (${value.hits}/${value.total})`;

/** The scores as a plain-text table, one block per language. */
export function formatCrisisScores(scores: readonly CrisisScore[]): string {
  const lines: string[] = [];
  for (const score of scores) {
    lines.push(`Crisis detection, ${score.language} (development: test/corpus/crisis*.json)`);
    lines.push(`  recognised (any level)   ${percent(score.recall)}`);
    for (const [crisisClass, value] of Object.entries(score.byClass))
      lines.push(`    ${crisisClass.padEnd(22)} ${percent(value)}`);
    lines.push(`  false positives          ${percent(score.falsePositives)}`);
    for (const [kind, value] of Object.entries(score.byKind)) lines.push(`    ${kind.padEnd(22)} ${percent(value)}`);
    for (const text of score.missed) lines.push(`  missed: ${text}`);
    for (const text of score.wronglyFlagged) lines.push(`  wrongly flagged: ${text}`);
  }
  return lines.join('\n');
}
