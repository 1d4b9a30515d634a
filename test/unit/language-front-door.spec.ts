import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';

/**
 * The language library's one entry point (eslint.config.mjs, no-restricted-imports for
 * apps/api/src/modules): the feature modules reach the offline assistant's reading of language
 * only through modules/assistant/language; inside modules/assistant its parts import each other.
 * ESLint runs in a child process for the same reason as in frontend-boundaries.spec.ts.
 */
const repo = path.resolve(__dirname, '../..');

const LINT_SCRIPT = `
const { ESLint } = require('eslint');
const fixtures = JSON.parse(process.argv[1]);
(async () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const found = [];
  for (const fixture of fixtures) {
    const [result] = await eslint.lintText(fixture.code, { filePath: fixture.filePath });
    found.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
  }
  process.stdout.write(JSON.stringify(found));
})().catch((error) => { console.error(error); process.exit(1); });
`;

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
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', LINT_SCRIPT, JSON.stringify(fixtures)], {
      cwd: repo,
      maxBuffer: 10 * 1024 * 1024,
    });
    results = JSON.parse(stdout) as string[][];
  }, 120_000);

  it('refuses a feature module importing the parts of the library', () => {
    for (const messages of results.slice(0, 4))
      expect(messages).toEqual([expect.stringContaining("Use the language library's front door")]);
  });

  it('allows the front door, and the parts inside the assistant module', () => {
    expect(results.slice(4)).toEqual([[], []]);
  });
});
