import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'coverage/**', 'test/e2e/artifacts/**', 'docs/openapi.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'no-console': 'off',
    },
  },
  {
    // Nest resolves constructor parameters from emitted decorator metadata: an injected class
    // imported with `import type` would vanish at runtime, so type-only imports are not forced there.
    files: ['apps/**/*.ts', 'migrations/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: [
      'apps/**/*.ts',
      'libs/**/*.ts',
      'migrations/**/*.ts',
      'test/**/*.ts',
      'scripts/**/*.mjs',
      '*.mjs',
      'test/**/*.js',
    ],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    // Jest configs and setup files are CommonJS.
    files: ['test/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['frontend/**/*.{ts,tsx}', 'test/support/jsdom-setup.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // A dependency's UNSAFE_ exports are outside its promises: any minor release may change them
    // without a type error. Where one is truly needed, a disable comment says why and a test pins it.
    files: ['apps/**/*.ts', 'frontend/**/*.{ts,tsx}', 'scripts/**/*.mjs', 'libs/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportSpecifier[imported.name=/^UNSAFE_/]',
          message: "A dependency's UNSAFE_ API is not its public promise: use its public API.",
        },
        {
          selector: 'MemberExpression[property.name=/^UNSAFE_/]',
          message: "A dependency's UNSAFE_ API is not its public promise: use its public API.",
        },
      ],
    },
  },
  {
    // The language library has one front door (modules/assistant/language/index.ts): the other
    // feature modules import nothing else of the offline assistant's reading of language.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/modules/assistant/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/assistant/language/*',
                '**/assistant/dialogue/*',
                '**/assistant/safety/crisis-*',
                '**/assistant/safety/safety-classifier*',
                '**/assistant/handlers/guide-language',
              ],
              message: "Use the language library's front door: modules/assistant/language.",
            },
          ],
        },
      ],
    },
  },
  {
    // The SPA's layers (docs/architecture.md "Frontend"): app → features → components/lib, and a
    // feature never imports another feature; what two features share lives in components or lib.
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'boundaries/include': ['frontend/src/**/*'],
      'boundaries/elements': [
        { type: 'app', pattern: 'frontend/src/app' },
        { type: 'feature', pattern: 'frontend/src/features/*', capture: ['feature'] },
        { type: 'components', pattern: 'frontend/src/components' },
        { type: 'lib', pattern: ['frontend/src/lib', 'frontend/src/config'] },
        { type: 'test-support', pattern: 'frontend/src/test-support' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { types: { anyOf: ['app', 'feature', 'components', 'lib'] } } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: [
                { to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
                { to: { element: { types: { anyOf: ['components', 'lib', 'test-support'] } } } },
              ],
            },
            {
              from: { element: { type: 'components' } },
              allow: { to: { element: { types: { anyOf: ['components', 'lib', 'test-support'] } } } },
            },
            { from: { element: { type: 'lib' } }, allow: { to: { element: { type: 'lib' } } } },
            {
              from: { element: { type: 'test-support' } },
              allow: { to: { element: { types: { anyOf: ['components', 'lib', 'test-support'] } } } },
            },
          ],
        },
      ],
    },
  },
);
