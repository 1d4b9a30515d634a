import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORDING, isTranscriptionCredit, type Language } from '@clari/contracts';
import { ApiError } from '../../lib/api';
import { transcribe } from './assistant-api';
import { ASSISTANT_NS } from './assistant-i18n';

/** Part 1 §4: idle, recording, transcribing. */
export type RecorderStatus = 'idle' | 'recording' | 'transcribing';

/** The audio errors of part 1 §8, with the microphone's failures told apart. */
export type RecorderErrorKind = 'unsupported' | 'permissionDenied' | 'noMicrophone' | 'microphoneBusy' | 'maxDuration' | 'transcriptionFailed' | 'noSpeech';

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

export interface RecorderError {
  kind: RecorderErrorKind;
  /** The text to show, in the interface language. */
  message: string;
}

export interface UseAudioRecorderOptions {
  /** The spoken language, sent with the recording for transcription. */
  language: Language;
  /** Receives the transcribed text; never called when transcription failed or heard no speech. */
  onTranscription?: (text: string) => void;
  /** false: the recording is not transcribed; `onRecordingComplete` receives it (the Journal). Default true. */
  autoTranscribe?: boolean;
  /** Receives every finished recording (for example to download it as RECORDING.downloadFileName). */
  onRecordingComplete?: (recording: Blob) => void;
  /** Stop after RECORDING.silenceDurationMs of silence once speech was heard. Default true. */
  stopOnSilence?: boolean;
  /** Called once when the recording reaches RECORDING.warningAtMs (one minute before the limit). */
  onWarning?: () => void;
}

export interface AudioRecorder {
  status: RecorderStatus;
  /** Seconds since the recording started, for a visible timer (0 when none has started). */
  elapsedSeconds: number;
  /** The recording has passed the 14-minute warning. */
  nearLimit: boolean;
  error: RecorderError | null;
  /** Asks for the microphone and starts recording; does nothing unless idle. */
  start(): Promise<void>;
  /** Stops recording; the recording is then transcribed (or handed over). */
  stop(): void;
  /** Starts when idle, stops when recording. */
  toggle(): void;
  clearError(): void;
}

/** The first of RECORDING.preferredMimeTypes this browser can record, if any. */
export function preferredMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return RECORDING.preferredMimeTypes.find((type) => MediaRecorder.isTypeSupported(type));
}

