import { writeFileSync } from 'node:fs';

export const WAV_SAMPLE_RATE = 16000;

/**
 * Writes a mono 16-bit PCM WAV of `seconds`, each sample from `sample(time)` in -1…1
 * (uploads, and Chromium's fake microphone with --use-file-for-fake-audio-capture).
 */
export function writeWav(file: string, seconds: number, sample: (time: number) => number): void {
  const total = Math.round(seconds * WAV_SAMPLE_RATE);
  const data = Buffer.alloc(total * 2);
  for (let i = 0; i < total; i++) {
    const value = Math.max(-1, Math.min(1, sample(i / WAV_SAMPLE_RATE)));
    data.writeInt16LE(Math.round(value * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(WAV_SAMPLE_RATE, 24);
  header.writeUInt32LE(WAV_SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  writeFileSync(file, Buffer.concat([header, data]));
}

/** Half a second of silence, 1.5 s of loud speech-like noise (a 4 Hz syllable rhythm), then 4 s of silence. */
export function writeSpeechLikeWav(file: string): void {
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  writeWav(file, 6, (time) =>
    time >= 0.5 && time < 2 ? random() * (0.5 + 0.4 * Math.sin(2 * Math.PI * 4 * time)) * 0.9 : 0,
  );
}

/** One second of a quiet tone: enough for an upload. */
export function writeToneWav(file: string): void {
  writeWav(file, 1, (time) => Math.sin((time * WAV_SAMPLE_RATE) / 8) * 0.25);
}
