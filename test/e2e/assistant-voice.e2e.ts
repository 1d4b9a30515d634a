import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { createUser, signInBrowser } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app-harness';
import { launchBrowser, newContext, withPage } from '../support/browser';
import { FakeOpenAi } from '../support/fake-openai';

const SAMPLE_RATE = 16000;

/** A mono 16-bit WAV: a little silence, a burst of loud, speech-like noise, then silence. */
function speechLikeWav(file: string): void {
  const seconds = { lead: 0.5, sound: 1.5, tail: 4 };
  const total = Math.round((seconds.lead + seconds.sound + seconds.tail) * SAMPLE_RATE);
  const data = Buffer.alloc(total * 2);
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  for (let i = 0; i < total; i++) {
    const time = i / SAMPLE_RATE;
    const inSound = time >= seconds.lead && time < seconds.lead + seconds.sound;
    // Noise shaped by a 4 Hz syllable rhythm, loud across the whole spectrum.
    const sample = inSound ? random() * (0.5 + 0.4 * Math.sin(2 * Math.PI * 4 * time)) : 0;
    data.writeInt16LE(Math.round(sample * 32767 * 0.9), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  writeFileSync(file, Buffer.concat([header, data]));
}

describe('voice input in the chat panel', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let browser: Browser;

  beforeAll(async () => {
    fake = new FakeOpenAi();
    await fake.start();
    t = await startTestApp({ listen: true, env: { OPENAI_BASE_URL: fake.baseUrl, RATE_LIMIT_SCALE: '20', REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX}-voice` } });
    const wav = path.join(tmpdir(), `clari-speech-${process.pid}.wav`);
    speechLikeWav(wav);
    browser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-audio-capture=${wav}%noloop`, '--autoplay-policy=no-user-gesture-required']);
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
      await page.waitForFunction(() => document.querySelector('textarea')?.value.includes('This is what I said.'), undefined, { timeout: 20000 });
      expect(await input.inputValue()).toBe('Before speaking: This is what I said.');
      const [request] = fake.requestsTo('transcription');
      expect(request.body).toMatchObject({ language: 'en' });
      expect(request.files[0].fileName).toMatch(/^audio\.(webm|ogg|mp4|wav)$/);
      expect(request.files[0].size).toBeGreaterThan(1000);
      // The transcribed text is sent like typed text, and reaches Clari through the same server.
      await input.press('Enter');
      await page.getByTestId('chat-message-assistant').filter({ hasText: 'Fake reply to: Before speaking: This is what I said.' }).waitFor();
    });
    await context.close();
  });
});