/** Microphone access needs getUserMedia, MediaRecorder and a secure origin (localhost counts). */
export function canRecordAudio(): boolean {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return false;
  const secure = window.isSecureContext || ['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname);
  return secure && typeof navigator.mediaDevices?.getUserMedia === 'function' && typeof MediaRecorder !== 'undefined';
}

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

/** Average volume (0–255) of the analyser's current frequency data. */
function averageVolume(analyser: AnalyserNode, buffer: Uint8Array<ArrayBuffer>): number {
  analyser.getByteFrequencyData(buffer);
  let sum = 0;
  for (const value of buffer) sum += value;
  return buffer.length ? sum / buffer.length : 0;
}

/** How often the microphone level is checked for silence. */
const SILENCE_CHECK_INTERVAL_MS = 100;
/** Errors from 503 and 429 answers carry a readable server message worth showing. */
const SERVER_MESSAGE_STATUSES = [429, 503];

interface StoredError {
  kind: RecorderErrorKind;
  /** A readable server message (503 not configured, 429 rate limited). */
  serverMessage?: string;
  serverCode?: string;
}

interface RecordingSession {
  stream: MediaStream;
  recorder: MediaRecorder;
  mimeType: string;
  chunks: Blob[];
  audioContext: AudioContext | null;
  timers: ReturnType<typeof setTimeout>[];
  intervals: ReturnType<typeof setInterval>[];
  /** Set on unmount: the recording is thrown away instead of transcribed. */
  discarded: boolean;
  released: boolean;
}

function release(session: RecordingSession): void {
  if (session.released) return;
  session.released = true;
  session.timers.forEach(clearTimeout);
  session.intervals.forEach(clearInterval);
  session.stream.getTracks().forEach((track) => track.stop());
  if (session.audioContext && session.audioContext.state !== 'closed') {
    session.audioContext.close().catch((error: unknown) => console.warn('Closing the audio context failed', error));
  }
}

type AudioContextConstructor = new () => AudioContext;

function audioContextConstructor(): AudioContextConstructor | undefined {
  // Safari before 14.1 only has the prefixed constructor.
  const prefixed = (window as Window & { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext;
  return window.AudioContext ?? prefixed;
}

/**
 * Records from the microphone (mono, 16 kHz, 128 kbps, 1 s chunks) and transcribes the result.
 * Recording stops by `stop()`, after 2 s of silence, or at the 15-minute limit (part 1 §4, §9).
 *
 * Silence only counts once some sound above the threshold has been heard, so a person who
 * pauses before speaking is not cut off; after that, 2 s of silence ends the recording.
 */
export function useAudioRecorder({
  language,
  onTranscription,
  autoTranscribe = true,
  onRecordingComplete,
  stopOnSilence = true,
  onWarning,
}: UseAudioRecorderOptions): AudioRecorder {
  const { t, i18n } = useTranslation(ASSISTANT_NS);
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [elapsedSeconds, setElapsedSeconds] = useState(0);
  const [nearLimit, setNearLimit] = useState(false);
  const [storedError, setStoredError] = useState<StoredError | null>(null);
  const session = useRef<RecordingSession | null>(null);
  /** Set while the microphone permission is asked for, so a second click does not ask twice. */
  const starting = useRef(false);
  const mounted = useRef(true);

  const options = useRef({ language, onTranscription, autoTranscribe, onRecordingComplete, stopOnSilence, onWarning });
  useLayoutEffect(() => {
    options.current = { language, onTranscription, autoTranscribe, onRecordingComplete, stopOnSilence, onWarning };
  });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const current = session.current;
      if (!current) return;
      current.discarded = true;
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      release(current);
      session.current = null;
    };
  }, []);

  const stop = useCallback(() => {
    const current = session.current;
    if (current && current.recorder.state !== 'inactive') current.recorder.stop();
  }, []);

  const finish = useCallback(async (finished: RecordingSession) => {
    release(finished);
    if (session.current === finished) session.current = null;
    if (finished.discarded || !mounted.current) return;
    const recording = new Blob(finished.chunks, { type: finished.recorder.mimeType || finished.mimeType });
    const { autoTranscribe: shouldTranscribe, onRecordingComplete: handOver, language: spoken } = options.current;
    handOver?.(recording);
    if (!shouldTranscribe) {
      setStatus('idle');
      return;
    }
    if (recording.size === 0) {
      setStatus('idle');
      setStoredError({ kind: 'noSpeech' });
      return;
    }
    setStatus('transcribing');
    try {
      const { transcription } = await transcribe(recording, spoken);
      if (!mounted.current) return;
      const text = typeof transcription === 'string' ? transcription.trim() : '';
      if (isNoSpeech(text)) setStoredError({ kind: 'noSpeech' });
      else options.current.onTranscription?.(text);
    } catch (error) {
      console.error('Transcription failed', error);
      if (!mounted.current) return;
      if (error instanceof ApiError && SERVER_MESSAGE_STATUSES.includes(error.status)) {
        const code = (error.body as { code?: unknown } | undefined)?.code;
        setStoredError({ kind: 'transcriptionFailed', serverMessage: error.message, serverCode: typeof code === 'string' ? code : undefined });
      } else {
        setStoredError({ kind: 'transcriptionFailed' });
      }
    } finally {
      if (mounted.current) setStatus('idle');
    }
  }, []);

  const startRecording = useCallback(async () => {
    setStoredError(null);
    setNearLimit(false);
    setElapsedSeconds(0);
    if (!canRecordAudio()) {
      setStoredError({ kind: 'unsupported' });
      return;
    }

    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: {
          channelCount: RECORDING.channelCount,
          sampleRate: RECORDING.sampleRate,
          echoCancellation: true,
          noiseSuppression: true,
        },
      });
    } catch (error) {
      console.error('Microphone access failed', error);
      if (mounted.current) setStoredError({ kind: microphoneErrorKind(error) });
      return;
    }
    if (!mounted.current || session.current) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }

    const mimeType = preferredMimeType();
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: RECORDING.audioBitsPerSecond });
    } catch (error) {
      console.error('MediaRecorder could not start', error);
      stream.getTracks().forEach((track) => track.stop());
      setStoredError({ kind: 'unsupported' });
      return;
    }

    const current: RecordingSession = {
      stream,
      recorder,
      mimeType: mimeType ?? 'audio/webm',
      chunks: [],
      audioContext: null,
      timers: [],
      intervals: [],
      discarded: false,
      released: false,
    };
    session.current = current;
    recorder.ondataavailable = (event: BlobEvent) => {
      if (event.data && event.data.size > 0) current.chunks.push(event.data);
    };
    recorder.onstop = () => void finish(current);
    recorder.start(RECORDING.chunkIntervalMs);
    setStatus('recording');

    const startedAt = Date.now();
    current.intervals.push(setInterval(() => setElapsedSeconds(Math.floor((Date.now() - startedAt) / 1000)), 1000));
    current.timers.push(
      setTimeout(() => {
        setNearLimit(true);
        options.current.onWarning?.();
      }, RECORDING.warningAtMs),
      setTimeout(() => {
        setStoredError({ kind: 'maxDuration' });
        stop();
      }, RECORDING.maxDurationMs),
    );

    const AudioContextClass = options.current.stopOnSilence ? audioContextConstructor() : undefined;
    if (AudioContextClass) {
      try {
        const audioContext = new AudioContextClass();
        current.audioContext = audioContext;
        const analyser = audioContext.createAnalyser();
        analyser.fftSize = 256;
        audioContext.createMediaStreamSource(stream).connect(analyser);
        const buffer = new Uint8Array(analyser.frequencyBinCount);
        let heardSound = false;
        let silentSince: number | null = null;
        current.intervals.push(
          setInterval(() => {
            const now = Date.now();
            if (averageVolume(analyser, buffer) >= RECORDING.silenceThreshold) {
              heardSound = true;
              silentSince = null;
              return;
            }
            if (!heardSound) return;
            silentSince ??= now;
            if (now - silentSince >= RECORDING.silenceDurationMs) stop();
          }, SILENCE_CHECK_INTERVAL_MS),
        );
      } catch (error) {
        // Recording still works; only the automatic stop on silence is lost.
        console.warn('Silence detection is unavailable', error);
      }
    }
  }, [finish, stop]);

  const start = useCallback(async () => {
    if (session.current || starting.current || status !== 'idle') return;
    starting.current = true;
    try {
      await startRecording();
    } finally {
      starting.current = false;
    }
  }, [status, startRecording]);

  const toggle = useCallback(() => {
    if (status === 'recording') stop();
    else if (status === 'idle') void start();
  }, [status, start, stop]);

  const clearError = useCallback(() => setStoredError(null), []);

  const errorMessage = (stored: StoredError): string => {
    if (!stored.serverMessage) return t(`audio.errors.${stored.kind}`);
    // The server writes English; other interface languages get the translation of its code.
    const translated = i18n.resolvedLanguage !== 'en' && stored.serverCode ? t(`audio.errors.${stored.serverCode}`, { defaultValue: '' }) : '';
    return translated || stored.serverMessage;
  };

  return {
    status,
    elapsedSeconds,
    nearLimit,
    error: storedError ? { kind: storedError.kind, message: errorMessage(storedError) } : null,
    start,
    stop,
    toggle,
    clearError,
  };
}
