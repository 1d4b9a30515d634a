import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Language } from '@clari/contracts';
import { CORPUS_DIR } from './crisis-corpus';

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
