import * as path from 'node:path';
import { REPO_ROOT as repo, ruleMessages, type LintFixture as Fixture } from '../support/lint-fixtures';

/**
 * The SPA's import rule (eslint.config.mjs, boundaries/dependencies) checked through ESLint's
 * own API on small sources placed in the tree: app → features → components/lib, and no
 * feature imports another.
 */
const boundaryErrors = (fixtures: Fixture[]) => ruleMessages(fixtures, 'boundaries/dependencies');

const at = (file: string, code: string): Fixture => ({
  filePath: path.join(repo, 'frontend/src', file),
  code: `${code}\nexport const used = [imported];\n`,
});

describe('the SPA feature boundaries', () => {
  let results: string[][];
  const fixtures = [
    // Refused: a feature importing another feature, statically or lazily.
    at('features/reflect/Fixture.tsx', "import imported from '../profile/ProfilePage';"),
    at(
      'features/reflect/pages/Fixture.tsx',
      "const imported = () => import('../../year-compass/pages/YearCompassAppPage');",
    ),
    // Refused: shared code importing a feature, and lib importing UI.
    at('components/Fixture.tsx', "import imported from '../features/profile/ProfilePage';"),
    at('lib/fixture.ts', "import { AppShell as imported } from '../components/AppShell';"),
    // Allowed: within a feature, a feature using shared code, the app using a feature.
    at('features/reflect/pages/Fixture2.tsx', "import { TopicPicker as imported } from '../components/TopicPicker';"),
    at('features/reflect/Fixture3.tsx', "import { useAuth as imported } from '../../components/auth/AuthProvider';"),
    at('app/Fixture.tsx', "const imported = () => import('../features/reflect/pages/ReflectPage');"),
  ];

  beforeAll(async () => {
    results = await boundaryErrors(fixtures);
  }, 120_000);

  it('refuses an import from one feature into another, static or lazy', () => {
    expect(results[0]).toEqual([expect.stringMatching(/feature="reflect".*feature="profile"/)]);
    expect(results[1]).toEqual([expect.stringMatching(/feature="reflect".*feature="year-compass"/)]);
  });

  it('refuses shared code importing a feature, and lib importing components', () => {
    expect(results[2]).toEqual([expect.stringMatching(/"components".*"feature"/)]);
    expect(results[3]).toEqual([expect.stringMatching(/"lib".*"components"/)]);
  });

  it('allows imports within a feature, from a feature into components and lib, and from the app into features', () => {
    expect(results.slice(4)).toEqual([[], [], []]);
  });
});
