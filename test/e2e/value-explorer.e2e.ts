import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signedInContext } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app-harness';
import { expectAccessible, launchBrowser, newContext, screenshot, withPage } from '../support/browser';
import { sendChatMessage } from '../support/chat';

const T = {
  en: {
    welcome: 'Welcome to the Value Explorer',
    start: 'Start exploring',
    areasTitle: 'Choose your life areas',
    family: 'Family',
    health: 'Health and wellbeing',
    generateSummary: 'Generate Summary',
    message: 'Message to Clari',
    send: 'Send message',
    clear: 'Clear conversation',
    clearConfirm: 'Clear',
    greeting: 'Let’s explore',
    values: 'Connection and honesty matter most to me with my family.',
    valuesAdded: 'I’ve added',
    moveOn: 'That is all',
    shortGoal: 'I want to eat dinner together with my family three evenings this week.',
    longGoal: 'In five years I want to have a warm and close home.',
    shortGoalText: 'Eat dinner together with my family three evenings this week',
    obstacleChip: 'Lack of time',
    connection: 'Connection',
    integrity: 'Integrity',
    editGoal: 'Edit goal',
    saveGoal: 'Save goal',
    goalLabel: 'Goal',
    goalTooLong: 'Short-term goal should not exceed 500 characters',
    back: 'Back to life areas',
    remove: 'Remove Health and wellbeing',
    removeTitle: 'Remove Life Area?',
    cancel: 'Cancel',
    confirm: 'Confirm',
    addByHand: 'Add by hand',
    balance: 'Balance',
    filled: 'Filled',
    summaryTitle: 'Your Value Explorer summary',
    generate: 'Generate summary',
    compass: 'Your values compass',
    download: 'Download as Markdown',
    saved: 'All changes saved',
    next: 'Continue to summary',
    record: 'Record a voice message',
    areasMin: 'Please select at least one life area',
    question: 'What do you mean?',
    explained: 'An obstacle is what tends to get in the way',
    noObstacles: 'No obstacles right now',
    step: 'This week I will call my mother on Sunday.',
    closure: 'Here is where you are with',
  },
  sv: {
    welcome: 'Välkommen till Värdeutforskaren',
    start: 'Börja utforska',
    areasTitle: 'Välj dina livsområden',
    family: 'Familj',
    health: 'Hälsa och välmående',
    generateSummary: 'Skapa sammanfattning',
    message: 'Meddelande till Clari',
    send: 'Skicka meddelande',
    clear: 'Rensa samtalet',
    clearConfirm: 'Rensa',
    greeting: 'Låt oss utforska',
    values: 'Samhörighet och ärlighet är viktigast för mig i familjen.',
    valuesAdded: 'Jag har lagt till',
    moveOn: 'Det räcker',
    shortGoal: 'Jag vill äta middag tillsammans med familjen tre kvällar den här veckan.',
    longGoal: 'Om fem år vill jag ha ett varmt och nära hem.',
    shortGoalText: 'Äta middag tillsammans med familjen tre kvällar den här veckan',
    obstacleChip: 'Tidsbrist',
    connection: 'Samhörighet',
    integrity: 'Integritet',
    editGoal: 'Redigera mål',
    saveGoal: 'Spara mål',
    goalLabel: 'Mål',
    goalTooLong: 'Ett kortsiktigt mål får vara högst 500 tecken',
    back: 'Tillbaka till livsområdena',
    remove: 'Ta bort Hälsa och välmående',
    removeTitle: 'Ta bort livsområdet?',
    cancel: 'Avbryt',
    confirm: 'Bekräfta',
    addByHand: 'Lägg till för hand',
    balance: 'Balans',
    filled: 'Ifyllt',
    summaryTitle: 'Din sammanfattning från Värdeutforskaren',
    generate: 'Skapa sammanfattning',
    compass: 'Din värderingskompass',
    download: 'Ladda ner som Markdown',
    saved: 'Alla ändringar är sparade',
    next: 'Fortsätt till sammanfattningen',
    record: 'Spela in ett röstmeddelande',
    areasMin: 'Välj minst ett livsområde',
    question: 'Vad menar du?',
    explained: 'Ett hinder är det som brukar stå i vägen',
    noObstacles: 'Jag ser inga hinder just nu',
    step: 'Den här veckan ska jag ringa mamma på söndag.',
    closure: 'Så här ser det ut för',
  },
} as const;

async function waitSaved(page: Page) {
  await page.locator('[data-testid="save-status"][data-state="saved"]').waitFor();
}

