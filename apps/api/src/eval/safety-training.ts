import * as path from 'node:path';
import { PROJECT_ROOT } from '../core/paths';
import type { SafetyTrainingItem } from '../modules/assistant/safety/safety-classifier';
import { developmentAboutClariSets } from './about-clari-training';
import { loadAboutClariSet } from './about-clari-set';
import { loadCrisisCorpus } from './crisis-corpus';
import { ordinaryMessages } from './ordinary-messages';
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

/**
 * What the classifier learns from: the development material only (never a blind set). Warning
 * signs and look-alikes from the safety sets and the crisis corpus, and every ordinary message of
 * the guides' corpora and of the sets of questions about Clari as more of what is not a sign.
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
  // Questions about Clari ("where is this stored, does it disappear") carry no risk either.
  for (const file of developmentAboutClariSets())
    for (const { text, language } of loadAboutClariSet(file).items) items.push({ text, language, risk: false });
  return items;
}
