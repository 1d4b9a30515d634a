import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { yearCompassYears } from '@clari/contracts';
import { signedInContext } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app-harness';
import {
  expectAccessible,
  launchBrowser,
  newContext,
  screenshot,
  settleAnimations,
  withPage,
} from '../support/browser';

const { pastYear, futureYear } = yearCompassYears();

const T = {
  en: {
    title: 'Year Compass',
    start: 'Start your Year Compass',
    signup: 'Create a free account',
    loginRequired: 'Please log in',
    pastHeading: `Past year: ${pastYear}`,
    futureHeading: `Future year: ${futureYear}`,
    sections: 'Sections',
    s1Title: `Look back through ${pastYear}`,
    s1Nav: '1. Your calendar',
    s3Nav: '3. Best moments',
    s3Title: `The best moments of ${pastYear}`,
    s11Nav: '11. In one picture',
    s11Title: `${pastYear} in one picture`,
    s18Nav: '18. A picture ahead',
    s18Title: `${futureYear} in one picture`,
    calendar: 'Month by month',
    standsOut: 'What stands out',
    moments: 'Moments to remember',
    picture11: 'The picture of your year',
    picture18: 'The picture of the year ahead',
    edit: (title: string) => `Edit ${title}`,
    noContent: 'No content yet',
    placeholder: 'Write your thoughts here...',
    saveChanges: 'Save Changes',
    saved: 'Section saved successfully.',
    generate: 'Generate Image',
    upload: 'Upload Image',
    noPicture: 'No picture yet',
    contentFirst: 'Please write something in this box first',
    notImage: 'Please select an image file',
    message: 'Message to Clari',
    print: 'Print or save as PDF',
    markdown: 'Download as Markdown',
    back: 'Back to Year Compass',
    myYearCompass: 'My Year Compass',
    calendarText: 'January: a new job.\nJune: we moved to the coast.',
    standsOutText: 'How much calmer I became.',
    pictureText: 'A small red boat on a quiet lake at dawn',
    clariAnswer: 'Midsummer with my sister by the lake.',
    captionPrefix: 'Picture: ',
    next: 'Next section',
  },
  sv: {
    title: 'Årskompassen',
    start: 'Börja din årskompass',
    signup: 'Skapa ett kostnadsfritt konto',
    loginRequired: 'Logga in',
    pastHeading: `Det gångna året: ${pastYear}`,
    futureHeading: `Det kommande året: ${futureYear}`,
    sections: 'Delar',
    s1Title: `Bläddra tillbaka genom ${pastYear}`,
    s1Nav: '1. Din kalender',
    s3Nav: '3. Bästa stunderna',
    s3Title: `De bästa stunderna under ${pastYear}`,
    s11Nav: '11. I en bild',
    s11Title: `${pastYear} i en bild`,
    s18Nav: '18. En bild framåt',
    s18Title: `${futureYear} i en bild`,
    calendar: 'Månad för månad',
    standsOut: 'Det som sticker ut',
    moments: 'Stunder att minnas',
    picture11: 'Bilden av ditt år',
    picture18: 'Bilden av året som kommer',
    edit: (title: string) => `Redigera ${title}`,
    noContent: 'Inget innehåll ännu',
    placeholder: 'Skriv dina tankar här...',
    saveChanges: 'Spara ändringar',
    saved: 'Delen har sparats.',
    generate: 'Skapa bild',
    upload: 'Ladda upp bild',
    noPicture: 'Ingen bild ännu',
    contentFirst: 'Skriv något i rutan först',
    notImage: 'Välj en bildfil',
    message: 'Meddelande till Clari',
    print: 'Skriv ut eller spara som PDF',
    markdown: 'Ladda ner som Markdown',
    back: 'Tillbaka till Årskompassen',
    myYearCompass: 'Min årskompass',
    calendarText: 'Januari: ett nytt jobb.\nJuni: vi flyttade till kusten.',
    standsOutText: 'Hur mycket lugnare jag blev.',
    pictureText: 'En liten röd båt på en stilla sjö i gryningen',
    clariAnswer: 'Midsommar med min syster vid sjön.',
    captionPrefix: 'Bild: ',
    next: 'Nästa del',
  },
} as const;

type Texts = (typeof T)[keyof typeof T];

const box = (page: Page, id: string) => page.getByTestId(`box-${id}`);

/** Opens a section from the sidebar and waits for its title. */
async function openSection(page: Page, text: Texts, nav: string, title: string) {
  await page.getByRole('navigation', { name: text.sections }).getByRole('button', { name: nav }).click();
  await page.getByRole('heading', { level: 2, name: title }).waitFor();
}

