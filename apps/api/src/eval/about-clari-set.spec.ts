import * as path from 'node:path';
import { loadAboutClariSet, scoreAboutClariSet } from './about-clari-set';
import { ABOUT_CLARI_DEVELOPMENT_DIR, developmentAboutClariSets } from './about-clari-training';

/** Development sets of questions about Clari: blind once, scored once, then studied and kept as a gate. */
const files = developmentAboutClariSets().map((file) => path.basename(file));
/** Where the recogniser stands on what it was studied on (the target for new messages is 95 %). */
const ANSWERED_FLOOR = 0.85;

describe('questions about Clari on the development sets', () => {
  it('has at least one set, with both languages', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s: questions answered ≥ 85 %, and no ordinary message taken for one', (name) => {
    const set = loadAboutClariSet(path.join(ABOUT_CLARI_DEVELOPMENT_DIR, name));
    for (const score of scoreAboutClariSet(set.items)) {
      expect(score.questions).toBeGreaterThan(0);
      expect({ language: score.language, answered: score.answered / score.questions >= ANSWERED_FLOOR }).toEqual({
        language: score.language,
        answered: true,
      });
      expect({
        language: score.language,
        wronglyTaken: score.misses.filter((miss) => miss.item.expected === 'none').map((miss) => miss.item.text),
      }).toEqual({
        language: score.language,
        wronglyTaken: [],
      });
    }
  });
});
