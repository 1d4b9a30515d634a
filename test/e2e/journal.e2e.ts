import { readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createUser, makeClinician, signInBrowser } from '../support/accounts';
import { writeToneWav } from '../support/audio';
import { startTestApp, type TestApp } from '../support/app-harness';
import {
  expectAccessible,
  launchBrowser,
  newContext,
  screenshot,
  withPage,
  settleAnimations,
} from '../support/browser';
import { FakeOpenAi } from '../support/fake-openai';

const T = {
  en: {
    title: 'Journal',
    privacy: 'Audio, transcript and summary are not stored by the server.',
    record: 'Record',
    stop: 'Stop recording',
    downloadRecording: 'Download recording',
    chosenRecording: /^Chosen: Recording \(0:0\d\)$/,
    chosenFile: 'Chosen: session.wav',
    transcribe: 'Transcribe',
    transcription: 'Transcription',
    heard: 'Client: I have slept badly since the project started.',
    edit: 'Client: I want to go to bed before eleven.',
    generate: 'Generate summary',
    soapOption: 'SOAP (subjective, objective, assessment, plan)',
    soapSubjective: 'S – Subjective',
    soapPlan: 'P – Plan',
    summaryHeading: 'Journal summary',
    themes: 'Themes',
    followUps: 'Follow-ups',
    copy: 'Copy',
    copied: 'The summary was copied.',
    downloadHtml: 'Download as HTML',
    downloadMarkdown: 'Download as Markdown',
    clinicianOnly: 'This feature is only available for clinicians.',
    contact: 'Contact us',
    notConfigured:
      'Transcription is not available on this server. You can paste or type the transcript instead and generate the summary.',
    typed:
      'Therapist: How was the week?\nClient: I feel worried about work and sleep badly. I will take a walk every lunch break.',
    offlineSaid: 'What was said',
    offlineAgreed: 'Agreed or intended',
    upload: 'Upload audio file',
    notAudio: '“notes.pdf” is not an audio file. Please choose a WAV, MP3, M4A, WebM or Ogg file.',
    unavailable: 'Recording and transcription are not switched on for this server.',
    howToEnable: 'OPENAI_API_KEY',
    draft: 'A draft written by AI: review it before it goes into the record.',
    sectionHeading: '3. Summary',
    leaveTitle: 'Leave without the summary?',
    stay: 'Stay on the page',
    leave: 'Leave and discard',
    home: 'Clari',
  },
  sv: {
    title: 'Journal',
    privacy: 'Ljud, transkribering och sammanfattning sparas inte av servern.',
    record: 'Spela in',
    stop: 'Stoppa inspelningen',
    downloadRecording: 'Ladda ner inspelningen',
    chosenRecording: /^Vald: Inspelning \(0:0\d\)$/,
    chosenFile: 'Vald: session.wav',
    transcribe: 'Transkribera',
    transcription: 'Transkribering',
    heard: 'Klient: Jag har sovit dåligt sedan projektet började.',
    edit: 'Klient: Jag vill lägga mig före elva.',
    generate: 'Skapa sammanfattning',
    soapOption: 'SOAP (subjektivt, objektivt, bedömning, plan)',
    soapSubjective: 'S – Subjektivt',
    soapPlan: 'P – Plan',
    summaryHeading: 'Journalsammanfattning',
    themes: 'Teman',
    followUps: 'Uppföljning',
    copy: 'Kopiera',
    copied: 'Sammanfattningen kopierades.',
    downloadHtml: 'Ladda ner som HTML',
    downloadMarkdown: 'Ladda ner som Markdown',
    clinicianOnly: 'Den här funktionen är bara tillgänglig för kliniker.',
    contact: 'Kontakta oss',
    notConfigured:
      'Transkribering är inte tillgänglig på den här servern. Du kan klistra in eller skriva transkriberingen i stället och skapa sammanfattningen.',
    typed:
      'Terapeut: Hur har veckan varit?\nKlient: Jag är orolig för jobbet och sover dåligt. Jag ska ta en promenad varje lunch.',
    offlineSaid: 'Vad som sades',
    offlineAgreed: 'Överenskommet eller planerat',
    upload: 'Ladda upp ljudfil',
    notAudio: '”notes.pdf” är inte en ljudfil. Välj en WAV-, MP3-, M4A-, WebM- eller Ogg-fil.',
    unavailable: 'Inspelning och transkribering är inte påslagna på den här servern.',
    howToEnable: 'OPENAI_API_KEY',
    draft: 'Ett utkast skrivet av AI: granska det innan det förs in i journalen.',
    sectionHeading: '3. Sammanfattning',
    leaveTitle: 'Lämna utan sammanfattningen?',
    stay: 'Stanna kvar',
    leave: 'Lämna och släng',
    home: 'Clari',
  },
} as const;

