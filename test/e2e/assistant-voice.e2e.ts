import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { createUser, signInBrowser } from '../support/accounts';
import { writeSpeechLikeWav } from '../support/audio';
import { startAppWithFakeOpenAi, type TestApp } from '../support/app-harness';
import { launchBrowser, newContext, withPage } from '../support/browser';
import type { FakeOpenAi } from '../support/fake-openai';

describe('voice input in the chat panel', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let browser: Browser;

  beforeAll(async () => {
    ({ t, fake } = await startAppWithFakeOpenAi('voice', { listen: true, env: { RATE_LIMIT_SCALE: '20' } }));
    const wav = path.join(tmpdir(), `clari-speech-${process.pid}.wav`);
    writeSpeechLikeWav(wav);
    browser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}%noloop`,
      '--autoplay-policy=no-user-gesture-required',
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await fake?.stop();
  });

  it('records from the microphone, stops after 2 s of silence, and appends the transcription to the input', async () => {
    const context = await newContext(browser, { baseUrl: t.baseUrl, language: 'en' });
    await context.grantPermissions(['microphone'], { origin: t.baseUrl });
    const user = await createUser(t);
    await signInBrowser(context, t, user);
    await withPage(context, 'assistant-voice', async (page) => {
      await page.goto('/valueexplorer/areas');
      await page.getByTestId('area-card-health').getByRole('button').first().click();
      await page.getByTestId('chat-message-assistant').first().waitFor();
      const input = page.getByRole('textbox', { name: 'Message to Clari' });
      await input.fill('Before speaking:');
      await page.getByRole('button', { name: 'Record a voice message' }).click();
      await page.getByTestId('recording-timer').waitFor();
      // Nobody presses stop: the silence after the speech ends the recording.
      await page.waitForFunction(
        () => document.querySelector('textarea')?.value.includes('This is what I said.'),
        undefined,
        { timeout: 20000 },
      );
      expect(await input.inputValue()).toBe('Before speaking: This is what I said.');
      const [request] = fake.requestsTo('transcription');
      expect(request.body).toMatchObject({ language: 'en' });
      expect(request.files[0].fileName).toMatch(/^audio\.(webm|ogg|mp4|wav)$/);
      expect(request.files[0].size).toBeGreaterThan(1000);
      // The transcribed text is sent like typed text, and reaches Clari through the same server.
      await input.press('Enter');
      await page
        .getByTestId('chat-message-assistant')
        .filter({ hasText: 'Fake reply to: Before speaking: This is what I said.' })
        .waitFor();
    });
    await context.close();
  });
});
