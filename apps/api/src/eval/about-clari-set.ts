import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Language } from '@clari/contracts';
import { ABOUT_CLARI_TOPICS, aboutClariTopic, type AboutClariTopic } from '../modules/assistant/dialogue/about-clari';
import { setKind } from './safety-set';

/**
 * A set of questions about Clari itself and of ordinary messages that only mention such things
 * (docs/evaluation.md): blind sets under test/corpus/blind/about-clari-*.json, scored once.
 * Scored by the recogniser the chat runs before any guide (the answers are fixed texts).
 */
export interface AboutClariItem {
  text: string;
  language: Language;
  tool: string;
  expected: AboutClariTopic | 'none';
}

export interface AboutClariSet {
  name: string;
  items: AboutClariItem[];
}

/** Whether a safety-set path is a set of questions about Clari instead (by its file name). */
export function isAboutClariSet(file: string): boolean {
  return path.basename(file).startsWith('about-clari-');
}

export function loadAboutClariSet(file: string): AboutClariSet {
  const set = JSON.parse(readFileSync(file, 'utf8')) as Partial<AboutClariSet>;
  if (!set.name || !Array.isArray(set.items)) throw new Error(`${file} is not a set of questions about Clari.`);
  for (const item of set.items)
    if (item.expected !== 'none' && !(ABOUT_CLARI_TOPICS as readonly string[]).includes(item.expected))
      throw new Error(`${file}: unknown topic "${String(item.expected)}".`);
  return set as AboutClariSet;
}

export interface AboutClariScore {
  language: Language;
  /** Questions about Clari answered with their topic's answer. */
  answered: number;
  questions: number;
  /** Ordinary messages left to the guide. */
  leftAlone: number;
  ordinary: number;
  misses: Array<{ item: AboutClariItem; got: AboutClariTopic | null }>;
}

export function scoreAboutClariSet(items: readonly AboutClariItem[]): AboutClariScore[] {
  return (['en', 'sv'] as const).map((language) => {
    const score: AboutClariScore = { language, answered: 0, questions: 0, leftAlone: 0, ordinary: 0, misses: [] };
    for (const item of items.filter((each) => each.language === language)) {
      const got = aboutClariTopic(item.text);
      if (item.expected === 'none') {
        score.ordinary++;
        if (got === null) score.leftAlone++;
        else score.misses.push({ item, got });
      } else {
        score.questions++;
        if (got === item.expected) score.answered++;
        else score.misses.push({ item, got });
      }
    }
    return score;
  });
}

/** `npm run eval -- --set test/corpus/blind/about-clari-….json`: the figures and every miss. */
export function runAboutClariSet(file: string, out: (line: string) => void = console.log): AboutClariScore[] {
  const set = loadAboutClariSet(file);
  const scores = scoreAboutClariSet(set.items);
  const percent = (hits: number, total: number) => (total ? `${((100 * hits) / total).toFixed(1)}%` : '—');
  out(`Questions about Clari: ${set.name} (${setKind(file)})`);
  for (const score of scores) {
    out(
      `  ${score.language} questions answered ${score.answered}/${score.questions} (${percent(score.answered, score.questions)}), ` +
        `ordinary messages left to the guide ${score.leftAlone}/${score.ordinary} (${percent(score.leftAlone, score.ordinary)})`,
    );
    for (const { item, got } of score.misses)
      out(`    miss ${item.language} ${item.tool} (expected ${item.expected}, got ${got ?? 'none'}): ${item.text}`);
  }
  return scores;
}
