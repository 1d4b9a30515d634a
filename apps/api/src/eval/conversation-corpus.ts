import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  REFLECT_CLARIFY_PHRASE,
  type ChatHistoryItem,
  type JournalNoteFormat,
  type Language,
  type LifeAreaId,
  type ReflectTopicId,
} from '@clari/contracts';
import { PROJECT_ROOT } from '../core/paths';
import { PiiScrubber } from '../core/ai/pii-scrubber';
import { offlineJournalSummary } from '../modules/journal/journal-summary';
import { EXAMPLE_DEFINITION } from '../modules/interview/interview-definition';
import type { InterviewThreadStore } from '../modules/interview/interview-thread.store';
import type { InterviewMessageKind } from '../modules/interview/handlers/interview-facts';
import { InterviewHandler } from '../modules/interview/handlers/interview.handler';
import { ReflectTopicHandler } from '../modules/reflect/handlers/reflect-topic.handler';

/**
 * The Reflect, Interview and Journal part of the evaluation corpus
 * (test/corpus/conversations*.json), run against the offline guides. Each item names what
 * must be written and what must never be: a "never" that shows up is a precision failure
 * (a meta message, a question to Clari or a crisis statement in a reflection; a pause stored
 * as an interview answer; a denial flagged as risk). Recall counts the expected items found.
 */
type Expect = {
  written?: string[];
  never?: string[];
  tagsNever?: string[];
  areas?: LifeAreaId[];
  areasNever?: LifeAreaId[];
};
export type ConversationItem =
  | { domain: 'reflect'; language: Language; topic: ReflectTopicId; messages: string[]; expect: Expect }
  | { domain: 'interview'; language: Language; message: string; expect: InterviewMessageKind }
  | { domain: 'journal'; language: Language; transcript: string; format: JournalNoteFormat; expect: Expect };

export interface ConversationScore {
  domain: ConversationItem['domain'];
  language: Language;
  items: number;
  /** "Never" checks (or, for the interview, non-answers) and how many of them held. */
  neverChecks: number;
  neverHeld: number;
  /** Expected items and how many were found. */
  expected: number;
  found: number;
  failures: string[];
}

export function loadConversationCorpus(dir = path.join(PROJECT_ROOT, 'test', 'corpus')): ConversationItem[] {
  return (JSON.parse(readFileSync(path.join(dir, 'conversations-core.json'), 'utf8')) as { items: ConversationItem[] })
    .items;
}

const reflect = new ReflectTopicHandler();
const interview = new InterviewHandler({} as InterviewThreadStore, new PiiScrubber());
const GUIDE = {
  ...EXAMPLE_DEFINITION.guide,
  questions: [...EXAMPLE_DEFINITION.guide.questions, { en: 'What would help?', sv: 'Vad skulle hjälpa?' }],
};

function thread(messages: string[]): ChatHistoryItem[] {
  return messages.flatMap((content) => [
    { role: 'user' as const, content, timestamp: '' },
    { role: 'assistant' as const, content: '…', timestamp: '' },
  ]);
}

/** What a guide produced for an item: the interview message's kind, or the written text with its tags and areas. */
export type Produced = { kind: InterviewMessageKind } | { text: string; tags: string[]; areas: string[] };

/** What the offline guides produce for an item, without a server. */
export function produceOffline(item: ConversationItem): Produced {
  if (item.domain === 'interview') {
    const context = {
      domain: 'interview',
      threadId: 's',
      language: item.language,
      message: item.message,
      history: [],
      data: {},
      phase: 'interview',
      facts: { title: { en: 'T', sv: 'T' }, guide: GUIDE, answered: 1, probed: true },
    };
    const result = interview.parse(interview.offline(context), context);
    return { kind: (result?.threadState as { kind?: InterviewMessageKind } | undefined)?.kind ?? 'chat' };
  }
  if (item.domain === 'reflect') {
    const context = {
      domain: 'reflect_topic',
      threadId: 'r',
      language: item.language,
      message: REFLECT_CLARIFY_PHRASE[item.language],
      history: thread(item.messages),
      data: { topic: item.topic, reflectionId: 'r' },
      phase: 'reflect',
    };
    return writtenReflection(reflect.offline(context));
  }
  return { text: offlineJournalSummary(item.transcript, item.language, item.format), tags: [], areas: [] };
}

