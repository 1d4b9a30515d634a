import type { Browser } from 'playwright-core';
import { DEMO_INTERVIEW_ID } from '../../migrations/1763684200000-Interview';
import { startTestApp, type TestApp } from '../support/app-harness';
import { expectAccessible, launchBrowser, newContext, screenshot, withPage } from '../support/browser';
import { sendChatMessage } from '../support/chat';

const T = {
  en: {
    title: 'Everyday wellbeing',
    otherTitle: 'Välmående i vardagen',
    otherLanguage: 'Svenska',
    ownLanguage: 'English',
    privacy: 'Your privacy',
    guidelines: 'How it works',
    breaks: 'Taking a break',
    skip: 'Skipping questions',
    accept: 'I have read and accept the interview terms',
    readTerms: 'Read the interview terms',
    termsTitle: 'Interview terms',
    back: 'Back',
    start: 'Start the interview',
    termsRequired: 'Please accept the interview terms to start the interview.',
    continueExisting: 'Continue an existing interview',
    codeLabel: 'Session code',
    continue: 'Continue',
    invalidToken: 'Please enter a valid 6-digit session code',
    tokenNotFound: 'Session not found. Please check your code and try again.',
    inProgress: 'In progress',
    completed: 'Completed',
    completedNotice: 'The interview is complete. Thank you for taking part!',
    message: 'Message to Clari',
    question: (n: number) => `Question ${n} of 5:`,
    answers: [
      'A good day starts with a slow breakfast and a walk in the park. I feel calm then.',
      'When I feel stressed I call a friend or go for a run along the river.',
      'Skip this question',
      'Long working days and too many meetings make it hard to rest.',
      'Reminders to take breaks and to go to bed on time would help me most.',
    ],
    skipped: 'That’s fine, let’s skip that one.',
    closing: 'the interview is complete',
    sessionNotFound: 'Session not found',
    month: /\b(January|February|March|April|May|June|July|August|September|October|November|December)\b/,
  },
  sv: {
    title: 'Välmående i vardagen',
    otherTitle: 'Everyday wellbeing',
    otherLanguage: 'English',
    ownLanguage: 'Svenska',
    privacy: 'Din integritet',
    guidelines: 'Så går det till',
    breaks: 'Ta en paus',
    skip: 'Hoppa över frågor',
    accept: 'Jag har läst och godkänner villkoren för intervjun',
    readTerms: 'Läs villkoren för intervjun',
    termsTitle: 'Villkor för intervjun',
    back: 'Tillbaka',
    start: 'Starta intervjun',
    termsRequired: 'Godkänn villkoren för intervjun för att starta den.',
    continueExisting: 'Fortsätt en påbörjad intervju',
    codeLabel: 'Sessionskod',
    continue: 'Fortsätt',
    invalidToken: 'Ange en giltig sexsiffrig sessionskod',
    tokenNotFound: 'Sessionen hittades inte. Kontrollera koden och försök igen.',
    inProgress: 'Pågår',
    completed: 'Klar',
    completedNotice: 'Intervjun är klar. Tack för att du deltog!',
    message: 'Meddelande till Clari',
    question: (n: number) => `Fråga ${n} av 5:`,
    answers: [
      'En bra dag börjar med en lugn frukost och en promenad i parken. Då känner jag mig lugn.',
      'När jag är stressad ringer jag en vän eller springer längs ån.',
      'Hoppa över frågan',
      'Långa arbetsdagar och för många möten gör det svårt att vila.',
      'Påminnelser om att ta pauser och att gå och lägga mig i tid skulle hjälpa mest.',
    ],
    skipped: 'Det går bra, vi hoppar över den.',
    closing: 'intervjun är klar',
    sessionNotFound: 'Sessionen hittades inte',
    month: /\b(januari|februari|mars|april|maj|juni|juli|augusti|september|oktober|november|december)\b/,
  },
} as const;

