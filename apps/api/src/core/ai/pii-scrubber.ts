import { Injectable } from '@nestjs/common';

export const REDACTED = {
  name: '[name]',
  email: '[e-mail]',
  phone: '[phone]',
  personalNumber: '[personal number]',
} as const;

const EMAIL = /[\p{L}0-9._%+-]+@[\p{L}0-9-]+(?:\.[\p{L}0-9-]+)*\.\p{L}{2,}/giu;
/**
 * Swedish personal identity and coordination numbers: (YY)YYMMDD[-+ ]NNNN, day 01–31 or
 * 61–91 for coordination numbers.
 */
const PERSONAL_NUMBER = /(?<![\d])(?:19|20)?\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01]|6[1-9]|[78]\d|9[01])[-+ ]?\d{4}(?![\d])/g;
/** Numbers written the way phones are: international (+46 …, 0046 …), trunk (070-…), or 555-123-4567. */
const PHONE = /(?<![\w+(])(?:(?:\+|00)\d{1,3}[\s.-]?\(?\d[\d\s().-]{5,}\d|\(?0\d{1,4}\)?[\s./-]?\d[\d\s./-]{4,}\d|\(?\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4})(?![\w])/g;
const MIN_PHONE_DIGITS = 7;
/** Name parts this short are matched case-sensitively. */
const SHORT_NAME_PART = 3;

/**
 * Removes personal identifiers from text before it leaves for an AI provider: the user's
 * name (whole and each part), e-mail addresses, phone numbers and Swedish personal identity
 * numbers. Pure and synchronous so it can run on every string of a prompt.
 */
@Injectable()
export class PiiScrubber {
  scrub(text: string, names: readonly string[] = []): string {
    let result = text.replace(EMAIL, REDACTED.email);
    result = result.replace(PERSONAL_NUMBER, REDACTED.personalNumber);
    result = result.replace(PHONE, (match) => (countDigits(match) >= MIN_PHONE_DIGITS ? REDACTED.phone : match));
    for (const pattern of namePatterns(names)) result = result.replace(pattern, REDACTED.name);
    return result;
  }

  /** Scrubs every string inside a JSON-like value (conversation data, history). */
  scrubDeep<T>(value: T, names: readonly string[] = []): T {
    if (typeof value === 'string') return this.scrub(value, names) as T;
    if (Array.isArray(value)) return value.map((item: unknown) => this.scrubDeep(item, names)) as T;
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.scrubDeep(item, names)])) as T;
    }
    return value;
  }
}

function countDigits(text: string): number {
  return text.replace(/\D/g, '').length;
}

/** The full name first, then each part of two letters or more, longest first (each capitalised as written). */
function namePatterns(names: readonly string[]): RegExp[] {
  const parts = new Set<string>();
  for (const name of names) {
    const trimmed = name.trim();
    if (trimmed.length >= 2) parts.add(trimmed);
    for (const part of trimmed.split(/[\s-]+/)) if (part.length >= 2) parts.add(part);
  }
  // Short parts ("Bo", "Per", "Ek") are everyday words too ("bo" = live): only matched as capitalised.
  return [...parts]
    .sort((a, b) => b.length - a.length)
    .map((part) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(part)}(?![\\p{L}\\p{N}])`, part.length <= SHORT_NAME_PART ? 'gu' : 'giu'));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
