import { UPLOAD_LIMITS } from '@clari/contracts';

/** File endings the picker offers: part 2 §5 lists wav, mp3 and m4a; WebM and Ogg are what browsers record. */
export const AUDIO_EXTENSIONS = ['wav', 'mp3', 'm4a', 'mp4', 'webm', 'ogg', 'oga', 'opus', 'aac', 'flac'] as const;

/** The picker's accept list: the endings and the audio MIME types. */
export const AUDIO_ACCEPT = [...AUDIO_EXTENSIONS.map((extension) => `.${extension}`), 'audio/*'].join(',');

/**
 * Whether a picked file may be sent for transcription. The picker's accept list is only a hint
 * (the person can choose "All files"), so a PDF or an image is refused here, before any upload.
 * An audio MIME type counts, and so does a known audio ending whose type the browser left empty
 * or gave as video (an .mp4 or .webm recording of sound only). The server still checks the bytes.
 */
export function audioFileProblem(file: { name: string; type: string; size: number }): 'notAudio' | 'tooLarge' | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const knownEnding = (AUDIO_EXTENSIONS as readonly string[]).includes(extension);
  const type = file.type.toLowerCase();
  const audio =
    type.startsWith('audio/') ||
    (knownEnding && (type === '' || type === 'application/octet-stream' || type.startsWith('video/')));
  if (!audio) return 'notAudio';
  return file.size > UPLOAD_LIMITS.audioBytes ? 'tooLarge' : null;
}
