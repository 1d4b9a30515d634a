const shared = require('./jest.shared');

/** Browser tests: Debian chromium driven by playwright-core against the real app and built SPA. */
module.exports = {
  ...shared,
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/e2e/**/*.e2e.ts'],
  globalSetup: '<rootDir>/test/support/e2e-global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // Generous: every step waits for a condition, and a loaded 2-core CI machine can be slow; only a stuck test waits this long.
  testTimeout: 180000,
};
