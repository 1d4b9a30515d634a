const shared = require('./jest.shared');

/** Unit tests beside the code (*.spec.ts) and component tests of the SPA (*.test.tsx). */
module.exports = {
  rootDir: shared.rootDir,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/apps/**/*.spec.ts', '<rootDir>/libs/**/*.spec.ts', '<rootDir>/migrations/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'components',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/frontend/src/**/*.test.{ts,tsx}'],
      setupFiles: ['<rootDir>/test/support/jsdom-setup.js'],
    },
  ],
};