/** A reflect_topic answer's reflection and takeaways as one text, with its tags and areas. */
export function writtenReflection(answer: unknown): Produced {
  const { reflection_summary: summary, takeaways } = answer as {
    reflection_summary?: { title: string; content: string; tags: string[]; lifeAreas: string[] };
    takeaways?: Array<{ title: string; content: string }>;
  };
  return {
    text: summary
      ? [
          summary.title,
          summary.content,
          ...(takeaways ?? []).flatMap((takeaway) => [takeaway.title, takeaway.content]),
        ].join('\n')
      : '',
    tags: summary?.tags ?? [],
    areas: summary?.lifeAreas ?? [],
  };
}

/** The checks one item passed and failed, given what was produced for it. */
function judge(
  item: ConversationItem,
  produced: Produced,
): { never: boolean[]; expected: boolean[]; failures: string[] } {
  const failures: string[] = [];
  const check = (results: boolean[], ok: boolean, what: string) => {
    results.push(ok);
    if (!ok) failures.push(what);
  };
  const never: boolean[] = [];
  const expected: boolean[] = [];
  if (item.domain === 'interview') {
    const kind = 'kind' in produced ? produced.kind : 'chat';
    const stored = kind === 'answer';
    if (item.expect === 'answer') check(expected, stored, `"${item.message}" was not kept as an answer (${kind})`);
    else {
      check(never, !stored, `"${item.message}" was stored as an answer`);
      check(expected, kind === item.expect, `"${item.message}": ${kind}, expected ${item.expect}`);
    }
    return { never, expected, failures };
  }
  const { text: raw, tags, areas } = 'text' in produced ? produced : { text: '', tags: [], areas: [] };
  const text = raw.replace(/&amp;/g, '&');
  const lower = text.toLocaleLowerCase('sv');
  for (const phrase of item.expect.written ?? [])
    check(expected, lower.includes(phrase.toLocaleLowerCase('sv')), `missing "${phrase}"`);
  for (const area of item.expect.areas ?? []) check(expected, areas.includes(area), `missing life area ${area}`);
  // A "never" phrase is matched as the user wrote it (a whole message), case-insensitively.
  for (const phrase of item.expect.never ?? [])
    check(
      never,
      !new RegExp(`(?<![\\p{L}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'iu').test(text),
      `wrote "${phrase}"`,
    );
  for (const tag of item.expect.tagsNever ?? []) check(never, !tags.includes(tag), `tag #${tag}`);
  for (const area of item.expect.areasNever ?? []) check(never, !areas.includes(area), `life area ${area}`);
  return { never, expected, failures };
}

/** Scores per domain and language, of what `produce` gives for each item (the offline guides by default). */
export function evaluateConversationCorpus(items = loadConversationCorpus()): ConversationScore[] {
  return scoreConversations(items, items.map(produceOffline));
}

export function scoreConversations(
  items: readonly ConversationItem[],
  produced: readonly Produced[],
): ConversationScore[] {
  const scores = new Map<string, ConversationScore>();
  items.forEach((item, index) => {
    const key = `${item.domain}:${item.language}`;
    const score = scores.get(key) ?? {
      domain: item.domain,
      language: item.language,
      items: 0,
      neverChecks: 0,
      neverHeld: 0,
      expected: 0,
      found: 0,
      failures: [],
    };
    const { never, expected, failures } = judge(item, produced[index]);
    score.items += 1;
    score.neverChecks += never.length;
    score.neverHeld += never.filter(Boolean).length;
    score.expected += expected.length;
    score.found += expected.filter(Boolean).length;
    score.failures.push(...failures.map((failure) => `${item.domain}/${item.language}: ${failure}`));
    scores.set(key, score);
  });
  return [...scores.values()];
}

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`);

export function formatConversationScores(scores: ConversationScore[]): string {
  return scores
    .map(
      (score) =>
        `${score.domain.padEnd(9)} ${score.language}  items ${String(score.items).padStart(3)}  never-written held ${percent(score.neverHeld, score.neverChecks)} (${score.neverHeld}/${score.neverChecks})  recall ${percent(score.found, score.expected)} (${score.found}/${score.expected})`,
    )
    .join('\n');
}
