import type { Page } from 'playwright-core';
import type { Language } from '@clari/contracts';
import { signedInContext } from '../support/accounts';
import { screenshot, withPage } from '../support/browser';
import { browserSuite } from '../support/browser-suite';

const SKIP = { en: 'Skip to content', sv: 'Hoppa till innehållet' } as const;
const TOOL = { en: 'Reflect', sv: 'Reflektera' } as const;
const PAGES = ['/', '/valueexplorer/areas', '/yearcompass/app', '/reflect', '/journal', '/profile'] as const;
/** How many Tab presses each page is walked through. */
const STOPS = 14;

const suite = browserSuite();

/** How the focused element shows its focus: a ring (outline or shadow) or MUI's focused field. */
function focusShown(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { tag: 'BODY', shown: false, what: 'nothing focused' };
    const style = getComputedStyle(element);
    const ring =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) ||
      (style.boxShadow !== 'none' && style.boxShadow !== '');
    const field = element.closest('.Mui-focused') !== null;
    const what = `${element.tagName} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}`;
    return { tag: element.tagName, shown: ring || field, what };
  });
}

describe('keyboard use', () => {
  jest.setTimeout(120_000);

  it.each(['en', 'sv'] as const)(
    'every stop of the Tab key shows where the focus is (%s)',
    async (language: Language) => {
      const context = await signedInContext(suite.browser, suite.t, language, {
        clinician: true,
        fullName: 'Elin Test',
      });
      await withPage(context, `keyboard-${language}`, async (page) => {
        await page.setViewportSize({ width: 1366, height: 900 });
        for (const address of PAGES) {
          await page.goto(address);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          // The first stop is the skip link, shown while focused; it takes the focus to the page.
          await page.keyboard.press('Tab');
          const skip = page.getByRole('link', { name: SKIP[language] });
          expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
          expect(await skip.isVisible()).toBe(true);
          expect((await focusShown(page)).shown).toBe(true);
          if (address === '/reflect') await screenshot(page, `keyboard-skip-${language}`);
          await page.keyboard.press('Enter');
          expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
          const unseen: string[] = [];
          for (let stop = 0; stop < STOPS; stop++) {
            await page.keyboard.press('Tab');
            const focus = await focusShown(page);
            if (focus.tag === 'BODY') break;
            if (!focus.shown) unseen.push(`${address}: ${focus.what}`);
            if (address === '/reflect' && stop === 2) await screenshot(page, `keyboard-ring-${language}`);
          }
          expect(unseen).toEqual([]);
        }
      });
      await context.close();
    },
  );

  it.each(['en', 'sv'] as const)('a move to another tool puts the focus on its heading (%s)', async (language) => {
    const context = await signedInContext(suite.browser, suite.t, language);
    await withPage(context, `focus-heading-${language}`, async (page) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto('/valueexplorer/areas');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const nav = page.getByRole('navigation', { name: /main navigation|huvudnavigering/i });
      await nav.getByRole('link', { name: TOOL[language], exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/reflect');
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    });
    await context.close();
  });
});
