import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp, type TestAppOptions } from './app-harness';
import { launchBrowser } from './browser';

/**
 * The app listening on a free port and a Chromium for one browser test file, started before
 * its tests and closed after them; read `suite.t` and `suite.browser` inside the tests.
 */
export function browserSuite(options: TestAppOptions = {}): { readonly t: TestApp; readonly browser: Browser } {
  const suite: { t?: TestApp; browser?: Browser } = {};
  beforeAll(async () => {
    suite.t = await startTestApp({ listen: true, ...options, env: { RATE_LIMIT_SCALE: '20', ...options.env } });
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.t?.close();
  });
  return {
    get t() {
      if (!suite.t) throw new Error('The app starts in beforeAll: use it inside a test');
      return suite.t;
    },
    get browser() {
      if (!suite.browser) throw new Error('The browser starts in beforeAll: use it inside a test');
      return suite.browser;
    },
  };
}
