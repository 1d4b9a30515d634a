import { RECORDING } from '@clari/contracts';

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

/** Asks for the microphone: mono, 16 kHz, with the browser's echo cancellation and noise suppression. */
export function openMicrophone(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    audio: {
      channelCount: RECORDING.channelCount,
      sampleRate: RECORDING.sampleRate,
      echoCancellation: true,
      noiseSuppression: true,
    },
  });
}
