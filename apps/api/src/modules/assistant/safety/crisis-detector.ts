import type { CrisisClass, Language, RiskLevel } from '@clari/contracts';
import enLexicon from '../../../../../../locales/en/safety-lexicon.json';
import svLexicon from '../../../../../../locales/sv/safety-lexicon.json';
import classifierWeights from './safety-classifier.weights.json';
import { featuresOf } from '../language/stem-network';
import {
  CLASSIFIER_THRESHOLD,
  OFF_TOPIC_THRESHOLD,
  URGENT_THRESHOLD,
  loadSafetyClassifier,
  type SafetyClassifierJson,
} from './safety-classifier';
import {
  compileLexicon,
  compilePattern,
  matchLexicon,
  normalise,
  spansOf,
  type CompiledLexicon,
  type CrisisMatch,
  type CrisisSeverity,
  type LexiconFile,
  type ScopeName,
} from '../language/lexicon';

/** The crisis lexicons, compared by stems; the classifier reads messages through them too. */
export const STEMMED_LEXICONS: Record<Language, CompiledLexicon> = {
  en: compileLexicon('en', enLexicon as LexiconFile, { stemmed: true }),
  sv: compileLexicon('sv', svLexicon as LexiconFile, { stemmed: true }),
};
/** Both languages are always checked: people mix them, and a Swedish user may write English. */
const LEXICONS = [STEMMED_LEXICONS.en, STEMMED_LEXICONS.sv];
const CLASSIFIER = loadSafetyClassifier(classifierWeights as SafetyClassifierJson);

/** What the lexicon makes of one text. */
export interface CrisisAssessment {
  /**
   * urgent: an attempt made or under way, or an act announced for now (emergency first);
   * crisis: the crisis path; concern: an indirect or ambiguous sign (Clari asks directly).
   */
  risk: RiskLevel;
  /** The most serious class found (null for none). */
  class: CrisisClass | null;
  severity: CrisisSeverity | null;
  /** Matches that count (not denied, about the writer, not past and recovered), most serious first. */
  matches: CrisisMatch[];
  /** Risk phrases the text denies ("I don't want to die", "inga självmordstankar"). */
  denials: CrisisMatch[];
  /** Risk phrases about someone else ("my friend said she wants to die") or past and recovered. */
  setAside: Array<CrisisMatch & { reason: 'other_person' | 'past_recovered' | 'figure_of_speech' | 'quote' }>;
  /** Risk phrases told of as past ("years ago"), not said to be over: they count as a concern, so Clari asks. */
  past: CrisisMatch[];
  /** The classifier's score, when it was asked (the lexicon found nothing): above its threshold it asks. */
  classifier: number;
  /** Which part decided a level other than none: the lexicon, or the classifier beside it. */
  signal: 'lexicon' | 'classifier' | null;
}

const SEVERITY_RANK: Record<CrisisSeverity, number> = { urgent: 4, high: 3, medium: 2, low: 1, weak: 0 };
/** Among equally severe matches, the class whose reply fits best comes first. */
const CLASS_RANK: Record<CrisisClass, number> = { plan: 5, direct: 4, self_harm: 3, passive: 2, hopelessness: 1 };

/** Statements of wishing to die, of suicidal thoughts and of self-harm: no occasion explains them away. */
const STATEMENT_CLASSES: ReadonlySet<CrisisClass> = new Set(['direct', 'passive', 'self_harm']);

/** How many different low-severity signs in one message count as a crisis. */
const CONCERNS_FOR_CRISIS = 2;
/** How many different weak signs in one message count as a concern. */
const WEAK_FOR_CONCERN = 2;

/** How far back a clause is read for the person it is about. */
const SUBJECT_REACH = 8;

/** Longest text examined at once; longer texts (transcripts) are examined in pieces by their callers. */
export const CRISIS_SCAN_MAX = 20_000;