describe('the anonymous interview in the browser', () => {
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

  describe.each(['en', 'sv'] as const)('in %s', (language) => {
    const text = T[language];

    it('a visitor accepts the terms, starts, answers, leaves, comes back with the 6-digit code and finishes', async () => {
      const context = await newContext(browser, { baseUrl: t.baseUrl, language });
      await withPage(context, `interview-${language}`, async (page) => {
        await page.goto(`/interview/${DEMO_INTERVIEW_ID}`);
        await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
        for (const heading of [text.privacy, text.guidelines, text.breaks, text.skip])
          await page.getByRole('heading', { level: 2, name: heading }).waitFor();
        expect(await page.getByTestId('interview-privacy').textContent()).toMatch(/30/);

        // The language toggle switches the page and back.
        const toggle = page.getByTestId('interview-language');
        expect(await toggle.getByRole('button', { name: text.ownLanguage }).getAttribute('aria-pressed')).toBe('true');
        await toggle.getByRole('button', { name: text.otherLanguage }).click();
        await page.getByRole('heading', { level: 1, name: text.otherTitle }).waitFor();
        await toggle.getByRole('button', { name: text.ownLanguage }).click();
        await page.getByRole('heading', { level: 1, name: text.title }).waitFor();

        // Start stays disabled, and says why, until the terms are accepted.
        const start = page.getByRole('button', { name: text.start });
        expect(await start.isDisabled()).toBe(true);
        await page.getByTestId('interview-terms-required').getByText(text.termsRequired).waitFor();
        await expectAccessible(page);
        await screenshot(page, `interview-welcome-${language}`);

        // The terms view, and back.
        await page.getByRole('button', { name: text.readTerms }).click();
        await page.getByRole('heading', { level: 1, name: text.termsTitle }).waitFor();
        expect(await page.locator('li').count()).toBeGreaterThanOrEqual(6);
        await expectAccessible(page);
        await screenshot(page, `interview-terms-${language}`);
        await page.getByRole('button', { name: text.back }).click();
        await page.getByRole('heading', { level: 1, name: text.title }).waitFor();

        await page.getByRole('checkbox', { name: text.accept }).check();
        expect(await start.isEnabled()).toBe(true);
        expect(await page.getByTestId('interview-terms-required').count()).toBe(0);
        await start.click();
        await page.waitForURL(new RegExp(`/interview/${DEMO_INTERVIEW_ID}/[0-9a-f-]{36}$`));
        const sessionUrl = new URL(page.url()).pathname;

        // The session page: title, code, status (started on load), start time, and the chat.
        await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
        const token = ((await page.getByTestId('interview-token').textContent()) ?? '').trim();
        expect(token).toMatch(/^\d{6}$/);
        await page
          .locator(`[data-testid="interview-status"][data-status="in_progress"]`)
          .getByText(text.inProgress)
          .waitFor();
        expect(await page.getByTestId('interview-started').textContent()).toMatch(text.month);
        await page.getByTestId('chat-message-assistant').first().getByText(text.question(1)).waitFor();
        expect(await page.getByRole('button', { name: /Record|Spela in/ }).count()).toBe(0);
        expect(await page.getByRole('button', { name: /Clear conversation|Rensa samtalet/ }).count()).toBe(0);
        expect(await page.getByTestId('chat-messages').evaluate((element) => getComputedStyle(element).height)).toBe(
          '400px',
        );
        await page.getByTestId('interview-code-hint').waitFor();

        expect(await sendChatMessage(page, text.message, text.answers[0])).toContain(text.question(2));
        await expectAccessible(page);
        await screenshot(page, `interview-session-${language}`);
        expect(await sendChatMessage(page, text.message, text.answers[1])).toContain(text.question(3));

        // The toggle on a running interview moves Clari too: a question about the question is answered in the other language.
        const other = language === 'en' ? 'sv' : 'en';
        const patched = page.waitForResponse(
          (response) => response.request().method() === 'PATCH' && response.url().includes('/session/'),
        );
        await page.getByTestId('interview-language').getByRole('button', { name: text.otherLanguage }).click();
        await patched;
        await page.waitForFunction((lang) => document.documentElement.lang === lang, other);
        const explained = await sendChatMessage(
          page,
          other === 'sv' ? 'Meddelande till Clari' : 'Message to Clari',
          other === 'sv' ? 'Vad menar du?' : 'What do you mean?',
        );
        expect(explained).toMatch(other === 'sv' ? /Självklart/ : /Of course/);
        const patchedBack = page.waitForResponse(
          (response) => response.request().method() === 'PATCH' && response.url().includes('/session/'),
        );
        await page.getByTestId('interview-language').getByRole('button', { name: text.ownLanguage }).click();
        await patchedBack;
        await page.waitForFunction((lang) => document.documentElement.lang === lang, language);

        // Leaving, then coming back with the code.
        await page.goto('/');
        await page.goto(`/interview/${DEMO_INTERVIEW_ID}`);
        await page.getByRole('button', { name: text.continueExisting }).click();
        const code = page.getByRole('textbox', { name: text.codeLabel });
        expect(await code.getAttribute('placeholder')).toBe('123456');
        expect(await code.getAttribute('maxlength')).toBe('6');
        await code.fill('123');
        await page.getByRole('button', { name: text.continue }).click();
        await page.getByTestId('interview-token-error').getByText(text.invalidToken).waitFor();
        await expectAccessible(page);
        await screenshot(page, `interview-token-${language}`);
        // Typing clears the error.
        await code.press('4');
        expect(await page.getByTestId('interview-token-error').count()).toBe(0);
        const wrong = String((Number(token) + 500_001) % 1_000_000).padStart(6, '0');
        await code.fill(wrong);
        await page.getByRole('button', { name: text.continue }).click();
        await page.getByTestId('interview-token-error').getByText(text.tokenNotFound).waitFor();
        await code.fill(token);
        await page.getByRole('button', { name: text.continue }).click();
        await page.waitForURL((url) => url.pathname === sessionUrl);
        await page.getByTestId('chat-message-user').filter({ hasText: text.answers[1] }).waitFor();
        expect(await page.getByTestId('interview-token').textContent()).toBe(token);

        expect(await sendChatMessage(page, text.message, text.answers[2])).toContain(text.skipped);
        expect(await sendChatMessage(page, text.message, text.answers[3])).toContain(text.question(5));
        expect(await sendChatMessage(page, text.message, text.answers[4])).toContain(text.closing);

        // isComplete → completed, shown; the chat takes no more messages.
        await page
          .locator(`[data-testid="interview-status"][data-status="completed"]`)
          .getByText(text.completed)
          .waitFor();
        await page.getByTestId('interview-completed').getByText(text.completedNotice).waitFor();
        expect(await page.getByRole('textbox', { name: text.message }).isDisabled()).toBe(true);
        // Completed: no more asking to write the code down.
        expect(await page.getByTestId('interview-code-hint').count()).toBe(0);
        // A long conversation scrolls inside the chat: nothing of it stretches the page below the footer.
        expect(
          await page.evaluate(
            () =>
              document.documentElement.scrollHeight -
              Math.ceil(document.querySelector('footer')!.getBoundingClientRect().bottom + window.scrollY),
          ),
        ).toBeLessThanOrEqual(0);
        await expectAccessible(page);
        await screenshot(page, `interview-completed-${language}`);

        // Reloaded, the completed session stays completed with its whole conversation.
        await page.reload();
        await page.locator(`[data-testid="interview-status"][data-status="completed"]`).waitFor();
        await page.getByTestId('chat-message-user').filter({ hasText: text.answers[4] }).waitFor();
      });
      await context.close();
    });

    it('shows “Session not found” for an unknown session', async () => {
      const context = await newContext(browser, { baseUrl: t.baseUrl, language });
      await withPage(context, `interview-missing-${language}`, async (page) => {
        await page.goto(`/interview/${DEMO_INTERVIEW_ID}/00000000-0000-4000-8000-000000000000`);
        await page.getByTestId('interview-session-error').getByText(text.sessionNotFound, { exact: true }).waitFor();
        await expectAccessible(page);
      });
      await context.close();
    });
  });
});
