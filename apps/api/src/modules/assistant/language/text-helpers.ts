import type { ChatHistoryItem, Language } from '@clari/contracts';

/**
 * The one set of language helpers the offline guides share: lists joined the way each
 * language joins them (Intl), quoting with each language's quotation marks, placeholders,
 * and reply variants that never repeat the previous reply.
 */
const LOCALES: Record<Language, string> = { en: 'en-GB', sv: 'sv-SE' };

// Made once per language: an Intl object costs far more to build than to use, and a guide's reply uses several.
const listFormats = (locale: string) => ({
  and: new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }),
  or: new Intl.ListFormat(locale, { style: 'long', type: 'disjunction' }),
});
const LIST_FORMATS: Record<Language, ReturnType<typeof listFormats>> = {
  en: listFormats(LOCALES.en),
  sv: listFormats(LOCALES.sv),
};
const PLURAL_RULES: Record<Language, Intl.PluralRules> = {
  en: new Intl.PluralRules(LOCALES.en),
  sv: new Intl.PluralRules(LOCALES.sv),
};

/** "A, B and C" / "A, B och C"; `or` gives "A, B or C" / "A, B eller C". */
export function joinList(items: readonly string[], language: Language, kind: 'and' | 'or' = 'and'): string {
  return LIST_FORMATS[language][kind].format(items);
}

/** Which plural form a count takes in the language (Intl.PluralRules): 'one' or 'other'. */
export function pluralOf(language: Language, count: number): 'one' | 'other' {
  return PLURAL_RULES[language].select(count) === 'one' ? 'one' : 'other';
}

/** The user's words in the language's quotation marks: “…” in English, ”…” in Swedish. */
export function quote(text: string, language: Language): string {
  return language === 'sv' ? `”${text}”` : `“${text}”`;
}

/** Replaces {{name}} placeholders; unknown ones become empty. */
export function fill(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(params[key] ?? ''));
}

/**
 * One of the variants, turning with the thread, and never the one the previous reply began
 * with: a thread does not say the same sentence twice in a row.
 */
export function vary(variants: readonly string[], history: readonly ChatHistoryItem[]): string {
  if (variants.length === 0) return '';
  const replies = history.filter((item) => item.role === 'assistant');
  const last = replies[replies.length - 1]?.content ?? '';
  for (let offset = 0; offset < variants.length; offset++) {
    const candidate = variants[(replies.length + offset) % variants.length];
    if (!last.includes(candidate)) return candidate;
  }
  return variants[0];
}

/** The sentences of a text (split after . ! ? and at line breaks), each on one line; empty ones dropped. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => /\p{L}/u.test(sentence));
}

export function wordCount(text: string): number {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;
}

/** At most `max` characters, on one line, cut at a word and marked with …. */
export function shorten(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** Like shorten, but keeps line breaks (for Markdown). */
export function limit(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** The first sentence of the text without its closing punctuation, at most `max` characters, cut at a word. */
export function firstSentence(input: string, max = 90): string {
  const sentence =
    input
      .trim()
      .split(/(?<=[.!?])\s|\n/)[0]
      ?.trim() ?? '';
  if (sentence.length <= max) return sentence.replace(/[.!?]+$/, '');
  return `${sentence.slice(0, max).replace(/\s+\S*$/, '')}…`;
}

/** The text with its first letter in upper case. */
export function capitalise(text: string): string {
  const trimmed = text.trim();
  return trimmed.charAt(0).toLocaleUpperCase('sv') + trimmed.slice(1);
}
