import type { RateLimit } from '../../core/security/rate-limiter';

/** Per clinician; transcriptions share the assistant's per-user limit (one transcription queue). */
export const JOURNAL_RATE_LIMITS = {
  summariesPerUser: { limit: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;

/** Output tokens a model may use for a summary (long sessions give long notes). */
export const JOURNAL_SUMMARY_MAX_OUTPUT_TOKENS = 4000;
