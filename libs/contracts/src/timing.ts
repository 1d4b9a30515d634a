/** Timing constants of part 1 §9 and part 2 §9, in milliseconds unless named otherwise. */
export const TIMING = {
  autosaveDelayMs: 1000,
  toastDurationMs: 3000,
  redirectAfterVerifyMs: 3000,
  redirectAfterDeleteMs: 3000,
  redirectAfterLoadMs: 50,
  yearCompassRefreshAfterAiMs: 500,
} as const;

/** Voice recording (part 1 §9). */
export const RECORDING = {
  maxDurationMs: 15 * 60 * 1000,
  warningAtMs: 14 * 60 * 1000,
  silenceThreshold: 5,
  silenceDurationMs: 2000,
  channelCount: 1,
  sampleRate: 16000,
  audioBitsPerSecond: 128000,
  chunkIntervalMs: 1000,
  preferredMimeTypes: ['audio/webm', 'audio/mp4', 'audio/m4a', 'audio/wav', 'audio/aac', 'audio/ogg'],
  downloadFileName: 'recording.webm',
} as const;

/** Session cookies live 24 h (legal pages). */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Interview resume codes are six digits (part 2 §9). */
export const INTERVIEW_TOKEN_PATTERN = /^\d{6}$/;
export const INTERVIEW_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];
export const INTERVIEW_DEFAULT_RETENTION_DAYS = 30;

/** Upload size limits. */
export const UPLOAD_LIMITS = {
  audioBytes: 25 * 1024 * 1024,
  portraitBytes: 5 * 1024 * 1024,
  yearCompassImageBytes: 10 * 1024 * 1024,
} as const;

/** Legal pages' last-updated date (part 2 "Legal pages"). */
export const LEGAL_LAST_UPDATED = '2025-03';
