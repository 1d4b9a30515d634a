import type { Browser, BrowserContext } from 'playwright-core';
import type { Language } from '@clari/contracts';
import { signedInContext } from '../support/accounts';
import { startAppWithFakeOpenAi, type TestApp } from '../support/app-harness';
import { expectAccessible, launchBrowser, screenshot, withPage } from '../support/browser';
import type { FakeOpenAi } from '../support/fake-openai';

const T = {
  en: {
    start: 'Start exploring',
    message: 'Message to Clari',
    stop: 'Stop the reply',
    send: 'Send message',
    ask: 'What matters to me with my family is closeness.',
    reply:
      'Closeness with your family sounds like a value that guides many of your choices. When did you last feel really close to them, and what were you doing together at that moment?',
  },
  sv: {
    start: 'Börja utforska',
    message: 'Meddelande till Clari',
    stop: 'Stoppa svaret',
    send: 'Skicka meddelande',
    ask: 'Det som är viktigt för mig med familjen är närhet.',
    reply:
      'Närhet till familjen låter som en värdering som styr många av dina val. När kände du dig senast riktigt nära dem, och vad gjorde ni tillsammans just då?',
  },
} as const;

describe('a streamed reply in the browser', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    ({ t, fake } = await startAppWithFakeOpenAi('streaming-e2e', { listen: true, env: { RATE_LIMIT_SCALE: '20' } }));
    fake.streamDelayMs = 40;
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await fake?.stop();
  });

  it.each(['en', 'sv'] as const)(
    'in %s: the reply appears in parts, Thinking… only before the first words, and the send button comes back',
    async (language: Language) => {
      const text = T[language];
      context = await signedInContext(browser, t, language);
      await withPage(context, `streaming-${language}`, async (page) => {
        await page.goto('/valueexplorer');
        await page.getByRole('link', { name: text.start }).click();
        await page.getByTestId('area-card-family').getByRole('button').first().click();
        await page.waitForURL((url) => url.pathname === '/valueexplorer/edit');
        await page.getByTestId('chat-message-assistant').first().waitFor();

        fake.script('chat', { json: { risk: 'none', reply: text.reply, suggestions: [], phase: 'values' } });
        // Every text the reply being written shows, in order (recorded in the page as it changes).
        await page.evaluate(() => {
          const seen: string[] = [];
          (window as unknown as { streamedTexts: string[] }).streamedTexts = seen;
          new MutationObserver(() => {
            const writing = document.querySelector('[data-streaming="true"]');
            const current = writing?.textContent ?? '';
            if (current && seen[seen.length - 1] !== current) seen.push(current);
          }).observe(document.body, { subtree: true, childList: true, characterData: true });
        });
        const input = page.getByRole('textbox', { name: text.message });
        await input.fill(text.ask);
        await input.press('Enter');
        await page.locator('[data-streaming="true"]').waitFor();
        expect(await page.getByTestId('chat-thinking').count()).toBe(0);
        await page.getByRole('button', { name: text.stop }).waitFor();
        await expectAccessible(page);
        await screenshot(page, `streaming-${language}`);
        await page.getByRole('button', { name: text.send }).waitFor();
        const final = page.getByTestId('chat-message-assistant').filter({ hasText: text.reply.slice(0, 40) });
        await final.waitFor();
        expect(await page.locator('[data-streaming="true"]').count()).toBe(0);
        const seen = await page.evaluate(() => (window as unknown as { streamedTexts: string[] }).streamedTexts);
        expect(seen.length).toBeGreaterThanOrEqual(3);
        for (let index = 1; index < seen.length; index++)
          expect(seen[index].length).toBeGreaterThan(seen[index - 1].length);
      });
    },
  );
});
