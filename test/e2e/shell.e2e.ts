import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, newContext, screenshot, withPage } from '../support/browser';
import { startTestApp, type TestApp } from '../support/app-harness';

const LANGUAGES = ['en', 'sv'] as const;

const TEXT = {
  en: {
    welcome: 'Welcome to Clari',
    signup: 'Create account',
    login: 'Log in',
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
    lastUpdated: 'Last updated: March 2025',
    toggle: 'På svenska',
  },
  sv: {
    welcome: 'Välkommen till Clari',
    signup: 'Skapa konto',
    login: 'Logga in',
    terms: 'Användarvillkor',
    privacy: 'Integritetspolicy',
    lastUpdated: 'Senast uppdaterad: mars 2025',
    toggle: 'In English',
  },
} as const;

/** The facts part 2 requires on the legal pages, as they read in each language. */
const FACTS = {
  en: [
    /24 hours/,
    /stored on servers in the EU/,
    /audio recordings are (never|not) stored/i,
    /chats? (sessions )?(are|is) kept for 24 hours|conversations with Clari are kept for 24 hours/i,
    /no personal identifiers|do not send personal identifiers/i,
    /30 days/,
    /hello@clari\.app/,
    /559000-0000/,
  ],
  sv: [
    /24 timmar/,
    /servrar inom EU/,
    /ljudinspelningar sparas (aldrig|inte)/i,
    /30 dagar/,
    /personuppgift|identifierande/i,
    /hello@clari\.app/,
    /559000-0000/,
  ],
} as const;

/** The FAQ states the same facts in simpler words. */
const FAQ_FACTS = {
  en: [
    /up to 24 hours/,
    /Where is my data stored\? In the EU/,
    /Are my voice recordings saved\? No/,
    /For 24 hours after your last message/,
    /remove names, e-mail addresses, phone numbers and Swedish personal identity numbers/,
    /Up to 30 days/,
    /hello@clari\.app/,
    /559000-0000/,
  ],
  sv: [
    /upp till 24 timmar/,
    /Var lagras mina uppgifter\? Inom EU/,
    /Sparas mina röstinspelningar\? Nej/,
    /I 24 timmar efter ditt senaste meddelande/,
    /tar vi bort namn, e-postadresser, telefonnummer och personnummer/,
    /upp till 30 dagar/,
    /hello@clari\.app/,
    /559000-0000/,
  ],
} as const;

async function bodyText(page: Page): Promise<string> {
  return (await page.locator('main').innerText()).replace(/\s+/g, ' ');
}

