import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signedInContext } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app-harness';
import { expectAccessible, launchBrowser, newContext, screenshot, withPage, dialogShown } from '../support/browser';
import { sendChatMessage } from '../support/chat';

const T = {
  en: {
    title: 'Reflect',
    topic: 'Your Day',
    otherTopic: 'Habit',
    empty: 'No reflections yet',
    message: 'Message to Clari',
    greeting: 'Let’s look back at your day together.',
    answers: [
      'I had a long meeting with my boss about the budget. I was exhausted afterwards.',
      'I felt nervous about the budget and then relieved.',
      'I will take a walk after work tomorrow.',
    ],
    clarify: 'Clarify',
    noSummary: 'No summary yet',
    noTakeaways: 'No takeaways yet',
    summaryTitle: 'Your day: Budget',
    areas: ['Career and work', 'Finances'],
    tag: '#budget',
    takeaways: ['Take a walk after work tomorrow', 'What mattered today'],
    editReflection: 'Edit reflection',
    titleLabel: 'Title',
    contentLabel: 'Reflection (Markdown)',
    tagsLabel: 'Tags',
    tagsPlaceholder: 'stress, work, mindfulness',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    confirmTakeaway: 'Are you sure you want to delete this takeaway?',
    confirmReflection: 'Are you sure you want to delete this reflection?',
    newTitle: 'My budget day',
    newTags: 'budget, walking, , calm ',
    tagChips: ['#budget', '#walking', '#calm'],
    addedLine: 'Tomorrow will be calmer.',
    editTakeaway: (title: string) => `Edit takeaway “${title}”`,
    saveTakeaway: 'Save takeaway',
    takeawayTitle: 'Takeaway title',
    newTakeaway: 'Walk after work',
    deleteTakeaway: (title: string) => `Delete takeaway “${title}”`,
    deleteReflection: (title: string) => `Delete the reflection “${title}”`,
    tooLong: 'The title can be at most 200 characters long.',
    back: 'Back to Reflect',
    more: 'Show more reflections',
    bulkTitle: 'Evening walk',
    bulkText: 'I walked by the water and thought about the week.',
  },
  sv: {
    title: 'Reflektera',
    topic: 'En konflikt',
    otherTopic: 'En vana',
    empty: 'Inga reflektioner än',
    message: 'Meddelande till Clari',
    greeting: 'Låt oss titta på en konflikt tillsammans',
    answers: [
      'Min sambo och jag bråkade om disken igen.',
      'Jag tyckte att det var orättvist, hon tyckte att jag överreagerade.',
      'Jag behövde hjälp och uppskattning. Jag ska prata med henne på söndag.',
    ],
    clarify: 'Förtydliga',
    noSummary: 'Ingen sammanfattning än',
    noTakeaways: 'Inga insikter än',
    summaryTitle: 'En konflikt: Min sambo och jag bråkade om disken igen',
    areas: ['Kärleksrelationer'],
    tag: '#bråkade',
    takeaways: ['Prata med henne på söndag', 'Det vi båda behövde'],
    editReflection: 'Redigera reflektionen',
    titleLabel: 'Titel',
    contentLabel: 'Reflektion (Markdown)',
    tagsLabel: 'Taggar',
    tagsPlaceholder: 'stress, arbete, mindfulness',
    save: 'Spara',
    cancel: 'Avbryt',
    delete: 'Ta bort',
    confirmTakeaway: 'Är du säker på att du vill ta bort den här insikten?',
    confirmReflection: 'Är du säker på att du vill ta bort den här reflektionen?',
    newTitle: 'Disken och vi',
    newTags: 'disken, samtal, , lugn ',
    tagChips: ['#disken', '#samtal', '#lugn'],
    addedLine: 'Vi pratar på söndag.',
    editTakeaway: (title: string) => `Redigera insikten ”${title}”`,
    saveTakeaway: 'Spara insikten',
    takeawayTitle: 'Insiktens titel',
    newTakeaway: 'Prata i lugn och ro',
    deleteTakeaway: (title: string) => `Ta bort insikten ”${title}”`,
    deleteReflection: (title: string) => `Ta bort reflektionen ”${title}”`,
    tooLong: 'Titeln får vara högst 200 tecken lång.',
    back: 'Tillbaka till Reflektera',
    more: 'Visa fler reflektioner',
    bulkTitle: 'Kvällspromenad',
    bulkText: 'Jag gick längs vattnet och tänkte på veckan.',
  },
} as const;

