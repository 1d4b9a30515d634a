import type { BrowserContext, Page } from 'playwright-core';
import type { Language } from '@clari/contracts';
import { createUser, makeClinician, signInBrowser, type TestUser } from '../support/accounts';
import { expectAccessible, newContext, screenshot, settleAnimations, withPage } from '../support/browser';
import { browserSuite } from '../support/browser-suite';

/**
 * Nothing typed is lost (issue 32): with the server unreachable while someone writes, each
 * editor says the text is not saved, keeps it through a reload, and saves it once the server
 * answers again. The server is made unreachable by aborting the page's API requests.
 */
const T = {
  en: {
    retrying: 'Not saved — retrying. Your text is kept on this device.',
    saved: 'All changes saved',
    failure: 'Your changes could not be saved. We will keep trying.',
    restored: 'Your unsaved text from this device is back. It is being saved.',
    boxText: 'Midsummer by the lake, typed while the server was away.',
    editReflection: 'Edit reflection',
    reflectionTitle: 'Title',
    newTitle: 'Walking after work, written offline',
    fullName: 'Full name',
    newName: 'Elin Offline',
    transcription: 'Transcription',
    transcript: 'Clinician: How was the week?\nPatient: Calmer than before.',
    transcriptRestored: 'Your transcript from before the reload is back.',
    kept: 'Kept in this browser tab only, until you close it.',
  },
  sv: {
    retrying: 'Inte sparat – försöker igen. Din text finns kvar på den här enheten.',
    saved: 'Alla ändringar är sparade',
    failure: 'Dina ändringar kunde inte sparas. Vi fortsätter att försöka.',
    restored: 'Din osparade text från den här enheten är tillbaka och sparas nu.',
    boxText: 'Midsommar vid sjön, skrivet medan servern var borta.',
    editReflection: 'Redigera reflektionen',
    reflectionTitle: 'Titel',
    newTitle: 'Promenader efter jobbet, skrivet utan anslutning',
    fullName: 'Fullständigt namn',
    newName: 'Elin Utan Nät',
    transcription: 'Transkribering',
    transcript: 'Kliniker: Hur har veckan varit?\nPatient: Lugnare än förut.',
    transcriptRestored: 'Transkriberingen från före omladdningen är tillbaka.',
    kept: 'Sparas bara i den här webbläsarfliken, tills du stänger den.',
  },
} as const;

const VIEWPORTS = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;
type Viewport = keyof typeof VIEWPORTS;

const suite = browserSuite();

/** The server unreachable for the page: every API call (fetch) fails as without a connection. */
async function serverDown(page: Page): Promise<void> {
  await page.route('**/*', (route) =>
    route.request().resourceType() === 'fetch' || route.request().resourceType() === 'xhr'
      ? route.abort('internetdisconnected')
      : route.fallback(),
  );
}

