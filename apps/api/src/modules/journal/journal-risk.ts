import type { CrisisClass, Language, RiskLevel } from '@clari/contracts';
import enTexts from '../../../../../locales/en/journal-summary.json';
import svTexts from '../../../../../locales/sv/journal-summary.json';
// isQuestion is the language library's reading: a question's word order asks without a question mark too.
import { assessCrisis, fill, isQuestion } from '../assistant/language';
import type { Utterance } from './journal-summary';

/**
 * Risk in a session transcript, as a clinician documents it: risk the client expressed, and
 * risk that was asked about and denied, each with the words that were said. A plain denial
 * ("I don't want to die") is never flagged as risk.
 */
export interface RiskNote {
  /** expressed: a crisis or urgent statement; concern: an indirect or ambiguous warning sign; denied: asked about or said, and denied. */
  kind: 'expressed' | 'concern' | 'denied';
  /** What was asked about (the class of the phrase in the question or the statement). */
  topic: CrisisClass;
  /** The statement that expresses or denies it. */
  said: Utterance;
  /** The question it answers, when the risk was asked about. */
  question?: Utterance;
}

/**
 * A clinician's question in the first person, so the lexicon reads it ("Any thoughts of
 * ending your life?" → "… ending my life?", "Har du tänkt ta ditt liv?" → "… mitt liv?").
 */
const SECOND_PERSON: Array<[RegExp, string]> = [
  [/(?<![\p{L}])yourself(?![\p{L}])/giu, 'myself'],
  [/(?<![\p{L}])your(?![\p{L}])/giu, 'my'],
  [/(?<![\p{L}])you(?![\p{L}])/giu, 'I'],
  [/(?<![\p{L}])dig själv(?![\p{L}])/giu, 'mig själv'],
  [/(?<![\p{L}])ditt(?![\p{L}])/giu, 'mitt'],
  [/(?<![\p{L}])dina(?![\p{L}])/giu, 'mina'],
  [/(?<![\p{L}])din(?![\p{L}])/giu, 'min'],
  [/(?<![\p{L}])dig(?![\p{L}])/giu, 'mig'],
  [/(?<![\p{L}])du(?![\p{L}])/giu, 'jag'],
];

function asFirstPerson(question: string): string {
  return SECOND_PERSON.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), question);
}

/** An answer that says no before anything else ("No.", "Nej, aldrig", "No, I don't"). */
const NO_ANSWER = /^(?:no|nope|never|not really|not at all|nej|nä|aldrig|inte alls|inte direkt)\b/i;

function noteKind(risk: RiskLevel): 'expressed' | 'concern' | null {
  return risk === 'crisis' || risk === 'urgent' ? 'expressed' : risk === 'concern' ? 'concern' : null;
}

/** The risk notes of a transcript's utterances, in the order they were said. */
export function riskNotes(utterances: readonly Utterance[]): RiskNote[] {
  const notes: RiskNote[] = [];
  const used = new Set<number>();
  utterances.forEach((utterance, index) => {
    if (used.has(index)) return;
    const question = isQuestion(utterance.sentence);
    const assessment = assessCrisis(question ? asFirstPerson(utterance.sentence) : utterance.sentence);
    const topic = assessment.class ?? assessment.denials[0]?.class ?? null;
    if (!topic) return;
    if (question) {
      // Asked about: the answer is the next statement by someone else (or the next statement).
      const answerIndex = utterances.findIndex(
        (candidate, at) =>
          at > index &&
          !isQuestion(candidate.sentence) &&
          (utterance.speaker === null || candidate.speaker !== utterance.speaker),
      );
      if (answerIndex < 0 || answerIndex > index + 3) return;
      const answer = utterances[answerIndex];
      const answered = assessCrisis(answer.sentence);
      used.add(answerIndex);
      const answeredKind = noteKind(answered.risk);
      if (answeredKind)
        notes.push({ kind: answeredKind, topic: answered.class ?? topic, said: answer, question: utterance });
      else if (answered.denials.length > 0 || NO_ANSWER.test(answer.sentence))
        notes.push({ kind: 'denied', topic, said: answer, question: utterance });
      return;
    }
    const kind = noteKind(assessment.risk);
    if (kind) notes.push({ kind, topic, said: utterance });
    else if (assessment.denials.length > 0) notes.push({ kind: 'denied', topic, said: utterance });
  });
  return notes;
}

export interface RiskTexts {
  heading: string;
  /** The arguments are HTML already escaped. */
  expressed(speaker: string | null, quote: string): string;
  concern(speaker: string | null, quote: string): string;
  askedDenied(topic: string, quote: string): string;
  denied(topic: string, quote: string): string;
  assess: string;
  topics: Record<CrisisClass, string>;
}

/** The shape of the "risk" part of locales/{en,sv}/journal-summary.json; its templates hold the markup of the note. */
interface RiskFile {
  heading: string;
  expressedBy: string;
  expressed: string;
  concernBy: string;
  concern: string;
  askedDenied: string;
  denied: string;
  assess: string;
  topics: Record<CrisisClass, string>;
}

function riskTexts(file: RiskFile): RiskTexts {
  return {
    ...file,
    expressed: (speaker, quoted) =>
      speaker ? fill(file.expressedBy, { speaker, quote: quoted }) : fill(file.expressed, { quote: quoted }),
    concern: (speaker, quoted) =>
      speaker ? fill(file.concernBy, { speaker, quote: quoted }) : fill(file.concern, { quote: quoted }),
    askedDenied: (topic, quoted) => fill(file.askedDenied, { topic, quote: quoted }),
    denied: (topic, quoted) => fill(file.denied, { topic, quote: quoted }),
  };
}

export const RISK_TEXTS: Record<Language, RiskTexts> = {
  en: riskTexts(enTexts.risk as RiskFile),
  sv: riskTexts(svTexts.risk as RiskFile),
};
