import type { Page } from 'playwright-core';
import type { Language } from '@clari/contracts';
import { signedInContext } from '../support/accounts';
import { expectAccessible, newContext, screenshot, settleAnimations, withPage } from '../support/browser';
import { browserSuite } from '../support/browser-suite';

const T = {
  en: {
    menu: 'Open the profile menu',
    tools: { valueExplorer: 'Value Explorer', yearCompass: 'Year Compass', reflect: 'Reflect', journal: 'Journal' },
    profile: 'Edit profile',
    back: 'Back',
    notFound: 'Page not found',
  },
  sv: {
    menu: 'Öppna profilmenyn',
    tools: {
      valueExplorer: 'Värdeutforskaren',
      yearCompass: 'Årskompassen',
      reflect: 'Reflektera',
      journal: 'Journal',
    },
    profile: 'Redigera profil',
    back: 'Tillbaka',
    notFound: 'Sidan finns inte',
  },
} as const;

type Tool = keyof (typeof T)['en']['tools'];
/** Each tool's address and where its page lands. */
const TOOL_PATHS: Record<Tool, RegExp> = {
  valueExplorer: /^\/valueexplorer/,
  yearCompass: /^\/yearcompass/,
  reflect: /^\/reflect/,
  journal: /^\/journal/,
};
const ORDER: Tool[] = ['yearCompass', 'reflect', 'journal', 'valueExplorer'];

const VIEWPORTS = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;

const suite = browserSuite();

const clinicianContext = (language: Language) =>
  signedInContext(suite.browser, suite.t, language, { clinician: true, fullName: 'Elin Test' });

const shot = (page: Page, name: string) => settleAnimations(page).then(() => screenshot(page, name));

describe('moving between the tools', () => {
  jest.setTimeout(120_000);

  it.each([
    ['en', 'phone'],
    ['sv', 'phone'],
    ['en', 'desktop'],
    ['sv', 'desktop'],
  ] as const)('reaches every tool from every tool (%s, %s), the current one marked', async (language, viewport) => {
    const text = T[language];
    const context = await clinicianContext(language);
    await withPage(context, `navigation-${language}-${viewport}`, async (page) => {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.goto('/valueexplorer/areas');
      const nav = page.getByRole('navigation', { name: /main navigation|huvudnavigering/i });
      for (const tool of ORDER) {
        if (viewport === 'phone') {
          // On a phone the tools are in the menu.
          await nav.getByRole('button', { name: text.menu }).click();
          const menu = page.getByRole('menu');
          await menu.waitFor();
          if (tool === 'yearCompass') await shot(page, `navigation-menu-${language}`);
          await menu.getByRole('menuitem', { name: text.tools[tool], exact: true }).click();
        } else {
          await nav.getByRole('link', { name: text.tools[tool], exact: true }).click();
        }
        await page.waitForURL((url) => TOOL_PATHS[tool].test(url.pathname));
        // The bar marks the tool shown: a link on a desktop, the tool's name beside the logo on a phone.
        const marked = viewport === 'desktop' ? nav.locator('a[aria-current="page"]') : page.getByTestId('current-app');
        await marked.filter({ hasText: text.tools[tool] }).waitFor();
        expect(await marked.allInnerTexts()).toEqual([text.tools[tool]]);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
      }
      if (viewport === 'desktop') await shot(page, `navigation-bar-${language}`);
      await expectAccessible(page);
    });
  });

  it.each(['en', 'sv'] as const)('the profile goes back where the person came from (%s)', async (language) => {
    const text = T[language];
    const context = await clinicianContext(language);
    await withPage(context, `profile-back-${language}`, async (page) => {
      await page.goto('/reflect');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByRole('button', { name: text.menu }).click();
      await page.getByRole('menuitem', { name: text.profile }).click();
      await page.waitForURL((url) => url.pathname === '/profile');
      await page.getByRole('link', { name: text.back, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/reflect');
    });
  });

  it.each(['en', 'sv'] as const)('an unknown address says so on the start page (%s)', async (language) => {
    const context = await newContext(suite.browser, { baseUrl: suite.t.baseUrl, language });
    await withPage(context, `not-found-${language}`, async (page) => {
      await page.goto('/no/such/page');
      await page.waitForURL((url) => url.pathname === '/');
      const notice = page.getByTestId('not-found');
      await notice.waitFor();
      expect(await notice.innerText()).toContain(T[language].notFound);
      expect(await notice.innerText()).toContain('/no/such/page');
      await expectAccessible(page);
      await shot(page, `not-found-${language}`);
    });
    await context.close();
  });
});