/** The server answers again, and the browser says it is back online. */
async function serverBack(page: Page): Promise<void> {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

async function saveState(page: Page, state: string, testId = 'save-status'): Promise<void> {
  await page.locator(`[data-testid="${testId}"][data-state="${state}"]`).first().waitFor({ timeout: 15_000 });
}

/** A signed-in person in `language` at the viewport's size. */
async function personContext(
  language: Language,
  viewport: Viewport,
  options: { clinician?: boolean } = {},
): Promise<{ context: BrowserContext; user: TestUser }> {
  const context = await newContext(suite.browser, { baseUrl: suite.t.baseUrl, language });
  const user = await createUser(suite.t, { language, fullName: 'Elin Test' });
  if (options.clinician) await makeClinician(suite.t, user);
  await signInBrowser(context, suite.t, user);
  return { context, user };
}

/** Reloads with the server still unreachable; the browser's "leave the page?" is answered yes. */
async function reloadWhileDown(page: Page): Promise<void> {
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
}

const shot = (page: Page, name: string) => settleAnimations(page).then(() => screenshot(page, name));

describe('nothing typed is lost while the server is unreachable', () => {
  jest.setTimeout(120_000);

  it.each([
    ['en', 'desktop'],
    ['sv', 'phone'],
  ] as const)(
    'Year Compass (%s, %s): a box is told unsaved, survives a reload, and is saved later',
    async (language, viewport) => {
      const text = T[language];
      const { context, user } = await personContext(language, viewport);
      await withPage(context, `drafts-yc-${language}-${viewport}`, async (page) => {
        await page.setViewportSize(VIEWPORTS[viewport]);
        await page.goto('/yearcompass/app');
        const box = page.getByTestId('box-s1_calendar');
        await box.getByTestId('box-edit').waitFor();
        await saveState(page, 'saved');

        await serverDown(page);
        await box.getByTestId('box-edit').click();
        await box.getByTestId('box-textarea').fill(text.boxText);
        await saveState(page, 'retrying');
        expect(await page.getByTestId('save-status').innerText()).toBe(text.retrying);
        await page.getByTestId('toast').filter({ hasText: text.failure }).waitFor();
        expect(await box.getByTestId('box-unsaved').getAttribute('data-state')).toBe('retrying');
        await expectAccessible(page);
        await shot(page, `drafts-yc-offline-${language}-${viewport}`);

        await reloadWhileDown(page);
        await serverBack(page);
        await box.getByTestId('box-content').filter({ hasText: text.boxText }).waitFor({ timeout: 30_000 });
        await page.getByTestId('toast').filter({ hasText: text.restored }).waitFor();
        await saveState(page, 'saved');
        expect(await page.getByTestId('save-status').innerText()).toBe(text.saved);
        await shot(page, `drafts-yc-restored-${language}-${viewport}`);

        const stored = await user.agent.get(`/api/yearcompass/section/1?lang=${language}`).expect(200);
        const boxes = (stored.body as { boxes: Array<{ id: string; content: string }> }).boxes;
        expect(boxes.find((item) => item.id === 's1_calendar')?.content).toBe(text.boxText);
        expect(
          await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('clari.draft.'))),
        ).toEqual([]);
      });
      await context.close();
    },
  );

  it.each([
    ['sv', 'desktop'],
    ['en', 'phone'],
  ] as const)(
    'Reflect (%s, %s): the summary form is told unsaved, survives a reload, and is saved later',
    async (language, viewport) => {
      const text = T[language];
      const { context, user } = await personContext(language, viewport);
      const created = await user.agent
        .post('/reflect/reflections')
        .send({
          title: 'Walking',
          content: '## The habit\n\nI walk after work.',
          topic: 'habit',
          lifeAreas: [],
          tags: [],
        })
        .expect(201);
      const id = (created.body as { id: string }).id;
      await withPage(context, `drafts-reflect-${language}-${viewport}`, async (page) => {
        await page.setViewportSize(VIEWPORTS[viewport]);
        await page.goto(`/reflect/id/${id}`);
        await page.getByTestId('summary-card').waitFor();
        await saveState(page, 'saved');

        await serverDown(page);
        await page.getByRole('button', { name: text.editReflection }).click();
        await page.getByRole('textbox', { name: text.reflectionTitle, exact: true }).fill(text.newTitle);
        await saveState(page, 'retrying');
        expect(await page.getByTestId('save-status').innerText()).toBe(text.retrying);
        await page.getByTestId('toast').filter({ hasText: text.failure }).waitFor();
        await expectAccessible(page);
        await shot(page, `drafts-reflect-offline-${language}-${viewport}`);

        await reloadWhileDown(page);
        await serverBack(page);
        const title = page.getByRole('textbox', { name: text.reflectionTitle, exact: true });
        await title.waitFor({ timeout: 30_000 });
        expect(await title.inputValue()).toBe(text.newTitle);
        await page.getByTestId('toast').filter({ hasText: text.restored }).waitFor();
        await saveState(page, 'saved');
        await shot(page, `drafts-reflect-restored-${language}-${viewport}`);

        const stored = await user.agent.get(`/reflect/reflections/${id}`).expect(200);
        expect((stored.body as { reflection: { title: string } }).reflection.title).toBe(text.newTitle);
      });
      await context.close();
    },
  );

  it.each([
    ['en', 'phone'],
    ['sv', 'desktop'],
  ] as const)(
    'profile (%s, %s): the name is told unsaved, survives a reload, and is saved later',
    async (language, viewport) => {
      const text = T[language];
      const { context, user } = await personContext(language, viewport);
      await withPage(context, `drafts-profile-${language}-${viewport}`, async (page) => {
        await page.setViewportSize(VIEWPORTS[viewport]);
        await page.goto('/profile');
        const name = page.getByRole('textbox', { name: text.fullName });
        await name.waitFor();
        await saveState(page, 'saved');

        await serverDown(page);
        await name.fill(text.newName);
        await saveState(page, 'retrying');
        expect(await page.getByTestId('save-status').innerText()).toBe(text.retrying);
        await expectAccessible(page);
        await shot(page, `drafts-profile-offline-${language}-${viewport}`);

        await reloadWhileDown(page);
        await serverBack(page);
        await page.getByTestId('toast').filter({ hasText: text.restored }).waitFor({ timeout: 30_000 });
        expect(await name.inputValue()).toBe(text.newName);
        await saveState(page, 'saved');
        await shot(page, `drafts-profile-restored-${language}-${viewport}`);

        const stored = await user.agent.get('/api/profile').expect(200);
        expect((stored.body as { full_name: string }).full_name).toBe(text.newName);
      });
      await context.close();
    },
  );

  it('Journal (en, desktop): the transcript stays in the tab through a reload while the server is away', async () => {
    const text = T.en;
    const { context } = await personContext('en', 'desktop', { clinician: true });
    await withPage(context, 'drafts-journal-en', async (page) => {
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.goto('/journal');
      const transcript = page.getByRole('textbox', { name: text.transcription });
      await transcript.waitFor();
      await serverDown(page);
      await transcript.fill(text.transcript);
      await page.getByText(text.kept).waitFor();
      await reloadWhileDown(page);
      await serverBack(page);
      await transcript.waitFor({ timeout: 30_000 });
      expect(await transcript.inputValue()).toBe(text.transcript);
      await page.getByTestId('toast').filter({ hasText: text.transcriptRestored }).waitFor();
      await shot(page, 'drafts-journal-restored-en');
      // Kept in this tab only: nothing of it in the browser's lasting storage.
      expect(
        await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('clari.draft.journal'))),
      ).toEqual([]);
    });
    await context.close();
  });
});