describe('app shell, landing and legal pages', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  describe.each(LANGUAGES)('in %s', (language) => {
    let context: BrowserContext;
    const text = TEXT[language];
    beforeAll(async () => {
      context = await newContext(browser, { baseUrl: t.baseUrl, language });
    });
    afterAll(() => context.close());

    it('shows the landing page to a visitor: four inactive tool cards, login instructions and buttons', () =>
      withPage(context, `landing-${language}`, async (page) => {
        await page.goto('/');
        await page.getByRole('heading', { level: 1, name: text.welcome }).waitFor();
        for (const card of ['valueexplorer', 'reflect', 'yearcompass', 'journal']) {
          const locator = page.getByTestId(`card-${card}`);
          await locator.waitFor();
          expect(await locator.getAttribute('data-active')).toBe('false');
          expect(await locator.locator('a').count()).toBe(0);
        }
        expect(await page.getByTestId('card-journal-clinician-only').count()).toBe(0);
        expect(await page.getByRole('navigation', { name: /main navigation|huvudnavigering/i }).count()).toBe(0);
        expect(await page.getByRole('link', { name: text.signup }).getAttribute('href')).toBe('/signup');
        expect(await page.getByRole('link', { name: text.login }).getAttribute('href')).toBe('/login');
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        await expectAccessible(page);
        await screenshot(page, `landing-${language}`);
      }));

    it.each(['terms', 'privacy', 'faq'] as const)(
      'shows /%s with every required fact and the language toggle',
      (kind) =>
        withPage(context, `${kind}-${language}`, async (page) => {
          await page.goto(`/${kind}`);
          await page.getByTestId('legal-last-updated').waitFor();
          expect(await page.getByTestId('legal-last-updated').innerText()).toBe(text.lastUpdated);
          const content = await bodyText(page);
          if (kind !== 'faq') {
            expect(await page.locator('main a[href="/faq"]').count()).toBeGreaterThan(0);
            if (kind === 'terms') expect(await page.locator('main a[href="/privacy"]').count()).toBeGreaterThan(0);
          }
          if (kind === 'faq') {
            expect(content).toMatch(
              language === 'en'
                ? /only see users' names and e-mail addresses in the admin interface/
                : /ser bara användarnas namn och e-postadresser i administrationsgränssnittet/,
            );
          }
          if (kind === 'faq') for (const fact of FAQ_FACTS[language]) expect(content).toMatch(fact);
          else for (const contact of [/hello@clari\.app/, /559000-0000/]) expect(content).toMatch(contact);
          // The contact address can be written to with one click, and the page leads home.
          expect(
            await page.getByTestId('legal-contact').getByRole('link', { name: 'hello@clari.app' }).getAttribute('href'),
          ).toBe('mailto:hello@clari.app');
          expect(
            await page
              .getByTestId('visitor-header')
              .getByRole('link', { name: language === 'en' ? 'Clari – home page' : 'Clari – startsida' })
              .getAttribute('href'),
          ).toBe('/');
          await expectAccessible(page);
          await screenshot(page, `${kind}-${language}`);
          // The toggle switches the page to the other language and back.
          await page.getByTestId('legal-language-toggle').click();
          const other = language === 'en' ? 'sv' : 'en';
          await page.getByText(TEXT[other].lastUpdated).waitFor();
          expect(await page.getByTestId('legal-language-toggle').innerText()).toBe(TEXT[other].toggle);
          await page.getByTestId('legal-language-toggle').click();
          await page.getByText(text.lastUpdated).waitFor();
        }),
    );

    it('states every fact across terms and privacy together', () =>
      withPage(context, `facts-${language}`, async (page) => {
        await page.goto('/terms');
        await page.getByTestId('legal-last-updated').waitFor();
        let combined = await bodyText(page);
        await page.goto('/privacy');
        await page.getByTestId('legal-last-updated').waitFor();
        combined += await bodyText(page);
        for (const fact of FACTS[language]) expect(combined).toMatch(fact);
      }));
  });

  describe('routing', () => {
    let context: BrowserContext;
    beforeAll(async () => {
      context = await newContext(browser, { baseUrl: t.baseUrl });
    });
    afterAll(() => context.close());

    it('sends unknown paths to /', () =>
      withPage(context, 'unknown-path', async (page) => {
        await page.goto('/no/such/page');
        await page.waitForURL((url) => url.pathname === '/');
        await page.getByRole('heading', { level: 1, name: TEXT.en.welcome }).waitFor();
      }));

    it('replaces ?verifyEmail=… with /verify-email?token=…', () =>
      withPage(context, 'verify-email-redirect', async (page) => {
        await page.goto('/?verifyEmail=abc123');
        await page.waitForURL((url) => url.pathname === '/verify-email' && url.searchParams.get('token') === 'abc123');
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/verify-email');
      }));

    it('follows redirectAfterLoad from session storage once, after 50 ms, when at /', () =>
      withPage(context, 'redirect-after-load', async (page) => {
        await page.goto('/terms');
        // The app at /terms reads (and removes) the key when it starts, which can be after the load event.
        await page.getByTestId('legal-last-updated').waitFor();
        await page.evaluate(() => sessionStorage.setItem('redirectAfterLoad', '/privacy'));
        await page.goto('/');
        await page.waitForURL((url) => url.pathname === '/privacy');
        expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLoad'))).toBeNull();
        // Nothing is stored any more, so nothing is scheduled: the landing page stays.
        await page.goto('/');
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/');
      }));

    it('ignores a redirectAfterLoad that points to another site', () =>
      withPage(context, 'redirect-after-load-external', async (page) => {
        await page.goto('/terms');
        await page.getByTestId('legal-last-updated').waitFor();
        await page.evaluate(() => sessionStorage.setItem('redirectAfterLoad', '//evil.example/'));
        await page.goto('/');
        // The app has read (and removed) the value without scheduling anything for another site.
        await page.waitForFunction(() => sessionStorage.getItem('redirectAfterLoad') === null);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(page.url()).toBe(`${t.baseUrl}/`);
      }));

    it('serves API docs next to the app', () =>
      withPage(context, 'api-docs', async (page) => {
        await page.goto('/api/docs');
        await page.getByText('Clari API').first().waitFor();
      }));
  });
});
