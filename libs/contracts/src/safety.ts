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

/** Help shown with every crisis reply and on the chat panel's help card (tel: links). */
export interface CrisisHelpline {
  id: 'emergency' | 'mind' | 'vardguiden' | 'international';
  /** What is dialled, for the `tel:` link; absent for a web-only entry. */
  phone?: string;
  url?: string;
}

export const CRISIS_HELPLINES: readonly CrisisHelpline[] = [
  { id: 'emergency', phone: '112' },
  { id: 'mind', phone: '90101', url: 'https://mind.se' },
  { id: 'vardguiden', phone: '1177', url: 'https://www.1177.se' },
  { id: 'international', url: 'https://findahelpline.com' },
] as const;
