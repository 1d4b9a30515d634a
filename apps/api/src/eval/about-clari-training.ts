import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { PROJECT_ROOT } from '../core/paths';
import type { AboutClariTrainingItem } from '../modules/assistant/dialogue/about-clari';
import { loadAboutClariSet } from './about-clari-set';
import { ordinaryMessages } from './ordinary-messages';

/** The development sets of questions about Clari: blind once, scored once, then studied (docs/evaluation.md). */
export const ABOUT_CLARI_DEVELOPMENT_DIR = path.join(PROJECT_ROOT, 'test', 'corpus', 'about-clari');

/** Where `about-clari:train` writes the recogniser's weights: the source file, committed and read by the chat. */
export const ABOUT_CLARI_WEIGHTS_SOURCE = path.join(
  PROJECT_ROOT,
  'apps',
  'api',
  'src',
  'modules',
  'assistant',
  'dialogue',
  'about-clari.weights.json',
);

export function developmentAboutClariSets(): string[] {
  return readdirSync(ABOUT_CLARI_DEVELOPMENT_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => path.join(ABOUT_CLARI_DEVELOPMENT_DIR, name));
}

/**
 * What the recogniser learns from: the development sets' questions by topic and their ordinary
 * messages, and every ordinary message of the guides' corpora as more of what asks nothing about Clari.
 */
export function aboutClariTrainingItems(): AboutClariTrainingItem[] {
  const items: AboutClariTrainingItem[] = [];
  for (const file of developmentAboutClariSets())
    for (const { text, language, expected } of loadAboutClariSet(file).items)
      items.push({ text, language, topic: expected });
  for (const { text, language } of ordinaryMessages()) items.push({ text, language, topic: 'none' });
  return items;
}
