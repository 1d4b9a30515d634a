import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createUser, makeClinician, signInBrowser, signedInContext } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app-harness';
import { launchBrowser, newContext, withPage } from '../support/browser';
import { waitUntil } from '../support/private-services';
import {
  holdRequests,
  layoutShifts,
  recordLayoutShifts,
  totalShift,
  type RecordedShift,
} from '../support/layout-shift';

/**
 * Parts of a page that come later (the chat panel's code, a Year Compass section) hold their
 * place while they load, so nothing the person is reading moves when they arrive, and the footer
 * waits for them. Each part is held back by the test until the placeholder has been seen, so the
 * order of arrival is the same on any machine. Before this, the Reflect page moved by 0.34
 * (cumulative layout shift, phone size) when its chat panel came, the Year Compass by 0.14.
 */
const PHONE = { width: 412, height: 823 };
/** Google's "good" is 0.1; a page whose late parts hold their place stays near 0. */
const MAX_SHIFT = 0.02;
const CHAT_PANEL_CHUNK = /\/assets\/ChatPanel-[\w-]+\.js$/;

const T = {
  en: { message: 'Message to Clari', next: 'Next section' },
  sv: { message: 'Meddelande till Clari', next: 'Nästa del' },
};

function describeShifts(shifts: RecordedShift[]): string {
  return shifts.map((shift) => `${shift.value.toFixed(4)}: ${shift.moved.join(', ')}`).join('\n') || 'none';
}

async function expectStable(page: Page): Promise<void> {
  const shifts = await layoutShifts(page);
  // The message names what moved, so a failure can be read from the log alone.
  expect({ total: Number(totalShift(shifts).toFixed(4)) <= MAX_SHIFT, shifts: describeShifts(shifts) }).toEqual({
    total: true,
    shifts: describeShifts(shifts),
  });
}

describe('Layout stability', () => {
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

  async function phoneContext(language: 'en' | 'sv'): Promise<BrowserContext> {
    const context = await signedInContext(browser, t, language);
    await recordLayoutShifts(context);
    return context;
  }

  it.each(['en', 'sv'] as const)(
    'Reflect (%s): the chat panel’s place is held while its code loads, and the page does not move when it comes',
    async (language) => {
      const context = await phoneContext(language);
      const chat = await holdRequests(context, CHAT_PANEL_CHUNK);
      await withPage(context, `layout-reflect-${language}`, async (page) => {
        await page.setViewportSize(PHONE);
        await page.goto('/reflect/new_topic/your_day');
        await page.waitForURL((url) => url.pathname.startsWith('/reflect/id/'));
        await waitUntil('the chat panel’s code to be asked for', () => chat.held() > 0);
        await page.getByTestId('chat-loading').waitFor();
        // The footer waits for the panel: painted now, it would be pushed down.
        expect(await page.locator('footer').count()).toBe(0);

        chat.release();
        await page.getByRole('textbox', { name: T[language].message }).waitFor();
        await page.locator('footer').waitFor();
        await expectStable(page);
      });
      await context.close();
    },
  );

  it('Year Compass: the section’s place is held while it loads; the footer and the section buttons come with it', async () => {
    const context = await phoneContext('en');
    // Section 1's read (`/api/yearcompass/section/1?lang=en`), not the other 18.
    const section = await holdRequests(context, /\/api\/yearcompass\/section\/1(\?|$)/);
    await withPage(context, 'layout-year-compass', async (page) => {
      await page.setViewportSize(PHONE);
      await page.goto('/yearcompass/app');
      await waitUntil('section 1 to be asked for', () => section.held() > 0);
      await page.getByTestId('section-loading').waitFor();
      expect(await page.locator('footer').count()).toBe(0);
      expect(await page.getByRole('button', { name: T.en.next }).count()).toBe(0);

      section.release();
      await page.locator('#section-title').waitFor();
      await page.getByRole('button', { name: T.en.next }).waitFor();
      await page.locator('footer').waitFor();
      await expectStable(page);
    });
    await context.close();
  });

  it('Journal: the steps wait for the server’s settings, so the audio step does not grow under the reader', async () => {
    const context = await newContext(browser, { baseUrl: t.baseUrl, language: 'en' });
    const clinician = await createUser(t);
    await makeClinician(t, clinician);
    await signInBrowser(context, t, clinician);
    await recordLayoutShifts(context);
    // The settings say whether recording is on: the audio step shows its recorder or a note that it is off.
    const settings = await holdRequests(context, /\/api\/config$/);
    await withPage(context, 'layout-journal', async (page) => {
      await page.setViewportSize(PHONE);
      await page.goto('/journal');
      await waitUntil('the settings to be asked for', () => settings.held() > 0);
      await page.getByRole('progressbar').first().waitFor();
      expect(await page.locator('footer').count()).toBe(0);

      settings.release();
      await page.getByRole('heading', { name: '2. Transcription' }).waitFor();
      await page.locator('footer').waitFor();
      await expectStable(page);
    });
    await context.close();
  });

  it('Value Explorer (sv): an area’s chat panel holds its place while its code loads', async () => {
    const context = await phoneContext('sv');
    const chat = await holdRequests(context, CHAT_PANEL_CHUNK);
    await withPage(context, 'layout-value-explorer', async (page) => {
      await page.setViewportSize(PHONE);
      await page.goto('/valueexplorer/areas');
      await page.getByTestId('area-card-family').getByRole('button').first().click();
      await page.waitForURL((url) => url.pathname === '/valueexplorer/edit');
      await waitUntil('the chat panel’s code to be asked for', () => chat.held() > 0);
      await page.getByTestId('chat-loading').waitFor();
      expect(await page.locator('footer').count()).toBe(0);

      chat.release();
      await page.getByRole('textbox', { name: T.sv.message }).waitFor();
      await page.locator('footer').waitFor();
      await expectStable(page);
    });
    await context.close();
  });
});