export function assessCrisis(text: string, languages: readonly Language[] = ['en', 'sv']): CrisisAssessment {
  const scanned = text.slice(0, CRISIS_SCAN_MAX);
  const counted: CrisisMatch[] = [];
  const denials: CrisisMatch[] = [];
  const setAside: CrisisAssessment['setAside'] = [];
  const past: CrisisMatch[] = [];
  // Each language reads the text once: the lexicon, its scopes and the classifier all work on this.
  const readings = LEXICONS.filter((lexicon) => languages.includes(lexicon.language)).map((lexicon) => ({
    lexicon,
    normalised: normalise(scanned, lexicon),
  }));
  for (const { lexicon, normalised } of readings) {
    const recovered = hasScope(normalised, lexicon, 'recovered');
    // "Years ago I tried … Today I have a job I love": the told past set against the present, with nothing back again.
    const pastIsOver = hasScope(normalised, lexicon, 'present') && !hasScope(normalised, lexicon, 'returning');
    const earnest = hasScope(normalised, lexicon, 'earnest');
    // How a message says it is meant ("not in a suicidal way", "philosophically") holds for all of it.
    const disclaimed = hasScope(normalised, lexicon, 'disclaimer');
    for (const found of matchLexicon(scanned, lexicon, normalised)) {
      // "Why shouldn't I just end it", "varför ska jag inte ta livet av mig": a negation inside a why-question
      // asks for reasons against, it denies nothing.
      const match =
        found.denied && precededInClause(normalised, found, lexicon, 'rhetorical')
          ? { ...found, denied: false }
          : found;
      if (match.denied) denials.push(match);
      else if (!match.anyPerson && aboutSomeoneElse(normalised, match, lexicon))
        setAside.push({ ...match, reason: 'other_person' });
      else if (recovered && !clauseHas(normalised, match, lexicon, 'ongoing'))
        setAside.push({ ...match, reason: 'past_recovered' });
      else if (
        !earnest &&
        (disclaimed ||
          // An occasion (moving house, the vet, a leaving party) explains a goodbye or a giving away,
          // never a statement of wanting to die, of suicidal thoughts or of self-harm.
          (!STATEMENT_CLASSES.has(match.class) && nearHas(normalised, match, lexicon, 'occasion')) ||
          sentenceHas(normalised, match, lexicon, 'hyperbole'))
      )
        setAside.push({ ...match, reason: 'figure_of_speech' });
      else if (precededInClause(normalised, match, lexicon, 'quote')) setAside.push({ ...match, reason: 'quote' });
      else if (
        clauseHas(normalised, match, lexicon, 'past', lexicon.contrastBreaks) &&
        !clauseHas(normalised, match, lexicon, 'ongoing')
      ) {
        if (pastIsOver) setAside.push({ ...match, reason: 'past_recovered' });
        else {
          past.push(match);
          counted.push({ ...match, severity: 'low' });
        }
      }
      // A plan with the means at hand becomes urgent when it is for now ("the gun is in my lap right now").
      else if (match.severity === 'high' && hasScope(normalised, lexicon, 'imminent'))
        counted.push({ ...match, severity: 'urgent' });
      else counted.push(match);
    }
  }
  const matches = counted.sort(
    (a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || CLASS_RANK[b.class] - CLASS_RANK[a.class],
  );
  // Two different signs of concern in one message ("I can't do this anymore, I want it all to be over") add up to
  // a crisis; two weak ones ("paid off my debts, cancelled the subscriptions") to a concern.
  const concerns = distinctSigns(matches.filter((match) => match.severity === 'low'));
  const weakSigns = distinctSigns(matches.filter((match) => match.severity === 'weak'));
  const top = matches[0]?.severity === 'weak' && weakSigns < WEAK_FOR_CONCERN ? undefined : matches[0];
  const risk: RiskLevel = !top
    ? 'none'
    : top.severity === 'urgent'
      ? 'urgent'
      : (top.severity !== 'low' && top.severity !== 'weak') || concerns >= CONCERNS_FOR_CRISIS
        ? 'crisis'
        : 'concern';
  // Where the lexicon found nothing and set nothing aside, the classifier may still ask (never more than ask).
  // A message that speaks of nothing the net knows (death, means, places, goodbyes …) is far likelier an
  // exercise answer ("I picked up knitting again"): the network must be surer to ask about it.
  const features = readings.map(({ normalised }) => featuresOf(normalised));
  const best = (score: (features: Record<string, number>) => number) => Math.max(...features.map(score));
  const onTopic = readings.some(({ lexicon, normalised }) => hasScope(normalised, lexicon, 'topic'));
  const classifier =
    risk === 'none' && !denials.length && !setAside.length ? best((each) => CLASSIFIER.score(each)) : 0;
  const asked = classifier > (onTopic ? CLASSIFIER_THRESHOLD : OFF_TOPIC_THRESHOLD);
  const seen: RiskLevel = asked ? 'concern' : risk;
  // A sign already seen, told as happening now or just done, is answered as urgent: emergency first.
  const urgent =
    (seen === 'concern' || seen === 'crisis') && best((each) => CLASSIFIER.urgency(each)) > URGENT_THRESHOLD;
  return {
    risk: urgent ? 'urgent' : seen,
    class: asked ? null : (top?.class ?? null),
    severity: urgent ? 'urgent' : asked ? 'low' : (top?.severity ?? null),
    matches,
    denials,
    setAside,
    past,
    classifier,
    signal: seen === 'none' ? null : asked ? 'classifier' : 'lexicon',
  };
}

/** Whether the text is a crisis statement (the crisis path's trigger; an urgent one included). */
export function isCrisis(text: string): boolean {
  const { risk } = assessCrisis(text);
  return risk === 'crisis' || risk === 'urgent';
}

/** How many signs the matches are: patterns that match the same words are one sign, not two. */
function distinctSigns(matches: readonly CrisisMatch[]): number {
  const spans: Array<[string, number, number]> = [];
  for (const match of [...matches].sort((a, b) => a.start - b.start)) {
    const overlapping = spans.some(
      // Spans include the space before and after their words: two signs side by side share one.
      ([language, start, end]) => language === match.language && match.start < end - 1 && start < match.end - 1,
    );
    if (!overlapping) spans.push([match.language, match.start, match.end]);
  }
  return spans.length;
}

/** Whether a (normalised) text has any of a scope's words. */
function hasScope(text: string, lexicon: CompiledLexicon, scope: ScopeName): boolean {
  return spansOf(text, lexicon.scopes.get(scope) ?? []).length > 0;
}

/** The clause around a match: from the last clause end before it to the first after it. */
function clauseOf(normalised: string, match: CrisisMatch): { from: number; to: number } {
  const from = normalised.lastIndexOf(' | ', match.start);
  const to = normalised.indexOf(' | ', match.end - 1);
  return { from: from === -1 ? 0 : from + 2, to: to === -1 ? normalised.length : to + 1 };
}

/**
 * Whether the match's own part of its clause has a scope's words: the clause is cut at its
 * conjunctions too ("I used to self-harm | but I have been clean for six years now").
 */
function clauseHas(
  normalised: string,
  match: CrisisMatch,
  lexicon: CompiledLexicon,
  scope: ScopeName,
  breaks: ReadonlySet<string> = lexicon.clauseBreaks,
): boolean {
  const { from, to } = clauseOf(normalised, match);
  const words = normalised.slice(from, to).trim().split(' ');
  let offset = normalised[from] === ' ' ? from + 1 : from;
  let start = 0;
  let end = words.length;
  for (const [index, word] of words.entries()) {
    if (breaks.has(word)) {
      if (offset < match.start) start = index + 1;
      else if (offset >= match.end && end === words.length) end = index;
    }
    offset += word.length + 1;
  }
  return hasScope(` ${words.slice(start, end).join(' ')} `, lexicon, scope);
}

/** Whether the match's whole clause, conjunctions and all, has a scope's words ("so grey here that one wants to die haha"). */
function sentenceHas(normalised: string, match: CrisisMatch, lexicon: CompiledLexicon, scope: ScopeName): boolean {
  const { from, to } = clauseOf(normalised, match);
  return hasScope(` ${normalised.slice(from, to).trim()} `, lexicon, scope);
}

/** How many words either side of a match an occasion reaches ("last day at work, goodbye everyone"). */
const OCCASION_REACH = 12;

/** Whether a scope's words stand near the match, over clause ends: not anywhere in a long message. */
function nearHas(normalised: string, match: CrisisMatch, lexicon: CompiledLexicon, scope: ScopeName): boolean {
  const before = normalised.slice(0, match.start).trim().split(' ').slice(-OCCASION_REACH);
  const after = normalised.slice(match.end).trim().split(' ').slice(0, OCCASION_REACH);
  return hasScope(` ${[...before, match.matched, ...after].join(' ')} `, lexicon, scope);
}

/** Whether the match's clause has a scope's words before the match ("we sang 'i want to live, i want to die'"). */
function precededInClause(normalised: string, match: CrisisMatch, lexicon: CompiledLexicon, scope: ScopeName): boolean {
  const { from } = clauseOf(normalised, match);
  return hasScope(` ${normalised.slice(from, match.start).trim()} `, lexicon, scope);
}

/** A means (a gun, pills, a rope) at the start of a match: its owner may be named just before it. */
const MEANS_AT_START: Record<Language, RegExp> = {
  en: new RegExp(`^${compilePattern('@means', STEMMED_LEXICONS.en).source}`),
  sv: new RegExp(`^${compilePattern('@means', STEMMED_LEXICONS.sv).source}`),
};

function startsWithMeans(match: CrisisMatch, lexicon: CompiledLexicon): boolean {
  return MEANS_AT_START[lexicon.language].test(` ${match.matched} `);
}

/**
 * Whether a match speaks of someone else: the person nearest before it in its clause (or, in
 * Swedish word order, inside it: "nu vill hon dö") is another person, and the match itself
 * names no first person ("everyone would be better off without me" is about the writer).
 */
function aboutSomeoneElse(normalised: string, match: CrisisMatch, lexicon: CompiledLexicon): boolean {
  const persons = (text: string, scope: ScopeName) =>
    spansOf(text, lexicon.scopes.get(scope) ?? []).map(([start]) => start);
  if (persons(` ${match.matched} `, 'firstPerson').length) return false;
  // Swedish puts the subject right after the verb ("nu vill hon dö"): the match's first two words are read for a
  // subject pronoun (not "de", "dem", which are objects as often).
  const inside = ` ${match.matched.split(' ').slice(0, 2).join(' ')} `;
  const { from } = clauseOf(normalised, match);
  const before = normalised.slice(from, match.start).trim().split(' ').slice(-SUBJECT_REACH).join(' ');
  const window = ` ${before} `;
  const lastFirst = Math.max(-1, ...persons(window, 'firstPerson'));
  // "pappas gevär", "my dad's pills": a person just before the means they own is not the subject.
  const possessive = (start: number) =>
    window.indexOf(' ', start + 1) === window.length - 1 && startsWithMeans(match, lexicon);
  const lastOther = Math.max(-1, ...persons(window, 'otherPerson').filter((start) => !possessive(start)));
  if (lastOther > lastFirst) return true;
  if (lastFirst === -1 && persons(inside, 'otherSubject').length) return true;
  return false;
}