const takeawayTitles = (page: Page) => page.getByTestId('takeaway-card').locator('h3').allTextContents();

describe('Reflect in the browser', () => {
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

  it('sends visitors to the login', async () => {
    const context = await newContext(browser, { baseUrl: t.baseUrl, language: 'en' });
    await withPage(context, 'reflect-visitor', async (page) => {
      await page.goto('/reflect/id/3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f');
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

    it('topic → conversation → Clarify → summary and takeaways → edit both → delete a takeaway and a reflection → reload keeps it', () =>
      withPage(context, `reflect-${language}`, async (page) => {
        await page.goto('/reflect');
        await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
        await page.getByText(text.empty).waitFor();
        expect(await page.locator('[data-testid^="topic-"]').count()).toBe(9);
        await expectAccessible(page);
        await screenshot(page, `reflect-topics-${language}`);

        // A topic creates a placeholder reflection and replaces the route with its own.
        await page.getByRole('button', { name: text.topic, exact: true }).click();
        await page.waitForURL((url) => url.pathname.startsWith('/reflect/id/'));
        const reflectionUrl = page.url();
        await page.getByRole('heading', { level: 1, name: text.topic, exact: true }).waitFor();
        await page.getByTestId('chat-message-assistant').filter({ hasText: text.greeting }).waitFor();
        await page.getByTestId('summary-state').getByText(text.noSummary, { exact: true }).waitFor();
        await page.getByTestId('takeaways-state').getByText(text.noTakeaways, { exact: true }).waitFor();
        const clarify = page.getByRole('button', { name: text.clarify, exact: true });
        await clarify.waitFor();
        // Enabled once the chat is ready; checked after its colour has faded in.
        await page.waitForFunction((name) => {
          const button = [...document.querySelectorAll('button')].find((element) => element.textContent === name);
          return !!button && !button.disabled && getComputedStyle(button).backgroundColor === 'rgb(47, 111, 106)';
        }, text.clarify);
        await expectAccessible(page);
        await screenshot(page, `reflect-new-${language}`);

        for (const answer of text.answers) await sendChatMessage(page, text.message, answer);

        // Clarify: Clari writes the reflection and takeaways from the user's words; the SPA saves them.
        expect(await clarify.isEnabled()).toBe(true);
        await clarify.click();
        await clarify.waitFor({ state: 'detached' });
        const card = page.getByTestId('summary-card');
        await card.waitFor();
        await card.getByText(text.summaryTitle, { exact: true }).waitFor();
        await page.getByRole('heading', { level: 1, name: text.summaryTitle }).waitFor();
        for (const area of text.areas) await card.getByText(area, { exact: true }).waitFor();
        await card.getByText(text.tag, { exact: true }).waitFor();
        await card.getByText(text.answers[0]).waitFor();
        await page.getByTestId('takeaway-card').nth(1).waitFor();
        expect(await takeawayTitles(page)).toEqual(text.takeaways);
        await expectAccessible(page);
        await screenshot(page, `reflect-summary-${language}`);

        // Edit the reflection: a title over the limit is refused, then title, content and tags are saved.
        await card.getByRole('button', { name: text.editReflection }).click();
        const title = card.getByRole('textbox', { name: text.titleLabel });
        await title.fill('x'.repeat(201));
        await card.getByRole('button', { name: text.save, exact: true }).click();
        await card.getByText(text.tooLong).waitFor();
        await title.fill(text.newTitle);
        const content = card.getByRole('textbox', { name: text.contentLabel });
        await content.fill(`${await content.inputValue()}\n\n${text.addedLine}`);
        const tags = card.getByRole('textbox', { name: text.tagsLabel });
        expect(await tags.getAttribute('placeholder')).toBe(text.tagsPlaceholder);
        await tags.fill(text.newTags);
        await expectAccessible(page);
        await screenshot(page, `reflect-edit-${language}`);
        await card.getByRole('button', { name: text.save, exact: true }).click();
        await card.getByTestId('summary-title').getByText(text.newTitle, { exact: true }).waitFor();
        await page.getByRole('heading', { level: 1, name: text.newTitle }).waitFor();
        await card.getByText(text.addedLine).waitFor();
        // Split on commas, trimmed, the empty one dropped.
        await card.getByText(text.tagChips[1], { exact: true }).waitFor();
        expect(await card.getByTestId('tag-chips').locator('li').allTextContents()).toEqual(text.tagChips);

        // Edit a takeaway inline: the toggle saves it.
        await page.getByRole('button', { name: text.editTakeaway(text.takeaways[0]) }).click();
        const takeawayTitle = page.getByRole('textbox', { name: text.takeawayTitle });
        await takeawayTitle.fill(text.newTakeaway);
        await page.getByRole('button', { name: text.saveTakeaway }).click();
        await takeawayTitle.waitFor({ state: 'detached' });
        expect(await takeawayTitles(page)).toEqual([text.newTakeaway, text.takeaways[1]]);

        // Delete a takeaway: declining keeps it, confirming deletes it.
        await page.getByRole('button', { name: text.deleteTakeaway(text.takeaways[1]) }).click();
        await dialogShown(page);
        await page.getByRole('dialog').getByText(text.confirmTakeaway).waitFor();
        await expectAccessible(page);
        await page.getByRole('dialog').getByRole('button', { name: text.cancel }).click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        expect(await takeawayTitles(page)).toEqual([text.newTakeaway, text.takeaways[1]]);
        await page.getByRole('button', { name: text.deleteTakeaway(text.takeaways[1]) }).click();
        await page.getByRole('dialog').getByRole('button', { name: text.delete, exact: true }).click();
        await page.getByTestId('takeaway-card').nth(1).waitFor({ state: 'detached' });
        expect(await takeawayTitles(page)).toEqual([text.newTakeaway]);

        // Everything is kept across a reload; with a summary there is no Clarify button.
        await page.reload();
        await page.getByRole('heading', { level: 1, name: text.newTitle }).waitFor();
        await page.getByTestId('summary-card').getByText(text.addedLine).waitFor();
        await page.getByTestId('takeaway-card').first().waitFor();
        expect(await takeawayTitles(page)).toEqual([text.newTakeaway]);
        await page.getByTestId('chat-message-user').filter({ hasText: text.answers[0] }).waitFor();
        expect(await page.getByRole('button', { name: text.clarify, exact: true }).count()).toBe(0);
        expect(page.url()).toBe(reflectionUrl);

        // A topic clicked and left without a word leaves nothing in the list.
        await page.getByRole('link', { name: text.back }).click();
        await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
        await page.getByRole('button', { name: text.otherTopic, exact: true }).click();
        await page.waitForURL((url) => url.pathname.startsWith('/reflect/id/'));
        await page.getByRole('heading', { level: 1, name: text.otherTopic, exact: true }).waitFor();
        await page.getByTestId('chat-message-assistant').first().waitFor();
        await page.getByRole('link', { name: text.back }).click();
        await page.getByTestId('reflection-item').first().waitFor();
        expect(await page.getByTestId('reflection-item').locator('h3').allTextContents()).toEqual([text.newTitle]);

        // A second reflection the user wrote in stays; back in the list, delete it (declined once, then confirmed).
        await page.getByRole('button', { name: text.otherTopic, exact: true }).click();
        await page.waitForURL((url) => url.pathname.startsWith('/reflect/id/'));
        await page.getByTestId('chat-message-assistant').first().waitFor();
        await sendChatMessage(page, text.message, text.answers[0]);
        await page.getByRole('link', { name: text.back }).click();
        await page.getByTestId('reflection-item').nth(1).waitFor();
        expect(await page.getByTestId('reflection-item').locator('h3').allTextContents()).toEqual([
          text.otherTopic,
          text.newTitle,
        ]);
        const kept = page.getByTestId('reflection-item').filter({ hasText: text.newTitle });
        for (const area of text.areas) await kept.getByText(area, { exact: true }).waitFor();
        await kept.getByText(text.tagChips[1], { exact: true }).waitFor();
        await expectAccessible(page);
        await screenshot(page, `reflect-list-${language}`);

        await page.getByRole('button', { name: text.deleteReflection(text.otherTopic) }).click();
        await dialogShown(page);
        await page.getByRole('dialog').getByText(text.confirmReflection).waitFor();
        await expectAccessible(page);
        await page.getByRole('dialog').getByRole('button', { name: text.cancel }).click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        expect(await page.getByTestId('reflection-item').count()).toBe(2);
        await page.getByRole('button', { name: text.deleteReflection(text.otherTopic) }).click();
        await page.getByRole('dialog').getByRole('button', { name: text.delete, exact: true }).click();
        await page.getByTestId('reflection-item').nth(1).waitFor({ state: 'detached' });

        await page.reload();
        await page.getByTestId('reflection-item').first().waitFor();
        expect(await page.getByTestId('reflection-item').locator('h3').allTextContents()).toEqual([text.newTitle]);
        // Opening it again shows the saved state.
        await page.getByTestId('reflection-item').first().getByRole('link').click();
        await page.waitForURL(reflectionUrl);
        await page.getByRole('heading', { level: 1, name: text.newTitle }).waitFor();
      }));

    it('pages a long list: the first page, then the rest with Show more, each with its excerpt', () =>
      withPage(context, `reflect-many-${language}`, async (page) => {
        await page.goto('/reflect');
        await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
        // From the API: the page's list may not have loaded yet when the heading shows.
        const before = await page.evaluate(async () => {
          const res = await fetch('/reflect/reflections?limit=100', { headers: { Accept: 'application/json' } });
          return ((await res.json()) as { items: unknown[] }).items.length;
        });
        await page.evaluate(
          async ({ title, content }) => {
            for (let i = 1; i <= 40; i++) {
              const body = {
                title: `${title} ${i}`,
                content: `## ${title}\n${content}`,
                topic: 'your_day',
                lifeAreas: ['health'],
                tags: ['walk'],
              };
              const res = await fetch('/reflect/reflections', {
                method: 'POST',
                headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
                body: JSON.stringify(body),
              });
              if (!res.ok) throw new Error(`create answered ${res.status}`);
            }
          },
          { title: text.bulkTitle, content: text.bulkText },
        );
        await page.reload();
        await page.getByTestId('reflection-item').nth(29).waitFor();
        expect(await page.getByTestId('reflection-item').count()).toBe(30);
        expect(await page.getByTestId('reflection-item').first().locator('h3').textContent()).toBe(
          `${text.bulkTitle} 40`,
        );
        await page.getByTestId('reflection-item').first().getByText(`${text.bulkTitle} ${text.bulkText}`).waitFor();
        await page.getByRole('button', { name: text.more }).click();
        await page
          .getByTestId('reflection-item')
          .nth(before + 39)
          .waitFor();
        expect(await page.getByTestId('reflection-item').count()).toBe(before + 40);
        expect(await page.getByRole('button', { name: text.more }).count()).toBe(0);
        await expectAccessible(page);
        await screenshot(page, `reflect-many-${language}`);
      }));
  });
});
