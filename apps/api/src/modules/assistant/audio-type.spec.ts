import { detectAudioType } from './audio-type';

function bytes(head: number[] | string, length = 64): Buffer {
  const start = typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head);
  return Buffer.concat([start, Buffer.alloc(Math.max(0, length - start.length))]);
}

describe('detectAudioType', () => {
  it.each([
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3]), 'audio/webm', 'webm'],
    ['Ogg', bytes('OggS'), 'audio/ogg', 'ogg'],
    ['M4A', bytes('\0\0\0\x20ftypM4A '), 'audio/mp4', 'm4a'],
    ['MP4', bytes('\0\0\0\x20ftypisom'), 'audio/mp4', 'mp4'],
    ['WAV', bytes('RIFF\x24\0\0\0WAVEfmt '), 'audio/wav', 'wav'],
    ['MP3 with ID3', bytes('ID3\x04\0'), 'audio/mpeg', 'mp3'],
    ['MP3 frame', bytes([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg', 'mp3'],
    ['AAC (ADTS)', bytes([0xff, 0xf1, 0x50, 0x80]), 'audio/aac', 'aac'],
  ])('recognises %s by its bytes', (_name, data, mimeType, extension) => {
    expect(detectAudioType(data)).toEqual({ mimeType, extension });
  });

  it.each([
    ['a PNG named .webm', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['a text file', bytes('hello, this is not audio at all')],
    ['RIFF that is not WAVE (AVI)', bytes('RIFF\x24\0\0\0AVI LIST')],
    ['too few bytes', Buffer.from([0x1a, 0x45])],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s', (_name, data) => {
    expect(detectAudioType(data)).toBeNull();
  });
});
