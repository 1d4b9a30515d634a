import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { RECORDING, type Language } from '@clari/contracts';
import { transcribe } from './assistant-api';
import { canRecordAudio, openMicrophone, preferredMimeType } from './microphone';
import { isNoSpeech } from './no-speech';
import {
  microphoneErrorKind,
  transcriptionError,
  useRecorderErrorText,
  type RecorderError,
  type StoredError,
} from './recorder-errors';
import { newSession, release, watchForSilence, type RecordingSession } from './recording-session';

/** Part 1 §4: idle, recording, transcribing. */
export type RecorderStatus = 'idle' | 'recording' | 'transcribing';

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
  const errorText = useRecorderErrorText();
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
      setStoredError(transcriptionError(error));
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
      stream = await openMicrophone();
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
      recorder = new MediaRecorder(stream, {
        ...(mimeType ? { mimeType } : {}),
        audioBitsPerSecond: RECORDING.audioBitsPerSecond,
      });
    } catch (error) {
      console.error('MediaRecorder could not start', error);
      stream.getTracks().forEach((track) => track.stop());
      setStoredError({ kind: 'unsupported' });
      return;
    }

    const current = newSession(stream, recorder, mimeType);
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
    if (options.current.stopOnSilence) watchForSilence(current, stop);
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

  return {
    status,
    elapsedSeconds,
    nearLimit,
    error: storedError ? { kind: storedError.kind, message: errorText(storedError) } : null,
    start,
    stop,
    toggle,
    clearError,
  };
}