describe('Value Explorer in the browser', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestApp({ listen: true, env: { RATE_LIMIT_SCALE: '20' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows visitors the welcome with a login form that switches to signup', async () => {
    const context = await newContext(browser, { baseUrl: t.baseUrl, language: 'en' });
    await withPage(context, 'value-explorer-visitor', async (page) => {
      await page.goto('/valueexplorer');
      await page.getByRole('heading', { level: 1, name: T.en.welcome }).waitFor();
      await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
      await page
        .getByRole('button', { name: 'Create an account' })
        .or(page.getByRole('button', { name: /Sign up|Create/ }))
        .first()
        .click();
      await page.getByRole('checkbox').waitFor();
      await expectAccessible(page);
      await screenshot(page, 've-welcome-visitor-en');
      await page.goto('/valueexplorer/areas');
      await page.waitForURL((url) => url.pathname === '/login');
    });
    await context.close();
  });

  describe.each(['en', 'sv'] as const)('in %s', (language) => {
    let context: BrowserContext;
    const text = T[language];

    beforeAll(async () => {
      context = await signedInContext(browser, t, language);
    });
    afterAll(() => context.close());

    it('areas → Clari fills values, goals and obstacles → edit limits → remove an area → summary → export → reload keeps everything', () =>
      withPage(context, `value-explorer-${language}`, async (page) => {
        await page.goto('/valueexplorer');
        await page.getByRole('heading', { level: 1, name: text.welcome }).waitFor();
        await screenshot(page, `ve-welcome-${language}`);
        await page.getByRole('link', { name: text.start }).click();
        await page.getByRole('heading', { level: 1, name: text.areasTitle }).waitFor();
        expect(await page.locator('[data-testid^="area-card-"]').count()).toBe(10);
        expect(await page.getByRole('button', { name: text.generateSummary }).isDisabled()).toBe(true);
        expect(await page.getByTestId('summary-hint').textContent()).toBe(text.areasMin);
        await expectAccessible(page);
        await screenshot(page, `ve-areas-empty-${language}`);

        // Clari guides the area and fills the form.
        await page.getByTestId('area-card-family').getByRole('button').first().click();
        await page.waitForURL((url) => url.pathname === '/valueexplorer/edit');
        await page.getByTestId('chat-message-assistant').filter({ hasText: text.greeting }).waitFor();
        await expectAccessible(page);
        // The collapsed "Add by hand" leaves no blank page below the footer.
        const { scrollHeight, footerBottom } = await page.evaluate(() => ({
          scrollHeight: document.documentElement.scrollHeight,
          footerBottom: Math.ceil(
            (document.querySelector('footer')?.getBoundingClientRect().bottom ?? 0) + window.scrollY,
          ),
        }));
        expect(scrollHeight).toBeLessThanOrEqual(footerBottom + 1);
        // Without a transcription provider (the offline default) no microphone is offered.
        expect(await page.getByRole('button', { name: text.record }).count()).toBe(0);
        await sendChatMessage(page, text.message, text.values);
        await page.getByTestId('values-card').getByText(text.connection, { exact: true }).waitFor();
        await page.getByTestId('values-card').getByText(text.integrity, { exact: true }).waitFor();
        await sendChatMessage(page, text.message, text.moveOn);
        await sendChatMessage(page, text.message, text.shortGoal);
        await page.getByTestId('short-goals-card').getByText(text.shortGoalText, { exact: true }).waitFor();
        await sendChatMessage(page, text.message, text.longGoal);
        await page.getByTestId('long-goals-card').waitFor();
        // A suggestion chip sends its text: an obstacle.
        await page.getByRole('button', { name: text.obstacleChip, exact: true }).click();
        await page.getByTestId('obstacles-card').getByText(text.obstacleChip, { exact: true }).waitFor();
        // A question is answered and writes nothing; the chip moves on; the first step closes the area.
        expect(await sendChatMessage(page, text.message, text.question)).toContain(text.explained);
        await page.getByRole('button', { name: text.noObstacles, exact: true }).click();
        await page.getByTestId('chat-thinking').waitFor({ state: 'detached' });
        await page.locator('[data-streaming="true"]').waitFor({ state: 'detached' });
        expect(await sendChatMessage(page, text.message, text.step)).toContain(text.closure);
        expect(await page.getByTestId('values-card').getByText(text.connection, { exact: true }).count()).toBe(1);
        expect(await page.getByTestId('obstacles-card').getByText(text.obstacleChip, { exact: true }).count()).toBe(1);
        expect(await page.getByTestId('obstacles-card').getByText(text.question).count()).toBe(0);
        await screenshot(page, `ve-edit-${language}`);

        // Shift+Enter breaks the line, Enter sends; clear empties the thread.
        const input = page.getByRole('textbox', { name: text.message });
        await input.fill('First line');
        await input.press('Shift+Enter');
        await input.pressSequentially('second line');
        expect(await input.inputValue()).toBe('First line\nsecond line');
        await input.fill('');

        // A goal edited past 500 characters: the counter turns red and the save is refused.
        const goal = page.getByTestId('short-goals-card').getByTestId('goal-item').first();
        await goal.getByRole('button', { name: text.editGoal }).click();
        await goal.getByRole('textbox', { name: text.goalLabel }).fill('x'.repeat(501));
        expect(await goal.getByTestId('goal-counter').getAttribute('data-outside')).toBe('true');
        expect(await goal.getByTestId('goal-counter').textContent()).toBe('501/500');
        await goal.getByRole('button', { name: text.saveGoal }).click();
        await goal.getByText(text.goalTooLong).waitFor();
        await goal.getByRole('textbox', { name: text.goalLabel }).fill(`${text.shortGoalText}!`);
        await goal.getByRole('textbox', { name: text.goalLabel }).press('Enter');
        await goal.getByText(`${text.shortGoalText}!`).waitFor();
        await waitSaved(page);

        // A second area filled by hand, then removed through the dialog.
        await page.getByRole('button', { name: text.back }).first().click();
        await page.getByTestId('area-card-health').getByRole('button').first().click();
        await page.getByRole('button', { name: text.addByHand }).click();
        await page.getByTestId('add-by-hand').getByRole('button', { name: text.balance, exact: true }).click();
        await page.getByTestId('values-card').getByText(text.balance, { exact: true }).waitFor();
        await waitSaved(page);
        await page.getByRole('button', { name: text.back }).first().click();
        expect(await page.getByTestId('area-card-health').getAttribute('data-filled')).toBe('true');
        await page.getByRole('button', { name: text.remove }).click();
        await page.getByRole('dialog', { name: text.removeTitle }).waitFor();
        await expectAccessible(page);
        await page.getByRole('button', { name: text.cancel }).click();
        expect(await page.getByTestId('area-card-health').getAttribute('data-filled')).toBe('true');
        await page.getByRole('button', { name: text.remove }).click();
        await page.getByRole('button', { name: text.confirm }).click();
        await page.locator('[data-testid="area-card-health"][data-filled="false"]').waitFor();
        expect(await page.getByTestId('area-card-family').getAttribute('data-filled')).toBe('true');
        expect(await page.getByTestId('area-progress-family').textContent()).toMatch(/100/);
        await waitSaved(page);
        await screenshot(page, `ve-areas-filled-${language}`);
        // Filled and unfilled cards in one row have their titles on one line.
        const titleTops = await page
          .locator('[data-testid^="area-card-"] h2')
          .evaluateAll((titles) => titles.slice(0, 3).map((title) => Math.round(title.getBoundingClientRect().top)));
        expect(new Set(titleTops).size).toBe(1);

        // Summary, generated by the offline guide, exported as Markdown.
        await page.getByRole('button', { name: text.generateSummary }).click();
        await page.waitForURL((url) => url.pathname === '/valueexplorer/summary');
        await page.getByRole('heading', { level: 1, name: text.summaryTitle }).waitFor();
        // Generate Summary on the areas page writes it: no second click.
        await page.getByRole('heading', { name: text.compass }).waitFor();
        await page.getByTestId('summary').getByRole('heading', { name: text.family }).waitFor();
        await expectAccessible(page);
        await screenshot(page, `ve-summary-${language}`);
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: text.download }).click(),
        ]);
        const markdown = readFileSync((await download.path()) as string, 'utf8');
        expect(markdown).toContain(`## ${text.compass}`);
        expect(markdown).toContain(`${text.shortGoalText}!`);

        // Everything is kept across a reload.
        await page.reload();
        await page.getByRole('heading', { name: text.compass }).waitFor();
        await page.goto('/valueexplorer/areas');
        expect(await page.getByTestId('area-card-family').getAttribute('data-filled')).toBe('true');
        await page.getByTestId('area-card-family').getByRole('button').first().click();
        await page.getByTestId('obstacles-card').getByText(text.obstacleChip, { exact: true }).waitFor();
        await page.getByTestId('chat-message-user').filter({ hasText: text.shortGoal }).waitFor();

        // Clearing the conversation leaves the form as it is.
        await page.getByRole('button', { name: text.clear }).click();
        await page.getByRole('dialog').getByRole('button', { name: text.clearConfirm, exact: true }).click();
        await page.getByTestId('chat-message-user').first().waitFor({ state: 'detached' });
        await page.getByTestId('values-card').getByText(text.connection, { exact: true }).waitFor();
      }));
  });
});