/** Waits until an <img> has loaded real pixels. */
async function expectLoadedImage(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const img = document.querySelector<HTMLImageElement>(sel);
    return !!img && img.complete && img.naturalWidth > 0;
  }, selector);
}

/** Waits for MUI's transitions (ripples, fades) to end before axe checks colours: by their end, not by the clock. */
const settle = (page: Page) => settleAnimations(page);

describe('Year Compass in the browser', () => {
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
    let context: BrowserContext;
    const text = T[language];

    afterEach(() => context?.close());

    it('the landing for visitors: features with computed years, start goes to /login, the app asks to log in', async () => {
      context = await newContext(browser, { baseUrl: t.baseUrl, language });
      await withPage(context, `year-compass-visitor-${language}`, async (page) => {
        await page.goto('/yearcompass');
        await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
        expect(await page.getByTestId('yc-past-grid').locator('> *').count()).toBe(4);
        expect(await page.getByTestId('yc-future-grid').locator('> *').count()).toBe(3);
        await page.getByRole('heading', { level: 2, name: new RegExp(String(pastYear)) }).waitFor();
        await page.getByRole('heading', { level: 2, name: new RegExp(String(futureYear)) }).waitFor();
        await page.getByTestId('yc-beta').waitFor();
        await page.getByTestId('yc-info').waitFor();
        expect(await page.getByRole('link', { name: text.signup }).getAttribute('href')).toBe('/signup');
        await expectAccessible(page);
        await screenshot(page, `yc-landing-visitor-${language}`);
        await page.getByRole('link', { name: text.start }).click();
        await page.waitForURL((url) => url.pathname === '/login');

        await page.goto('/yearcompass/app');
        await page.getByTestId('login-required').getByRole('heading', { name: text.loginRequired }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/yearcompass/app');
        await expectAccessible(page);
      });
    });

    it('signed in: walk, edit and save boxes, Save Changes, generate and upload pictures, Clari fills a box, export', async () => {
      context = await signedInContext(browser, t, language);

      await withPage(context, `year-compass-${language}`, async (page) => {
        // The landing's start button leads signed-in users into the app.
        await page.goto('/yearcompass');
        await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
        expect(await page.getByRole('link', { name: text.signup }).count()).toBe(0);
        await expectAccessible(page);
        await page.getByRole('link', { name: text.start }).click();
        await page.waitForURL((url) => url.pathname === '/yearcompass/app');

        // The first section is selected; the sidebar groups 12 past and 7 future sections.
        await page.getByRole('heading', { level: 2, name: text.s1Title }).waitFor();
        const nav = page.getByRole('navigation', { name: text.sections });
        expect(await nav.getByRole('list', { name: text.pastHeading }).getByRole('button').count()).toBe(12);
        expect(await nav.getByRole('list', { name: text.futureHeading }).getByRole('button').count()).toBe(7);
        expect(await nav.getByRole('button', { name: text.s1Nav }).getAttribute('aria-current')).toBe('true');
        expect(await box(page, 's1_calendar').getByTestId('box-content').textContent()).toBe(text.noContent);
        await page.getByRole('textbox', { name: text.message }).waitFor();
        await settle(page);
        await expectAccessible(page);

        // Edit a large box (6 rows): Shift+Enter breaks the line, Enter saves.
        await box(page, 's1_calendar')
          .getByRole('button', { name: text.edit(text.calendar) })
          .click();
        const calendar = box(page, 's1_calendar').getByRole('textbox', { name: text.calendar });
        expect(await calendar.getAttribute('rows')).toBe('6');
        expect(await calendar.getAttribute('placeholder')).toBe(text.placeholder);
        const [first, second] = text.calendarText.split('\n');
        await calendar.fill(first);
        await calendar.press('Shift+Enter');
        await calendar.pressSequentially(second);
        const saveBox = page.waitForResponse(
          (response) =>
            response.url().endsWith('/api/yearcompass/section/1/box/s1_calendar') &&
            response.request().method() === 'POST',
        );
        await calendar.press('Enter');
        expect((await saveBox).status()).toBe(200);
        expect(await box(page, 's1_calendar').getByTestId('box-content').innerText()).toBe(text.calendarText);

        // One box at a time: opening the second closes the first.
        await box(page, 's1_stands_out')
          .getByRole('button', { name: text.edit(text.standsOut) })
          .click();
        await box(page, 's1_calendar')
          .getByRole('button', { name: text.edit(text.calendar) })
          .click();
        expect(await box(page, 's1_stands_out').getByRole('textbox').count()).toBe(0);
        await box(page, 's1_calendar').getByRole('textbox').press('Escape');
        await box(page, 's1_stands_out')
          .getByRole('button', { name: text.edit(text.standsOut) })
          .click();
        const standsOut = box(page, 's1_stands_out').getByRole('textbox', { name: text.standsOut });
        expect(await standsOut.getAttribute('rows')).toBe('3');
        await standsOut.fill(text.standsOutText);
        await screenshot(page, `yc-section-edit-${language}`);

        // Save Changes saves the section and says so.
        const saveSection = page.waitForResponse(
          (response) => response.url().endsWith('/api/yearcompass/section/1') && response.request().method() === 'PUT',
        );
        await page.getByRole('button', { name: text.saveChanges }).click();
        expect((await saveSection).status()).toBe(200);
        await page.getByTestId('toast').filter({ hasText: text.saved }).waitFor();
        expect(await box(page, 's1_stands_out').getByTestId('box-content').textContent()).toBe(text.standsOutText);

        // Walk to the next section with the button, and back through the sidebar.
        await page.getByRole('button', { name: text.next }).click();
        await page.locator('[data-testid="section-pane"][data-section="2"]').waitFor();
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('section-title');

        // Section 11: the placeholder, content required, then a picture from the offline provider.
        await openSection(page, text, text.s11Nav, text.s11Title);
        const picture11 = box(page, 's11_picture');
        await picture11.getByRole('img', { name: text.noPicture }).waitFor();
        await picture11.getByRole('button', { name: text.generate }).click();
        await picture11.getByRole('alert').filter({ hasText: text.contentFirst }).waitFor();
        await picture11.getByRole('button', { name: text.edit(text.picture11) }).click();
        await picture11.getByRole('textbox', { name: text.picture11 }).fill(text.pictureText);
        await picture11.getByRole('textbox', { name: text.picture11 }).press('Enter');
        await picture11.getByTestId('box-content').filter({ hasText: text.pictureText }).waitFor();
        const generated = page.waitForResponse((response) =>
          response.url().endsWith('/api/yearcompass/yc-generate-image'),
        );
        await picture11.getByRole('button', { name: text.generate }).click();
        expect(JSON.parse((await generated).request().postData() ?? '{}')).toEqual({
          prompt: text.pictureText,
          sectionNumber: 11,
          boxId: 's11_picture',
        });
        expect((await generated).status()).toBe(200);
        await picture11.getByTestId('box-image').waitFor();
        expect(await picture11.getByTestId('box-image').getAttribute('src')).toMatch(
          /^\/api\/yearcompass\/image\/11\/s11_picture\?v=\d+&t=\d+$/,
        );
        await expectLoadedImage(page, '[data-testid="box-s11_picture"] [data-testid="box-image"]');
        await settle(page);
        await expectAccessible(page);
        await screenshot(page, `yc-section-picture-${language}`);

        // Section 18: a wrong file type is refused in the browser; a PNG is uploaded.
        await openSection(page, text, text.s18Nav, text.s18Title);
        const picture18 = box(page, 's18_picture');
        const input = picture18.getByTestId('upload-image-input');
        expect(await input.getAttribute('accept')).toBe('image/*');
        await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
        await picture18.getByRole('alert').filter({ hasText: text.notImage }).waitFor();
        const png = await sharp({
          create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 120, b: 60 } },
        })
          .png()
          .toBuffer();
        const uploaded = page.waitForResponse((response) =>
          response.url().endsWith('/api/yearcompass/upload-image/18/s18_picture'),
        );
        await input.setInputFiles({ name: 'ahead.png', mimeType: 'image/png', buffer: png });
        expect((await uploaded).status()).toBe(200);
        await picture18.getByTestId('box-image').waitFor();
        expect(await picture18.getByTestId('box-image').getAttribute('src')).toMatch(
          /^\/api\/yearcompass\/image\/18\/s18_picture\?v=\d+&t=\d+$/,
        );
        await expectLoadedImage(page, '[data-testid="box-s18_picture"] [data-testid="box-image"]');
        expect(await picture18.getByRole('alert').count()).toBe(0);

        // Section 3: Clari asks about the first box; the answer appears in it after the refresh.
        await openSection(page, text, text.s3Nav, text.s3Title);
        await page.getByTestId('chat-message-assistant').filter({ hasText: text.moments }).first().waitFor();
        const refreshed = page.waitForResponse((response) =>
          /\/api\/yearcompass\/section\/3\?lang=/.test(response.url()),
        );
        const message = page.getByRole('textbox', { name: text.message });
        await message.fill(text.clariAnswer);
        await message.press('Enter');
        await page.getByTestId('chat-message-user').filter({ hasText: text.clariAnswer }).waitFor();
        await page.getByTestId('chat-thinking').waitFor({ state: 'detached' });
        await page.locator('[data-streaming="true"]').waitFor({ state: 'detached' });
        expect((await refreshed).status()).toBe(200);
        await box(page, 's3_moments').getByTestId('box-content').filter({ hasText: text.clariAnswer }).waitFor();
        await settle(page);
        await expectAccessible(page);
        await screenshot(page, `yc-section-clari-${language}`);

        // Export: Markdown with every section, the texts and the pictures' captions.
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: text.markdown }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`year-compass-${pastYear}-${futureYear}.md`);
        const markdown = readFileSync((await download.path()) as string, 'utf8');
        expect(markdown).toContain(`# ${text.myYearCompass}`);
        expect(markdown).toContain(`### 1. ${text.s1Title}`);
        expect(markdown).toContain(`### 18. ${text.s18Title}`);
        // The box's line break stays a line break in Markdown: a hard break (two spaces).
        expect(markdown).toContain(text.calendarText.replace('\n', '  \n'));
        expect(markdown).toContain(text.standsOutText);
        expect(markdown).toContain(text.clariAnswer);
        expect(markdown).toContain(`*[${text.captionPrefix}${text.picture11}]*`);
        expect(markdown).toContain(`*[${text.captionPrefix}${text.picture18}]*`);
        expect((markdown.match(/^### \d+\. /gm) ?? []).length).toBe(19);

        // Export: the print view holds everything, pictures included; the browser prints it to PDF.
        await page.getByRole('link', { name: text.print }).click();
        await page.waitForURL((url) => url.pathname === '/yearcompass/app/print');
        await page.getByRole('heading', { level: 1, name: text.myYearCompass }).waitFor();
        await page.getByTestId('print-section-19').waitFor();
        expect(await page.locator('[data-testid^="print-section-"]').count()).toBe(19);
        await page.getByTestId('print-section-1').getByText(text.standsOutText).waitFor();
        await expectLoadedImage(page, '[data-testid="print-section-11"] img');
        await expectLoadedImage(page, '[data-testid="print-section-18"] img');
        await settle(page);
        await expectAccessible(page);
        await page.evaluate(() => {
          (window as unknown as { printed: number }).printed = 0;
          window.print = () => {
            (window as unknown as { printed: number }).printed++;
          };
        });
        await page.getByRole('button', { name: text.print }).click();
        expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
        await page.emulateMedia({ media: 'print' });
        expect(await page.getByRole('button', { name: text.print }).isVisible()).toBe(false);
        expect(await page.locator('nav').first().isVisible()).toBe(false);
        await screenshot(page, `yc-print-${language}`);
        const pdf = await page.pdf({ format: 'A4' });
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        await page.emulateMedia({ media: 'screen' });

        // Everything is kept across a reload.
        await page.getByRole('link', { name: text.back }).click();
        await page.waitForURL((url) => url.pathname === '/yearcompass/app');
        await page.reload();
        await page.getByRole('heading', { level: 2, name: text.s1Title }).waitFor();
        expect(await box(page, 's1_calendar').getByTestId('box-content').innerText()).toBe(text.calendarText);
        await openSection(page, text, text.s3Nav, text.s3Title);
        await box(page, 's3_moments').getByTestId('box-content').filter({ hasText: text.clariAnswer }).waitFor();

        // On a small screen the sidebar becomes a select with the same two groups.
        await page.setViewportSize({ width: 390, height: 844 });
        const select = page.getByTestId('section-select');
        await select.waitFor();
        expect(await page.getByRole('navigation', { name: text.sections }).isVisible()).toBe(false);
        expect(
          await select
            .locator('optgroup')
            .evaluateAll((groups) => groups.map((group) => [group.getAttribute('label'), group.children.length])),
        ).toEqual([
          [text.pastHeading, 12],
          [text.futureHeading, 7],
        ]);
        await select.selectOption('11');
        await page.getByRole('heading', { level: 2, name: text.s11Title }).waitFor();
        await settle(page);
        await expectAccessible(page);
        await screenshot(page, `yc-mobile-${language}`);
      });
    });
  });
});
