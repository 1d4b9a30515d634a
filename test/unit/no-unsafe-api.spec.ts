import * as path from 'node:path';
import { REPO_ROOT as repo, ruleMessages } from '../support/lint-fixtures';

/** eslint.config.mjs refuses a dependency's UNSAFE_ exports in the app's code (no-restricted-syntax). */
describe('no UNSAFE_ API of a dependency', () => {
  let results: string[][];
  const fixtures = [
    {
      filePath: path.join(repo, 'frontend/src/lib/fixture.ts'),
      code: "import { UNSAFE_createBrowserHistory } from 'react-router-dom';\nexport const used = UNSAFE_createBrowserHistory;\n",
    },
    {
      filePath: path.join(repo, 'frontend/src/lib/fixture2.ts'),
      code: "import * as router from 'react-router-dom';\nexport const used = router.UNSAFE_NavigationContext;\n",
    },
    {
      filePath: path.join(repo, 'apps/api/src/core/fixture.ts'),
      code: "import { createBrowserRouter } from 'react-router-dom';\nexport const used = createBrowserRouter;\n",
    },
  ];

  beforeAll(async () => {
    results = await ruleMessages(fixtures, 'no-restricted-syntax');
  }, 120_000);

  it('refuses importing or reading one', () => {
    for (const messages of results.slice(0, 2))
      expect(messages).toEqual([expect.stringContaining('UNSAFE_ API is not its public promise')]);
  });

  it('allows the public API', () => {
    expect(results[2]).toEqual([]);
  });
});
