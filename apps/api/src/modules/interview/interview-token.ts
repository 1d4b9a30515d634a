import { randomInt } from 'node:crypto';

/** The resume code: six digits, 000000–999999, from the cryptographic random source. */
export function generateInterviewToken(random: (max: number) => number = (max) => randomInt(0, max)): string {
  return String(random(1_000_000)).padStart(6, '0');
}

/** Tries at finding a free token before giving up (even a third-full code space fails 20 tries once in a billion). */
export const TOKEN_ATTEMPTS = 20;
