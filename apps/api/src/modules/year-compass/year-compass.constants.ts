import type { RateLimit } from '../../core/security/rate-limiter';

const MINUTE = 60;

/** Per user: pictures cost the provider money, uploads cost CPU (re-encoding). */
export const YEAR_COMPASS_RATE_LIMITS = {
  imagesPerUser: { limit: 20, windowSeconds: 15 * MINUTE },
  uploadsPerUser: { limit: 60, windowSeconds: 15 * MINUTE },
} satisfies Record<string, RateLimit>;

/** How long an image request waits for its queue job (the job itself retries within this). */
export const IMAGE_WAIT_MS = 150_000;
/** Generated pictures are stored at most this wide and high, uploads at most UPLOAD_IMAGE_PX. */
export const GENERATED_IMAGE_PX = 1024;
export const UPLOAD_IMAGE_PX = 1600;
/** Characters of the box text that go into the provider's image prompt. */
export const IMAGE_PROMPT_TEXT_MAX = 1000;

export const YEAR_COMPASS_MESSAGES = {
  invalidSection: 'The section number must be a whole number from 1 to 19.',
  invalidLanguage: 'lang must be en or sv.',
  unknownBox: 'This section has no such box.',
  boxWithoutImage: 'This box does not take a picture.',
  contentRequired: 'Please write something in this box before generating an image.',
  generationFailed: 'Error generating image. Please try again.',
  generationTooSlow: 'Generating the image took too long. Please try again.',
  noImage: 'This box has no picture yet.',
} as const;
