import { Injectable } from '@nestjs/common';

export const REDACTED = {
  name: '[name]',
  email: '[e-mail]',
  phone: '[phone]',
  personalNumber: '[personal number]',
} as const;

/**
 * Swedish personal identity and coordination numbers: (YY)YYMMDD[-+ ]NNNN, day 01–31 or
 * 61–91 for coordination numbers.
 */
const PERSONAL_NUMBER =
  /(?<![\d])(?:19|20)?\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01]|6[1-9]|[78]\d|9[01])[-+ ]?\d{4}(?![\d])/g;
/**
 * Numbers written the way phones are: international (+46 …, 0046 …), trunk (070-…), or
 * 555-123-4567. Every quantifier is bounded (a phone has at most 15 digits, E.164), so a
 * failed attempt costs a constant and the whole scan stays linear on any input.
 */
const PHONE =
  /(?<![\w+(])(?:(?:\+|00)\d{1,3}[\s.-]?\(?\d[\d\s().-]{5,28}\d|\(?0\d{1,4}\)?[\s./-]?\d[\d\s./-]{4,28}\d|\(?\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4})(?![\w])/g;
const MIN_PHONE_DIGITS = 7;
/** Name parts this short are matched case-sensitively. */
const SHORT_NAME_PART = 3;

/**
 * Removes personal identifiers from text before it leaves for an AI provider: the user's
 * name (whole and each part), e-mail addresses, phone numbers and Swedish personal identity
 * numbers. Pure, synchronous and linear-time on any input (it runs on every string of a
 * prompt, on the event loop), so no pattern here may backtrack over an unbounded run.
 */
@Injectable()
export class PiiScrubber {
  scrub(text: string, names: readonly string[] = []): string {
    let result = replaceEmails(text, REDACTED.email);
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

/**
 * Replaces what `[\p{L}0-9._%+-]+@[\p{L}0-9-]+(?:\.[\p{L}0-9-]+)*\.\p{L}{2,}` would match,
 * without a regular expression: that pattern retried its unbounded local part at every start
 * position and took quadratic time on long runs without spaces (40,000 characters: 0.7 s).
 * Here each '@' expands left over the local part and right over the domain; neither scan
 * crosses another '@' or the previous match, so every character is read at most twice.
 */
export function replaceEmails(text: string, replacement: string): string {
  let out = '';
  let copied = 0;
  let at = text.indexOf('@');
  while (at !== -1) {
    const end = domainEnd(text, at + 1);
    let next = at + 1;
    if (end !== -1) {
      let start = at;
      while (start > copied) {
        const before = codePointBefore(text, start);
        if (!isLocalPartChar(before)) break;
        start -= before > 0xffff ? 2 : 1;
      }
      if (start < at) {
        out += text.slice(copied, start) + replacement;
        copied = end;
        next = end;
      }
    }
    at = text.indexOf('@', next);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * The end of the longest `label(.label)*.LL…` starting at `from` (labels of letters, digits and
 * '-', the last one's leading letters the top-level domain, two or more), or -1.
 */
function domainEnd(text: string, from: number): number {
  let best = -1;
  let labelLength = 0;
  let tldLetters = -1; // letters counted since the last dot while they run unbroken; -1 before any dot
  for (let i = from; i < text.length;) {
    const code = text.codePointAt(i) ?? 0;
    const size = code > 0xffff ? 2 : 1;
    if (code === 0x2e) {
      if (labelLength === 0) break; // an empty label ends the domain
      labelLength = 0;
      tldLetters = 0;
    } else if (isLetter(code)) {
      labelLength += 1;
      if (tldLetters >= 0) tldLetters += 1;
      if (tldLetters >= 2) best = i + size;
    } else if (isDigit(code) || code === 0x2d) {
      labelLength += 1;
      tldLetters = -1;
    } else {
      break;
    }
    i += size;
  }
  return best;
}

function codePointBefore(text: string, index: number): number {
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  }
  return low;
}

const LETTER = /^\p{L}$/u;

function isLetter(code: number): boolean {
  if (code < 0x80) return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  // Lone surrogates are not letters; String.fromCodePoint keeps them as they are.
  return LETTER.test(String.fromCodePoint(code));
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** [\p{L}0-9._%+-] */
function isLocalPartChar(code: number): boolean {
  return (
    isLetter(code) || isDigit(code) || code === 0x2e || code === 0x5f || code === 0x25 || code === 0x2b || code === 0x2d
  );
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
    .map(
      (part) =>
        new RegExp(
          `(?<![\\p{L}\\p{N}])${escapeRegExp(part)}(?![\\p{L}\\p{N}])`,
          part.length <= SHORT_NAME_PART ? 'gu' : 'giu',
        ),
    );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
