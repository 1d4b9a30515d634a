import type { Page } from 'playwright-core';
import { signedInContext } from '../support/accounts';
import { newContext, screenshot, withPage } from '../support/browser';
import { browserSuite } from '../support/browser-suite';

/** Headings wider than their box or the viewport at phone width (long Swedish words). */
async function overflowingHeadings(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('h1, h2')]
      .filter((heading) => {
        const box = heading.getBoundingClientRect();
        return heading.scrollWidth > heading.clientWidth + 1 || box.right > document.documentElement.clientWidth + 1;
      })
      .map((heading) => heading.textContent ?? ''),
  );
}

describe('the language follows the person', () => {
  const suite = browserSuite();

  it('a visitor whose browser asks for Swedish gets Swedish, others English', async () => {
    for (const [locale, lang] of [
      ['sv-SE', 'sv'],
      ['en-US', 'en'],
    ] as const) {
      const context = await suite.browser.newContext({ baseURL: suite.t.baseUrl, locale });
      await withPage(context, `language-browser-${lang}`, async (page) => {
        await page.goto('/');
        await page.waitForFunction((expected) => document.documentElement.lang === expected, lang);
      });
      await context.close();
    }
  });

  it('signup: the Language field follows the page language until the person picks one', async () => {
    const context = await newContext(suite.browser, { baseUrl: suite.t.baseUrl, language: 'en' });
    await withPage(context, 'language-signup', async (page) => {
      await page.goto('/signup');
      const select = page.getByRole('combobox', { name: 'Language' });
      expect(await select.textContent()).toBe('English');
      await page.getByRole('button', { name: 'Byt till svenska' }).click();
      await page.waitForFunction(() => document.documentElement.lang === 'sv');
      expect(await page.getByRole('combobox', { name: 'Språk' }).textContent()).toBe('Svenska');
    });
    await context.close();
  });

  it('signed in: the footer toggle changes the profile language, says so, and survives a reload', async () => {
    const context = await signedInContext(suite.browser, suite.t, 'en');
    await withPage(context, 'language-signed-in', async (page) => {
      await page.goto('/profile');
      await page.locator('h1').first().waitFor();
      await page.getByRole('button', { name: 'Byt till svenska' }).click();
      await page.getByText('Språket är sparat: Clari och dina mejl använder nu svenska.').waitFor();
      const profile = await page.evaluate(async () => (await fetch('/api/profile')).json());
      expect(profile.language).toBe('sv');
      await page.reload();
      await page.waitForFunction(() => document.documentElement.lang === 'sv');
      await page.locator('h1').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('sv');
    });
    await context.close();
  });

  it('a legal page’s own toggle changes <html lang> too', async () => {
    const context = await newContext(suite.browser, { baseUrl: suite.t.baseUrl, language: 'en' });
    await withPage(context, 'language-legal', async (page) => {
      await page.goto('/privacy');
      await page.getByTestId('legal-language-toggle').click();
      await page.waitForFunction(() => document.documentElement.lang === 'sv');
      await page.getByTestId('legal-language-toggle').click();
      await page.waitForFunction(() => document.documentElement.lang === 'en');
    });
    await context.close();
  });

  it.each(['en', 'sv'] as const)('in %s, no heading overflows at 360 px', async (language) => {
    const context = await newContext(suite.browser, { baseUrl: suite.t.baseUrl, language });
    await withPage(context, `language-overflow-${language}`, async (page) => {
      await page.setViewportSize({ width: 360, height: 780 });
      for (const path of ['/', '/privacy', '/terms', '/faq', '/valueexplorer', '/yearcompass', '/login', '/signup']) {
        await page.goto(path);
        await page.locator('h1').first().waitFor();
        expect({ path, overflowing: await overflowingHeadings(page) }).toEqual({ path, overflowing: [] });
      }
      await page.goto('/privacy');
      await page.locator('h1').first().waitFor();
      await screenshot(page, `privacy-360-${language}`);
    });
    await context.close();
  });
});
