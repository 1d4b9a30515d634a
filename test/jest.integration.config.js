const shared = require('./jest.shared');

/** The real app against real PostgreSQL and Redis, one fresh database and Redis prefix per run. */
module.exports = {
  ...shared,
  displayName: 'integration',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
};
