import { isStaleChunkError } from './RouteError';

describe('isStaleChunkError', () => {
  it.each([
    [new TypeError('Failed to fetch dynamically imported module: http://x/assets/Page-abc.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('error loading dynamically imported module'), true],
    [new Error('Cannot read properties of undefined'), false],
    [undefined, false],
  ])('%s → %s', (error, expected) => {
    expect(isStaleChunkError(error)).toBe(expected);
  });
});
