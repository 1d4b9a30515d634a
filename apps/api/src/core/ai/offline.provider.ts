import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AiProvider, StructuredTask, TranscriptionNotConfiguredError } from './ai.types';

/**
 * The default without an OpenAI configuration: every task carries its own deterministic
 * answer (the domain handlers' offline guides), pictures are drawn from the prompt text,
 * and transcription is refused as not configured.
 */
export class OfflineProvider implements AiProvider {
  readonly kind = 'offline' as const;
  readonly canTranscribe = false;

  async completeJson<T>(task: StructuredTask<T>): Promise<unknown> {
    return task.offline();
  }

  async transcribe(): Promise<string> {
    throw new TranscriptionNotConfiguredError();
  }

  async generateImage(prompt: string): Promise<Buffer> {
    return sharp(Buffer.from(abstractPictureSvg(prompt)))
      .png()
      .toBuffer();
  }
}

const SIZE = 768;

/**
 * An abstract picture whose colours, shapes and composition follow from the text: the same
 * words always give the same picture, different words a different one.
 */
export function abstractPictureSvg(text: string): string {
  const bytes = createHash('sha256').update(text.trim().toLowerCase()).digest();
  let index = 0;
  const next = () => bytes[index++ % bytes.length] / 255;
  const baseHue = Math.round(next() * 360);
  const hue = (shift: number) => (baseHue + shift) % 360;
  const background = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue(0)},55%,88%)"/><stop offset="1" stop-color="hsl(${hue(40)},50%,70%)"/></linearGradient>
<filter id="soft"><feGaussianBlur stdDeviation="18"/></filter></defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`;
  const shapes: string[] = [];
  const words = text.split(/\s+/).filter(Boolean).length;
  const count = 5 + Math.min(7, Math.floor(words / 4));
  for (let i = 0; i < count; i++) {
    const x = Math.round(next() * SIZE);
    const y = Math.round(next() * SIZE);
    const r = Math.round(60 + next() * 180);
    const color = `hsla(${hue(Math.round(next() * 160))},${Math.round(45 + next() * 35)}%,${Math.round(45 + next() * 30)}%,${(0.35 + next() * 0.4).toFixed(2)})`;
    shapes.push(
      i % 3 === 2
        ? `<rect x="${x - r / 2}" y="${y - r / 2}" width="${r}" height="${r}" rx="${Math.round(r / 3)}" transform="rotate(${Math.round(next() * 90)} ${x} ${y})" fill="${color}"/>`
        : `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"${i % 2 ? ' filter="url(#soft)"' : ''}/>`,
    );
  }
  const horizon = Math.round(SIZE * (0.55 + next() * 0.25));
  const wave = `<path d="M0 ${horizon} C ${SIZE * 0.3} ${horizon - 80 * next()}, ${SIZE * 0.6} ${horizon + 90 * next()}, ${SIZE} ${horizon - 40} L ${SIZE} ${SIZE} L 0 ${SIZE} Z" fill="hsla(${hue(200)},40%,35%,0.45)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${background}${shapes.join('')}${wave}</svg>`;
}