type Language = keyof typeof T;

async function download(page: Page, button: string): Promise<{ name: string; text: string; size: number }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  const saved = (await file.path()) as string;
  return { name: file.suggestedFilename(), text: readFileSync(saved, 'utf8'), size: statSync(saved).size };
}

/** Waits until the toast has faded in, so the accessibility check sees its final colours. */

const WAV = path.join(tmpdir(), `clari-journal-${process.pid}.wav`);

describe('the Journal in the browser, with an OpenAI-compatible server', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let browser: Browser;

  beforeAll(async () => {
    writeToneWav(WAV);
    fake = new FakeOpenAi();
    await fake.start();
    t = await startTestApp({
      listen: true,
      env: {
        OPENAI_BASE_URL: fake.baseUrl,
        RATE_LIMIT_SCALE: '20',
        REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX}-journal`,
      },
    });
    browser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await fake?.stop();
  });
  beforeEach(() => fake.reset());

  describe.each(['en', 'sv'] as const)('in %s', (language: Language) => {
    const text = T[language];
    let context: BrowserContext;

    beforeAll(async () => {
      context = await newContext(browser, { baseUrl: t.baseUrl, language });
      await context.grantPermissions(['microphone', 'clipboard-read', 'clipboard-write'], { origin: t.baseUrl });
      const clinician = await createUser(t, { language });
      await makeClinician(t, clinician);
      await signInBrowser(context, t, clinician);
    });
    afterAll(() => context.close());

    it('a clinician records and downloads, uploads audio, transcribes, edits, generates, copies and downloads the summary', () =>
      withPage(context, `journal-${language}`, async (page) => {
        await page.goto('/journal');
        await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
        await page.getByTestId('journal-privacy').getByText(text.privacy).waitFor();
        expect(await page.getByRole('button', { name: text.generate }).isDisabled()).toBe(true);
        expect(await page.getByRole('button', { name: text.transcribe, exact: true }).isDisabled()).toBe(true);
        expect(await page.getByRole('button', { name: text.downloadRecording }).isDisabled()).toBe(true);
        expect(await page.getByRole('textbox', { name: text.transcription }).getAttribute('rows')).toBe('10');
        await expectAccessible(page);

        // Record from the (fake) microphone; the recording is downloaded as recording.webm.
        await page.getByRole('button', { name: text.record, exact: true }).click();
        await page.getByTestId('journal-recording-timer').waitFor();
        await page.waitForTimeout(1500);
        await page.getByRole('button', { name: text.stop }).click();
        await page.getByTestId('journal-chosen-audio').filter({ hasText: text.chosenRecording }).waitFor();
        const recording = await download(page, text.downloadRecording);
        expect(recording.name).toBe('recording.webm');
        expect(recording.size).toBeGreaterThan(100);

        // A file that is not audio is refused in the picker, with its name and the accepted kinds.
        await page
          .getByTestId('journal-file-input')
          .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
        await page.getByTestId('journal-file-error').getByText(text.notAudio).waitFor();
        await page.getByTestId('journal-chosen-audio').filter({ hasText: text.chosenRecording }).waitFor();

        // Upload a file instead: it becomes the chosen audio, with a player.
        await page
          .getByTestId('journal-file-input')
          .setInputFiles({ name: 'session.wav', mimeType: 'audio/wav', buffer: readFileSync(WAV) });
        await page.getByTestId('journal-chosen-audio').getByText(text.chosenFile).waitFor();
        expect(await page.getByTestId('journal-file-error').count()).toBe(0);
        expect(await page.getByTestId('journal-player').getAttribute('src')).toMatch(/^blob:/);

        fake.script('transcription', { json: { text: text.heard } });
        await page.getByRole('button', { name: text.transcribe, exact: true }).click();
        const transcript = page.getByRole('textbox', { name: text.transcription });
        await page.waitForFunction(
          (expected) =>
            (document.querySelector('textarea[rows="10"]') as HTMLTextAreaElement | null)?.value === expected,
          text.heard,
        );
        const [upload] = fake.requestsTo('transcription');
        expect(upload.body).toMatchObject({ language });
        expect(upload.files[0]).toMatchObject({ fileName: 'audio.wav', size: statSync(WAV).size });

        // The clinician edits the transcript before generating.
        await transcript.press('End');
        await transcript.press('Enter');
        await transcript.pressSequentially(text.edit);
        expect(await transcript.inputValue()).toBe(`${text.heard}\n${text.edit}`);

        fake.script('chat', {
          json: {
            summary_html:
              `<h2 onclick="window.__pwned = true">${text.summaryHeading}</h2><script>window.__pwned = true</script>` +
              `<h3>${text.themes}</h3><ul><li><strong>Sleep</strong> &amp; work</li></ul><img src="x" onerror="window.__pwned = true">` +
              `<h3 style="color:red">${text.followUps}</h3><ol><li><a href="javascript:window.__pwned = true">Bed before eleven</a></li></ol>`,
          },
        });
        await page.getByRole('button', { name: text.generate }).click();
        const summary = page.getByTestId('journal-summary-content');
        await summary.getByRole('heading', { level: 3, name: text.summaryHeading }).waitFor();
        await summary.getByRole('heading', { level: 4, name: text.followUps }).waitFor();
        expect(await summary.locator('li').allTextContents()).toEqual(['Sleep & work', 'Bed before eleven']);
        expect(await summary.locator('script, img, a, [onclick], [style]').count()).toBe(0);
        expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
        const [chat] = fake.requestsTo('chat');
        expect(JSON.stringify(chat.body.messages)).toContain(text.edit.split(': ')[1]);
        await expectAccessible(page);
        await screenshot(page, `journal-${language}`);

        await page.getByRole('button', { name: text.copy, exact: true }).click();
        await page.getByTestId('toast').getByText(text.copied).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`## ${text.summaryHeading}`);
        await settleAnimations(page);

        const html = await download(page, text.downloadHtml);
        expect(html.name).toMatch(/^journal(-summary|sammanfattning)-\d{4}-\d{2}-\d{2}\.html$/);
        expect(html.text).toContain(
          `<h2>${text.summaryHeading}</h2><h3>${text.themes}</h3><ul><li><strong>Sleep</strong> &amp; work</li></ul><h3>${text.followUps}</h3><ol><li>Bed before eleven</li></ol>`,
        );
        expect(html.text).not.toMatch(/script|onerror|onclick|javascript:|style=/);
        const markdown = await download(page, text.downloadMarkdown);
        expect(markdown.name).toMatch(/\.md$/);
        expect(markdown.text).toBe(
          `## ${text.summaryHeading}\n\n### ${text.themes}\n\n- **Sleep** & work\n\n### ${text.followUps}\n\n1. Bed before eleven\n`,
        );
        // A copied or downloaded summary is kept by the clinician: leaving asks nothing.
        await page.getByRole('link', { name: text.home, exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/');
        expect(await page.getByRole('dialog').count()).toBe(0);
      }));

    it('a signed-in user who is not a clinician sees the clinician-only message with a contact option', async () => {
      const other = await newContext(browser, { baseUrl: t.baseUrl, language });
      await signInBrowser(other, t, await createUser(t, { language }));
      await withPage(other, `journal-not-clinician-${language}`, async (page) => {
        await page.goto('/journal');
        await page.getByTestId('journal-clinician-only').getByText(text.clinicianOnly).waitFor();
        expect(await page.getByRole('link', { name: text.contact }).getAttribute('href')).toMatch(/^mailto:/);
        expect(await page.getByRole('button', { name: text.generate }).count()).toBe(0);
        await expectAccessible(page);
        await screenshot(page, `journal-not-clinician-${language}`);
        await page.goto('/');
        await page.getByTestId('card-journal-clinician-only').waitFor();
      });
      await other.close();
    });
  });

  it('sends a visitor to the login page', async () => {
    const context = await newContext(browser, { baseUrl: t.baseUrl, language: 'en' });
    await withPage(context, 'journal-visitor', async (page) => {
      await page.goto('/journal');
      await page.waitForURL((url) => url.pathname === '/login');
    });
    await context.close();
  });
});

