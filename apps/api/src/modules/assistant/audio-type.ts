export interface AudioType {
  mimeType: string;
  /** The file extension providers use to recognise the container. */
  extension: string;
}

/**
 * The container of an audio upload, from its first bytes (never from its name or the
 * browser's claim): WebM/Matroska, Ogg, MP4/M4A, WAV, MP3 (with or without ID3) and AAC (ADTS).
 */
export function detectAudioType(bytes: Buffer): AudioType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return { mimeType: 'audio/webm', extension: 'webm' };
  if (bytes.toString('latin1', 0, 4) === 'OggS') return { mimeType: 'audio/ogg', extension: 'ogg' };
  if (bytes.toString('latin1', 4, 8) === 'ftyp') {
    const brand = bytes.toString('latin1', 8, 12);
    return brand.startsWith('M4A')
      ? { mimeType: 'audio/mp4', extension: 'm4a' }
      : { mimeType: 'audio/mp4', extension: 'mp4' };
  }
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WAVE')
    return { mimeType: 'audio/wav', extension: 'wav' };
  if (bytes.toString('latin1', 0, 3) === 'ID3') return { mimeType: 'audio/mpeg', extension: 'mp3' };
  if (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0) {
    // Frame sync; layer bits 00 mean ADTS (AAC), anything else an MPEG audio layer (MP3).
    const layer = (bytes[1] >> 1) & 0x03;
    if (layer === 0 && (bytes[1] & 0xf6) === 0xf0) return { mimeType: 'audio/aac', extension: 'aac' };
    if (layer !== 0 && ((bytes[1] >> 3) & 0x03) !== 0x01) return { mimeType: 'audio/mpeg', extension: 'mp3' };
  }
  return null;
}
