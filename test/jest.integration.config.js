const shared = require('./jest.shared');

/** The real app against real PostgreSQL and Redis, one fresh database and Redis prefix per run. */
module.exports = {
  ...shared,
  displayName: 'integration',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // Every answer of the app is checked against docs/openapi.json.
  setupFilesAfterEnv: ['<rootDir>/test/support/contract-setup.ts'],
  testTimeout: 30000,
};
