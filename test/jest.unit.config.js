const shared = require('./jest.shared');

/** ESM-only packages the SPA's component tests load (react-markdown and what it imports). */
const ESM_ONLY_PACKAGES = [
  'react-markdown',
  'remark-[^/]+',
  'unified',
  'bail',
  'trough',
  'is-plain-obj',
  'devlop',
  'vfile[^/]*',
  'unist-util-[^/]+',
  'mdast-util-[^/]+',
  'hast-util-[^/]+',
  'micromark[^/]*',
  'decode-named-character-reference',
  'character-entities[^/]*',
  'character-reference-invalid',
  'parse-entities',
  'stringify-entities',
  'property-information',
  'space-separated-tokens',
  'comma-separated-tokens',
  'html-url-attributes',
  'estree-util-[^/]+',
  'is-alphabetical',
  'is-alphanumerical',
  'is-decimal',
  'is-hexadecimal',
  'longest-streak',
  'ccount',
  'trim-lines',
  'zwitch',
];

/** Unit tests beside the code (*.spec.ts) and component tests of the SPA (*.test.tsx). */
module.exports = {
  rootDir: shared.rootDir,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/apps/**/*.spec.ts',
        '<rootDir>/libs/**/*.spec.ts',
        '<rootDir>/migrations/**/*.spec.ts',
        '<rootDir>/test/unit/**/*.spec.ts',
      ],
    },
    {
      ...shared,
      displayName: 'components',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/frontend/src/**/*.test.{ts,tsx}'],
      setupFiles: ['<rootDir>/test/support/jsdom-setup.js'],
      setupFilesAfterEnv: ['<rootDir>/test/support/jsdom-after-env.js'],
      testTimeout: 30_000,
      // react-markdown and the unified/micromark packages under it ship only as ES modules:
      // they are compiled to CommonJS like our own code; the rest of node_modules is not.
      // One ts-jest entry only: jest keeps a single configuration per transformer module.
      transform: {
        '^.+\\.[jt]sx?$': [
          'ts-jest',
          { tsconfig: { ...require('./tsconfig.jest.json').compilerOptions, allowJs: true } },
        ],
      },
      transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_PACKAGES.join('|')})/)`],
    },
  ],
};
