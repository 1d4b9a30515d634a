import type { Language } from '@clari/contracts';
import type { RateLimit } from '../../core/security/rate-limiter';

const MINUTE = 60;

/** Per user; history loads are cheap and counted apart from messages that reach the model. */
export const ASSISTANT_RATE_LIMITS = {
  chatPerUser: { limit: 30, windowSeconds: 5 * MINUTE },
  historyPerUser: { limit: 120, windowSeconds: 5 * MINUTE },
  transcribePerUser: { limit: 20, windowSeconds: 15 * MINUTE },
  // Visitors (the anonymous interview) by client address: generous, since a class or an
  // office may share one address; every thread is limited on its own as well.
  chatPerIp: { limit: 120, windowSeconds: 5 * MINUTE },
  historyPerIp: { limit: 240, windowSeconds: 5 * MINUTE },
  chatPerThread: { limit: 30, windowSeconds: 5 * MINUTE },
} satisfies Record<string, RateLimit>;

/** What the user reads when the provider failed or answered something unusable. */
export const POLITE_FALLBACK: Record<Language, string> = {
  en: 'I’m sorry, I couldn’t put together an answer just now. Could you try again in a moment?',
  sv: 'Förlåt, jag kunde inte formulera ett svar just nu. Kan du försöka igen om en stund?',
};

/** Conversations are swept this often; each sweep deletes those idle for 24 h. */
export const RETENTION_SWEEP_EVERY_MS = 15 * 60 * 1000;

/** How long a transcription request waits for its job. */
// Three attempts of up to 60 s (the provider timeout) plus backoff fit inside it.
export const TRANSCRIPTION_WAIT_MS = 4 * 60 * 1000;
