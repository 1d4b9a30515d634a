import { RECORDING } from '@clari/contracts';

/** One recording: the microphone, the recorder, what it has recorded, and what must be stopped after it. */
export interface RecordingSession {
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

export function newSession(
  stream: MediaStream,
  recorder: MediaRecorder,
  mimeType: string | undefined,
): RecordingSession {
  return {
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
}

/** Stops the timers, the microphone and the silence analyser; safe to call twice. */
export function release(session: RecordingSession): void {
  if (session.released) return;
  session.released = true;
  session.timers.forEach(clearTimeout);
  session.intervals.forEach(clearInterval);
  session.stream.getTracks().forEach((track) => track.stop());
  if (session.audioContext && session.audioContext.state !== 'closed') {
    session.audioContext.close().catch((error: unknown) => console.warn('Closing the audio context failed', error));
  }
}

/** How often the microphone level is checked for silence. */
const SILENCE_CHECK_INTERVAL_MS = 100;

type AudioContextConstructor = new () => AudioContext;

function audioContextConstructor(): AudioContextConstructor | undefined {
  // Safari before 14.1 only has the prefixed constructor.
  const prefixed = (window as Window & { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext;
  return window.AudioContext ?? prefixed;
}

/** Average volume (0–255) of the analyser's current frequency data. */
function averageVolume(analyser: AnalyserNode, buffer: Uint8Array<ArrayBuffer>): number {
  analyser.getByteFrequencyData(buffer);
  let sum = 0;
  for (const value of buffer) sum += value;
  return buffer.length ? sum / buffer.length : 0;
}

/**
 * Calls `onSilence` after RECORDING.silenceDurationMs of silence. Silence only counts once some
 * sound above the threshold has been heard, so a person who pauses before speaking is not cut off.
 */
export function watchForSilence(session: RecordingSession, onSilence: () => void): void {
  const AudioContextClass = audioContextConstructor();
  if (!AudioContextClass) return;
  try {
    const audioContext = new AudioContextClass();
    session.audioContext = audioContext;
    const analyser = audioContext.createAnalyser();
    analyser.fftSize = 256;
    audioContext.createMediaStreamSource(session.stream).connect(analyser);
    const buffer = new Uint8Array(analyser.frequencyBinCount);
    let heardSound = false;
    let silentSince: number | null = null;
    session.intervals.push(
      setInterval(() => {
        const now = Date.now();
        if (averageVolume(analyser, buffer) >= RECORDING.silenceThreshold) {
          heardSound = true;
          silentSince = null;
          return;
        }
        if (!heardSound) return;
        silentSince ??= now;
        if (now - silentSince >= RECORDING.silenceDurationMs) onSilence();
      }, SILENCE_CHECK_INTERVAL_MS),
    );
  } catch (error) {
    // Recording still works; only the automatic stop on silence is lost.
    console.warn('Silence detection is unavailable', error);
  }
}
