import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Language } from '@clari/contracts';
import { PROJECT_ROOT } from '../core/paths';
import type { SafetyTrainingItem } from '../modules/assistant/safety/safety-classifier';
import { loadCrisisCorpus, CORPUS_DIR } from './crisis-corpus';
import { developmentSafetySets, loadSafetySet } from './safety-set';

/** Where `safety:train` writes the classifier's weights: the source file, committed and read by the crisis check. */
export const CLASSIFIER_WEIGHTS_SOURCE = path.join(
  PROJECT_ROOT,
  'apps',
  'api',
  'src',
  'modules',
  'assistant',
  'safety',
  'safety-classifier.weights.json',
);

/** The guides' development corpora: ordinary exercise answers, interview answers and transcript lines. */
const ORDINARY_CORPORA = ['guides-core.json', 'guides.json', 'conversations-core.json'];

/** Every ordinary message of the guides' development corpora, with its language. */
export function ordinaryMessages(): Array<{ text: string; language: Language }> {
  const messages: Array<{ text: string; language: Language }> = [];
  for (const file of ORDINARY_CORPORA) {
    const corpus = JSON.parse(readFileSync(path.join(CORPUS_DIR, file), 'utf8')) as {
      items: Array<{ message?: string; messages?: string[]; language: Language }>;
    };
    for (const item of corpus.items)
      for (const text of item.messages ?? (item.message ? [item.message] : []))
        messages.push({ text, language: item.language });
  }
  return messages;
}

/**
 * What the classifier learns from: the development material only (never a blind set). Warning
 * signs and look-alikes from the safety sets and the crisis corpus, and every ordinary message of
 * the guides' corpora as more of what is not a sign.
 */
export function safetyTrainingItems(): SafetyTrainingItem[] {
  const items: SafetyTrainingItem[] = [];
  for (const item of loadCrisisCorpus()) items.push({ text: item.text, language: item.language, risk: item.crisis });
  for (const file of developmentSafetySets())
    for (const item of loadSafetySet(file).items)
      if (item.category !== 'checkin-answer')
        items.push({
          text: item.text,
          language: item.language,
          risk: item.expected !== 'none',
          urgent: item.expected === 'urgent',
        });
  for (const { text, language } of ordinaryMessages()) items.push({ text, language, risk: false });
  return items;
}
