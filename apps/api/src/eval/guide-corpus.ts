import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import {
  COMMON_OBSTACLES,
  COMMON_VALUES,
  type ChatResponse,
  type ConversationData,
  type Language,
  type YearCompassBoxUpdate,
} from '@clari/contracts';
import { PROJECT_ROOT } from '../core/paths';

/**
 * The guides' evaluation corpus (test/corpus/guides.json): scripted messages with the updates
 * they must produce, or must not. Precision counts every written item that was not expected
 * (nothing may be written from small talk, questions, chips, skips or negations); recall
 * counts the expected items that were written.
 */
export interface GuideItem {
  domain: 'valueexplorer' | 'yearcompass';
  language: Language;
  message: string;
  phase: string;
  area?: string;
  section?: number;
  /** Year Compass boxes that already hold text. */
  filled?: Record<string, string>;
  expect: { values?: string[]; obstacles?: string[]; goals?: number; boxes?: string[]; nothing?: boolean };
}

const CORPUS_DIR = path.join(PROJECT_ROOT, 'test', 'corpus');

/** Every guides*.json file of the corpus folder (sets written by different people). */
export function loadGuideCorpus(dir = CORPUS_DIR): GuideItem[] {
  return readdirSync(dir)
    .filter((name) => /^guides.*\.json$/.test(name))
    .sort()
    .flatMap((file) => (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { items: GuideItem[] }).items);
}

/** What a turn wrote, as comparable labels: value:<id>, obstacle:<id or custom>, goal, box:<id>. */
export type Written = string[];

/** A value the form already holds so that the phase is reachable; never one the item expects. */
function placeholderValue(item: GuideItem): string {
  return COMMON_VALUES.find((id) => !(item.expect.values ?? []).includes(id)) ?? 'wisdom';
}

/** The conversationData the SPA would send for the item, and the phase the thread is in. */
export function guideTurnData(
  item: GuideItem,
  { boxesBeforeAsked }: { boxesBeforeAsked?: string[] } = {},
): ConversationData {
  if (item.domain === 'valueexplorer') {
    const order = ['values', 'goals', 'obstacles', 'forward'];
    const at = order.indexOf(item.phase);
    return {
      area: { id: item.area ?? 'career' },
      currentPhase: item.phase,
      selectedValues: at >= 1 ? [placeholderValue(item)] : [],
      goals: { shortTermGoal: at >= 2 ? ['Take a walk at lunch'] : [], longTermGoal: [] },
      obstacles: [],
    };
  }
  const filled = { ...(item.filled ?? {}) };
  // Through the API the thread starts at the first empty box: the boxes before the asked one hold a placeholder.
  for (const id of boxesBeforeAsked ?? []) filled[id] ??= '—';
  return { sectionNumber: item.section ?? 3, boxes: Object.entries(filled).map(([id, content]) => ({ id, content })) };
}

/** The labels a response's updates wrote. */
export function writtenBy(item: GuideItem, updates: ChatResponse['updates'] | unknown): Written {
  if (item.domain === 'yearcompass')
    return Array.isArray(updates) ? (updates as YearCompassBoxUpdate[]).map((update) => `box:${update.box_id}`) : [];
  const body = (updates ?? {}) as {
    values?: unknown[];
    obstacles?: unknown[];
    goals?: { shortTermGoal?: unknown[]; longTermGoal?: unknown[] };
  };
  const label = (item: unknown) =>
    typeof item === 'string'
      ? item
      : ((item as { id?: string; label?: string })?.id ?? (item as { label?: string })?.label ?? '');
  return [
    ...(body.values ?? []).map((value) => `value:${label(value)}`),
    ...(body.obstacles ?? []).map(
      (obstacle) =>
        `obstacle:${(COMMON_OBSTACLES as readonly string[]).includes(label(obstacle)) ? label(obstacle) : 'custom'}`,
    ),
    ...[...(body.goals?.shortTermGoal ?? []), ...(body.goals?.longTermGoal ?? [])].map(() => 'goal'),
  ];
}

function expectedOf(item: GuideItem): string[] {
  if (item.expect.nothing) return [];
  return [
    ...(item.expect.values ?? []).map((value) => `value:${value}`),
    ...(item.expect.obstacles ?? []).map((obstacle) => `obstacle:${obstacle}`),
    ...Array.from({ length: item.expect.goals ?? 0 }, () => 'goal'),
    ...(item.expect.boxes ?? []).map((box) => `box:${box}`),
  ];
}

export interface GuideScore {
  domain: string;
  language: Language;
  items: number;
  written: number;
  correct: number;
  expected: number;
  found: number;
  precision: number;
  recall: number;
  wrong: Array<{ message: string; wrote: string[] }>;
  missed: Array<{ message: string; missing: string[] }>;
}

/** Precision and recall per domain and language. */
export function scoreGuides(items: readonly GuideItem[], written: readonly Written[]): GuideScore[] {
  const groups = new Map<string, GuideScore>();
  items.forEach((item, index) => {
    const key = `${item.domain}/${item.language}`;
    const score = groups.get(key) ?? {
      domain: item.domain,
      language: item.language,
      items: 0,
      written: 0,
      correct: 0,
      expected: 0,
      found: 0,
      precision: 1,
      recall: 1,
      wrong: [],
      missed: [],
    };
    const remaining = [...expectedOf(item)];
    const expected = remaining.length;
    const wrote = written[index] ?? [];
    const wrong: string[] = [];
    for (const label of wrote) {
      const at = remaining.indexOf(label);
      if (at >= 0) remaining.splice(at, 1);
      else wrong.push(label);
    }
    score.items++;
    score.written += wrote.length;
    score.correct += wrote.length - wrong.length;
    score.expected += expected;
    score.found += expected - remaining.length;
    if (wrong.length) score.wrong.push({ message: item.message, wrote: wrong });
    if (remaining.length) score.missed.push({ message: item.message, missing: remaining });
    groups.set(key, score);
  });
  return [...groups.values()].map((score) => ({
    ...score,
    precision: score.written ? score.correct / score.written : 1,
    recall: score.expected ? score.found / score.expected : 1,
  }));
}

export function formatGuideScores(scores: readonly GuideScore[]): string {
  const lines: string[] = [];
  for (const score of scores) {
    lines.push(
      `${score.domain} (${score.language}): ${score.items} messages, precision ${(score.precision * 100).toFixed(1)}% (${score.correct}/${score.written} written), recall ${(score.recall * 100).toFixed(1)}% (${score.found}/${score.expected} expected)`,
    );
    for (const { message, wrote } of score.wrong) lines.push(`  wrongly wrote ${wrote.join(', ')}: ${message}`);
    for (const { message, missing } of score.missed) lines.push(`  missed ${missing.join(', ')}: ${message}`);
  }
  return lines.join('\n');
}
