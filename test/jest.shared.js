// Settings every jest project shares: TypeScript through ts-jest (transpile only; `npm run
// typecheck` does the type checking) and the path aliases of tsconfig.json / vite.config.mts.
const path = require('node:path');

const root = path.resolve(__dirname, '..');

module.exports = {
  rootDir: root,
  // @nestjs/bull, @nestjs/bull-shared and @nestjs/passport ship only as ES modules, which Node
  // 20.19+ can require() but jest cannot: they are compiled to CommonJS like our own code.
  transform: {
    '^.+\\.[jt]sx?$': ['ts-jest', { tsconfig: path.join(root, 'test/tsconfig.jest.json') }],
  },
  transformIgnorePatterns: ['/node_modules/(?!@nestjs/(bull|bull-shared|passport)/)'],
  moduleNameMapper: {
    '^@clari/contracts$': '<rootDir>/libs/contracts/src/index.ts',
    '^@clari/contracts/(.*)$': '<rootDir>/libs/contracts/src/$1.ts',
    '^@locales/(.*)$': '<rootDir>/locales/$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.data/'],
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/.data/'],
};
