import { isSignedInPage } from './router';

describe('the route table', () => {
  it.each([
    ['/profile', true],
    ['/profile/portrait', true],
    ['/admin', true],
    ['/valueexplorer/areas', true],
    ['/valueexplorer/edit', true],
    ['/reflect', true],
    ['/reflect/id/4b1c', true],
    ['/journal', true],
    ['/', false],
    ['/valueexplorer', false],
    ['/yearcompass', false],
    ['/login', false],
    ['/signup', false],
    ['/privacy', false],
    ['/interview/c1a41e55/123456', false],
    ['/no-such-page', false],
  ])('%s is a page for signed-in people only: %s', (pathname, expected) => {
    expect(isSignedInPage(pathname)).toBe(expected);
  });
});
