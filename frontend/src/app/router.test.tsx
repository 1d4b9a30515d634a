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

describe('preloadPagesFor', () => {
  it.each([
    ['/valueexplorer/areas', ['/api/value-explorer/data', '/api/profile/portrait']],
    ['/valueexplorer/edit', ['/api/value-explorer/data', '/api/profile/portrait']],
    ['/reflect', ['/api/profile/portrait']],
    ['/valueexplorer', []],
    ['/', []],
  ])("starts the reads %s makes at once with the page's chunks: %j", async (pathname, reads) => {
    const started: string[] = [];
    jest.isolateModules(() => {
      jest.doMock('../lib/early-requests', () => ({ requestEarly: (path: string) => started.push(path) }));
      // A visitor's browser: only a page for signed-in people shows the top bar.
      jest.doMock('../components/auth/signed-in-hint', () => ({ probablySignedIn: () => false }));
      const router = jest.requireActual<typeof import('./router')>('./router');
      void router.preloadPagesFor(pathname);
    });
    expect(started).toEqual(reads);
  });
});
