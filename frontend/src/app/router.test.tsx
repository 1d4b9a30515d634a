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
    ['/valueexplorer/areas', false, ['/api/value-explorer/data', '/api/profile/portrait']],
    ['/valueexplorer/summary', false, ['/api/value-explorer/data', '/api/profile/portrait']],
    ['/reflect', false, ['/api/profile/portrait']],
    // The reflection in the address is read with the page's chunks (the same address reflect-api asks).
    [
      '/reflect/id/3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f',
      false,
      ['/reflect/reflections/3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f', '/api/profile/portrait'],
    ],
    ['/reflect/new_topic/your_day', false, ['/api/profile/portrait']],
    ['/valueexplorer', false, []],
    ['/', false, []],
    // A browser whose last check found someone signed in shows the top bar everywhere.
    ['/', true, ['/api/profile/portrait']],
  ])(
    "starts the reads %s makes at once with the page's chunks (signed in before: %s): %j",
    async (pathname, signedInBefore, reads) => {
      const started: string[] = [];
      let preloaded: Promise<void> = Promise.resolve();
      jest.isolateModules(() => {
        jest.doMock('../lib/early-requests', () => ({ requestEarly: (path: string) => started.push(path) }));
        jest.doMock('../components/auth/signed-in-hint', () => ({ probablySignedIn: () => signedInBefore }));
        const router = jest.requireActual<typeof import('./router')>('./router');
        preloaded = router.preloadPagesFor(pathname);
      });
      expect(started).toEqual(reads);
      // The page's chunks finish loading within the test.
      await preloaded;
    },
  );

  it.each([
    ['/valueexplorer/areas', true],
    ['/reflect/id/3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f', false],
  ])(
    'waits for the reads %s renders from in its first render (%s), not for those it only starts early',
    async (pathname, waits) => {
      let answer: () => void = () => undefined;
      const pageRead = new Promise<void>((resolve) => (answer = resolve));
      let preloaded: Promise<void> = Promise.resolve();
      jest.isolateModules(() => {
        jest.doMock('../lib/early-requests', () => ({
          requestEarly: (path: string) => (path === '/api/profile/portrait' ? Promise.resolve() : pageRead),
        }));
        jest.doMock('../components/auth/signed-in-hint', () => ({ probablySignedIn: () => false }));
        const router = jest.requireActual<typeof import('./router')>('./router');
        preloaded = router.preloadPagesFor(pathname);
      });
      if (waits) {
        // The chunks arrive; the page's read is still on its way, and the first render waits.
        const first = await Promise.race([
          preloaded.then(() => 'settled'),
          new Promise((resolve) => setTimeout(() => resolve('waiting'), 500)),
        ]);
        expect(first).toBe('waiting');
        answer();
      }
      await preloaded;
    },
  );
});
