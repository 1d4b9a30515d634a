import type { CrisisClass, Language, RiskLevel } from '@clari/contracts';
import enLexicon from '../../../../../../locales/en/safety-lexicon.json';
import svLexicon from '../../../../../../locales/sv/safety-lexicon.json';
import {
  compileLexicon,
  matchLexicon,
  type CrisisMatch,
  type CrisisSeverity,
  type LexiconFile,
} from './crisis-lexicon';

/** Both languages are always checked: people mix them, and a Swedish user may write English. */
const LEXICONS = [compileLexicon('en', enLexicon as LexiconFile), compileLexicon('sv', svLexicon as LexiconFile)];

/** What the lexicon makes of one text. */
export interface CrisisAssessment {
  /** crisis: take the crisis path; concern: worth noting, answered as usual. */
  risk: RiskLevel;
  /** The most serious class found (null for none). */
  class: CrisisClass | null;
  severity: CrisisSeverity | null;
  /** Matches that count (not denied), most serious first. */
  matches: CrisisMatch[];
  /** Risk phrases the text denies ("I don't want to die", "inga självmordstankar"). */
  denials: CrisisMatch[];
}

const SEVERITY_RANK: Record<CrisisSeverity, number> = { high: 3, medium: 2, low: 1 };
/** Among equally severe matches, the class whose reply fits best comes first. */
const CLASS_RANK: Record<CrisisClass, number> = { plan: 5, direct: 4, self_harm: 3, passive: 2, hopelessness: 1 };

/** How many different low-severity signs in one message count as a crisis. */
const CONCERNS_FOR_CRISIS = 2;

/** Longest text examined at once; longer texts (transcripts) are examined in pieces by their callers. */
export const CRISIS_SCAN_MAX = 20_000;

export function assessCrisis(text: string, languages: readonly Language[] = ['en', 'sv']): CrisisAssessment {
  const all = LEXICONS.filter((lexicon) => languages.includes(lexicon.language)).flatMap((lexicon) =>
    matchLexicon(text.slice(0, CRISIS_SCAN_MAX), lexicon),
  );
  const matches = all
    .filter((match) => !match.denied)
    .sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || CLASS_RANK[b.class] - CLASS_RANK[a.class]);
  const denials = all.filter((match) => match.denied);
  const top = matches[0];
  // Two different signs of concern in one message ("I can't do this anymore, I want it all to be over") add up to a crisis.
  const concerns = new Set(matches.filter((match) => match.severity === 'low').map((match) => match.pattern)).size;
  const risk: RiskLevel = !top
    ? 'none'
    : top.severity !== 'low' || concerns >= CONCERNS_FOR_CRISIS
      ? 'crisis'
      : 'concern';
  return { risk, class: top?.class ?? null, severity: top?.severity ?? null, matches, denials };
}

/** Whether the text is a crisis statement (the crisis path's trigger). */
export function isCrisis(text: string): boolean {
  return assessCrisis(text).risk === 'crisis';
}
