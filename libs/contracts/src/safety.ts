/**
 * Clari's safety net: what the crisis check can find, how the chat reports it, and the help
 * it offers. The phrase data lives in locales/{en,sv}/safety-lexicon.json; the texts people
 * read in locales/{en,sv}/safety.json.
 */

/**
 * How worried a reply is. `concern` (an indirect or ambiguous sign): Clari asks directly and
 * kindly whether the person is thinking about ending their life, with the help numbers;
 * `crisis`: the crisis reply with help, the exercise pauses; `urgent` (an attempt made or under
 * way, an act announced for now): emergency first. Nothing of any of them is ever content.
 */
export const RISK_LEVELS = ['none', 'concern', 'crisis', 'urgent'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** The levels a stored message can be flagged with: never content, and the help card shows. */
export type FlaggedRisk = Exclude<RiskLevel, 'none'>;
export const FLAGGED_RISKS: readonly FlaggedRisk[] = ['concern', 'crisis', 'urgent'];

/** The kinds of crisis statement the check recognises; each has its own reply. */
export const CRISIS_CLASSES = ['direct', 'passive', 'plan', 'self_harm', 'hopelessness'] as const;
export type CrisisClass = (typeof CRISIS_CLASSES)[number];

/**
 * A helpline shown with every crisis, urgent and check-in reply and on the chat panel's help
 * card. The defaults live in locales/{en,sv}/safety.json ("helplines"); an operator replaces
 * them per language with HELPLINES_FILE (docs/configuration.md).
 */
export interface Helpline {
  /** Stable key (letters, digits, dashes): the card's test id, and how an operator names a line. */
  id: string;
  name: string;
  /** When and how it answers ("call or chat, day and night"). */
  description?: string;
  /** What is dialled, for the `tel:` link; a line has a phone, a web page, or both. */
  phone?: string;
  url?: string;
}

/** The help for readers of one language: the emergency number first, then the lines. */
export interface HelplineSet {
  emergency: string;
  lines: Helpline[];
}

export const HELPLINE_LIMITS = { lines: 8, name: 80, description: 160 } as const;

/** A helpline's web address as people say it ("findahelpline.com", "1177.se"), for the replies and the help card. */
export function helplineWebName(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