describe('the Journal in the browser without a transcription provider', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    writeToneWav(WAV);
    t = await startTestApp({ listen: true, env: { RATE_LIMIT_SCALE: '20' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it.each(['en', 'sv'] as const)(
    'in %s, Record and Transcribe are hidden with how to switch them on, and a typed transcript still gets the offline summary',
    async (language: Language) => {
      const text = T[language];
      const context = await newContext(browser, { baseUrl: t.baseUrl, language });
      const clinician = await createUser(t, { language });
      await makeClinician(t, clinician);
      await signInBrowser(context, t, clinician);
      await withPage(context, `journal-offline-${language}`, async (page) => {
        // Into the Journal from the start page, so the browser's back button stays inside the app.
        await page.goto('/');
        await page.getByTestId('card-journal').getByRole('link').click();
        await page.waitForURL((url) => url.pathname === '/journal');
        const notice = page.getByTestId('journal-audio-unavailable');
        await notice.getByText(text.unavailable, { exact: false }).waitFor();
        await notice.getByText(text.howToEnable, { exact: false }).waitFor();
        for (const name of [text.record, text.transcribe, text.upload, text.downloadRecording]) {
          expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
        }
        expect(await page.getByTestId('journal-file-input').count()).toBe(0);

        await page.getByRole('textbox', { name: text.transcription }).fill(text.typed);
        await page.getByRole('button', { name: text.generate }).click();
        const summary = page.getByTestId('journal-summary-content');
        await summary.getByRole('heading', { level: 3, name: text.summaryHeading }).waitFor();
        await summary.getByRole('heading', { level: 4, name: text.offlineSaid }).waitFor();
        await summary.getByText(text.offlineAgreed, { exact: false }).waitFor();
        // One 'Journal summary' heading (the note's own) and one draft notice (the page's).
        expect(await page.getByRole('heading', { name: text.summaryHeading }).count()).toBe(1);
        await page.getByRole('heading', { level: 2, name: text.sectionHeading }).waitFor();
        expect(await page.getByTestId('journal-summary').getByText(text.draft).count()).toBe(1);
        expect(
          await page
            .getByTestId('journal-summary')
            .getByText(/Review and edit|Granska och redigera/)
            .count(),
        ).toBe(0);

        // Leaving with a summary that was neither copied nor downloaded asks first; Escape stays.
        await page.getByRole('link', { name: text.home, exact: true }).click();
        const leaveDialog = page.getByRole('dialog', { name: text.leaveTitle });
        await leaveDialog.waitFor();
        await expectAccessible(page);
        await screenshot(page, `journal-leave-${language}`);
        await page.keyboard.press('Escape');
        await leaveDialog.waitFor({ state: 'detached' });
        expect(new URL(page.url()).pathname).toBe('/journal');
        // The browser's back button asks too, and staying keeps the page and its address.
        await page.evaluate(() => window.history.back());
        await leaveDialog.waitFor();
        await page.keyboard.press('Escape');
        await leaveDialog.waitFor({ state: 'detached' });
        await page.getByTestId('journal-summary-content').getByText(text.offlineAgreed, { exact: false }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/journal');
        // Closing the tab gets the browser's own question.
        const beforeUnload = new Promise<string>((resolve) =>
          page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))),
        );
        await page.close({ runBeforeUnload: true });
        expect(await beforeUnload).toBe('beforeunload');
      });
      await withPage(context, `journal-offline-formats-${language}`, async (page) => {
        await page.goto('/journal');
        const summary = page.getByTestId('journal-summary-content');
        await page.getByRole('textbox', { name: text.transcription }).fill(text.typed);

        // The note format: SOAP, under its own headings, and remembered for the next visit.
        await page.getByTestId('journal-format').click();
        await page.getByRole('option', { name: text.soapOption }).click();
        await page.getByRole('button', { name: text.generate }).click();
        await summary.getByRole('heading', { level: 4, name: text.soapSubjective }).waitFor();
        await summary.getByRole('heading', { level: 4, name: text.soapPlan }).waitFor();
        // Leaving anyway throws the summary away and goes where the link leads.
        await page.getByRole('link', { name: text.home, exact: true }).click();
        await page.getByRole('dialog', { name: text.leaveTitle }).getByRole('button', { name: text.leave }).click();
        await page.waitForURL((url) => url.pathname === '/');
        await page.goto('/journal');
        await page.getByTestId('journal-format').getByText(text.soapOption).waitFor();
        await expectAccessible(page);
        await screenshot(page, `journal-offline-${language}`);
      });
      await context.close();
    },
  );
});
