import { isTranscriptionCredit } from '@clari/contracts';

/**
 * Whether a transcription holds no speech: nothing but punctuation, or a subtitle or
 * translation credit that speech models invent for silence (part 1 §5). The server filters
 * the same way; the check here keeps such text out of the input whatever the server does.
 */
export function isNoSpeech(transcription: string): boolean {
  const text = transcription.trim();
  if (!/[\p{L}\p{N}]/u.test(text)) return true;
  return isTranscriptionCredit(text);
}
