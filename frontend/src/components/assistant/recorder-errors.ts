import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { ASSISTANT_NS } from './assistant-i18n';

/** The audio errors of part 1 §8, with the microphone's failures told apart. */
export type RecorderErrorKind =
  | 'unsupported'
  | 'permissionDenied'
  | 'noMicrophone'
  | 'microphoneBusy'
  | 'maxDuration'
  | 'transcriptionFailed'
  | 'noSpeech';

export interface RecorderError {
  kind: RecorderErrorKind;
  /** The text to show, in the interface language. */
  message: string;
}

/** An error as the recorder keeps it: its text is made on each render, so it follows the interface language. */
export interface StoredError {
  kind: RecorderErrorKind;
  /** A readable server message (503 not configured, 429 rate limited). */
  serverMessage?: string;
  serverCode?: string;
}

/** Errors from 503 and 429 answers carry a readable server message worth showing. */
const SERVER_MESSAGE_STATUSES = [429, 503];

/**
 * Why getUserMedia failed, as the person can act on it: no microphone is connected
 * (NotFoundError, or none meets the constraints), another program holds it (NotReadableError,
 * AbortError), or access was refused (NotAllowedError, SecurityError and anything else).
 */
export function microphoneErrorKind(error: unknown): RecorderErrorKind {
  const name = error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : '';
  if (['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError'].includes(name)) return 'noMicrophone';
  if (['NotReadableError', 'TrackStartError', 'AbortError'].includes(name)) return 'microphoneBusy';
  return 'permissionDenied';
}

/** A failed transcription call, keeping the server's message where it is worth showing. */
export function transcriptionError(error: unknown): StoredError {
  if (error instanceof ApiError && SERVER_MESSAGE_STATUSES.includes(error.status)) {
    const code = (error.body as { code?: unknown } | undefined)?.code;
    return {
      kind: 'transcriptionFailed',
      serverMessage: error.message,
      serverCode: typeof code === 'string' ? code : undefined,
    };
  }
  return { kind: 'transcriptionFailed' };
}

/** Turns a stored error into its text in the interface language. */
export function useRecorderErrorText(): (stored: StoredError) => string {
  const { t, i18n } = useTranslation(ASSISTANT_NS);
  return (stored) => {
    if (!stored.serverMessage) return t(`audio.errors.${stored.kind}`);
    // The server writes English; other interface languages get the translation of its code.
    const translated =
      i18n.resolvedLanguage !== 'en' && stored.serverCode
        ? t(`audio.errors.${stored.serverCode}`, { defaultValue: '' })
        : '';
    return translated || stored.serverMessage;
  };
}
