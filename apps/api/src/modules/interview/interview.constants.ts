import type { RateLimit } from '../../core/security/rate-limiter';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * The interview is public, so every door has a limit per client address, and the two that
 * could be abused from many addresses have a global one too:
 * - the token lookup is the only guessable door (a million codes): 10 lookups per address per
 *   15 minutes, and at most 60 failed lookups per 15 minutes across all addresses (successful
 *   ones do not count), i.e. under 6000 guesses a day however many addresses an attacker has;
 * - new sessions fill the code space: 20 per address per hour, 500 per hour in all.
 */
export const INTERVIEW_RATE_LIMITS = {
  requestsPerIp: { limit: 300, windowSeconds: 15 * MINUTE },
  tokenLookupsPerIp: { limit: 10, windowSeconds: 15 * MINUTE },
  tokenMissesGlobal: { limit: 60, windowSeconds: 15 * MINUTE },
  sessionsPerIp: { limit: 20, windowSeconds: HOUR },
  sessionsGlobal: { limit: 500, windowSeconds: HOUR },
} satisfies Record<string, RateLimit>;

/** Expired sessions are swept this often. */
export const INTERVIEW_RETENTION_SWEEP_EVERY_MS = 60 * 60 * 1000;
