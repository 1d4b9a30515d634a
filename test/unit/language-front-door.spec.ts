import * as path from 'node:path';
import { REPO_ROOT as repo, ruleMessages } from '../support/lint-fixtures';

/**
 * The language library's one entry point (eslint.config.mjs, no-restricted-imports for
 * apps/api/src/modules): the feature modules reach the offline assistant's reading of language
 * only through modules/assistant/language; inside modules/assistant its parts import each other.
 */
const at = (file: string, code: string) => ({
  filePath: path.join(repo, 'apps/api/src/modules', file),
  code: `${code}\nexport const used = [imported];\n`,
});

describe('the language library front door', () => {
  let results: string[][];
  const fixtures = [
    // Refused: a feature module reaching into the library's parts.
    at(
      'reflect/handlers/fixture.ts',
      "import { classifyMessage as imported } from '../../assistant/dialogue/dialogue-act';",
    ),
    at('journal/fixture.ts', "import { normalise as imported } from '../assistant/language/lexicon';"),
    at('interview/fixture.ts', "import { assessCrisis as imported } from '../assistant/safety/crisis-detector';"),
    at(
      'value-explorer/handlers/fixture.ts',
      "import { feelingOf as imported } from '../../assistant/handlers/guide-language';",
    ),
    // Allowed: the front door, and the library's parts among themselves.
    at('reflect/handlers/fixture2.ts', "import { classifyMessage as imported } from '../../assistant/language';"),
    at('assistant/dialogue/fixture.ts', "import { normalise as imported } from '../language/lexicon';"),
  ];

  beforeAll(async () => {
    results = await ruleMessages(fixtures, 'no-restricted-imports');
  }, 120_000);

  it('refuses a feature module importing the parts of the library', () => {
    for (const messages of results.slice(0, 4))
      expect(messages).toEqual([expect.stringContaining("Use the language library's front door")]);
  });

  it('allows the front door, and the parts inside the assistant module', () => {
    expect(results.slice(4)).toEqual([[], []]);
  });
});
