import type { Language } from '@clari/contracts';
import enFile from '../../../../../../locales/en/interview-guide.json';
import svFile from '../../../../../../locales/sv/interview-guide.json';
import { classifyMessage, fill, pluralOf, quote } from '../../assistant/language';
import type { InterviewQuestion } from '../interview-definition';

/** The offline interviewer's words, per language (locales/{en,sv}/interview-guide.json). */
export interface InterviewGuideTexts {
  opening(title: string, count: number, firstQuestion: string): string;
  question(number: number, count: number, text: string): string;
  acknowledgements: readonly string[];
  mirror(quote: string): string;
  probes: readonly string[];
  skipped: string;
  /** For "what do you mean?": the question in other words (the guide's own rephrasing if it has one) and an example. */
  explain(question: InterviewQuestion): string;
  pause: string;
  smallTalk: string;
  identifying: string;
  closing(count: number): string;
  chips: { skip: string; explain: string };
  /** Said when the stored guide cannot be read (should not happen). */
  unavailable: string;
}

type Plural = { one: string; other: string };

/** The shape of locales/{en,sv}/interview-guide.json. */
interface InterviewGuideFile {
  opening: Plural;
  question: string;
  acknowledgements: string[];
  mirror: string;
  probes: string[];
  skipped: string;
  explainIntro: string;
  rephrased: string;
  rephraseFrames: { request: string; fallback: string };
  example: string;
  exampleFallback: string;
  pause: string;
  smallTalk: string;
  identifying: string;
  closing: Plural;
  chips: { skip: string; explain: string };
  unavailable: string;
}

function guideTexts(file: InterviewGuideFile, language: Language): InterviewGuideTexts {
  return {
    ...file,
    opening: (title, count, first) => fill(file.opening[pluralOf(language, count)], { title, count, first }),
    question: (number, count, text) => fill(file.question, { number, count, text }),
    mirror: (text) => fill(file.mirror, { quote: quote(text, language) }),
    explain: (question) => {
      const own = question.rephrase?.[language];
      const clause = own ? null : questionAsClause(question[language], language);
      const rephrasing = own ?? (clause ? fill(file.rephraseFrames.request, { clause }) : null);
      const example = question.example?.[language];
      return [
        file.explainIntro,
        rephrasing
          ? fill(file.rephrased, { text: rephrasing })
          : fill(file.rephraseFrames.fallback, { question: question[language] }),
        example ? fill(file.example, { example }) : file.exampleFallback,
      ].join(' ');
    },
    closing: (count) => fill(file.closing[pluralOf(language, count)], { count }),
  };
}

export const INTERVIEW_GUIDE: Record<Language, InterviewGuideTexts> = {
  en: guideTexts(enFile as InterviewGuideFile, 'en'),
  sv: guideTexts(svFile as InterviewGuideFile, 'sv'),
};

const EN_WH = 'how|what|why|when|where|which|who|whom|whose';
/** "How do you plan your week?" → "how you plan your week"; "Which goal would you pick?" → "which goal you would pick". */
const EN_INVERTED = new RegExp(
  `^((?:${EN_WH})(?: [\\p{L}'’-]+){0,3}?) (do|would|could|can|will|should|might|are|were|have) you (.+)$`,
  'iu',
);
/** "What is the hardest part?" → "what the hardest part is". */
const EN_COPULA = new RegExp(`^((?:${EN_WH})) (is|are|was|were) ((?:your|the|this|that|these) .+)$`, 'iu');
/** "What gets in the way?" (the question word is the subject): kept as it is. */
const EN_SUBJECT = new RegExp(
  `^(?:${EN_WH}) (?!do |does |did |would |could |can |will |should |might |are |were |have |is |was )[\\p{L}'’-]+ .+$`,
  'iu',
);
const EN_YES_NO = /^(do|would|could|can|will|are|were|have) you (.+)$/iu;
const SV_WH = 'hur|vad|varför|när|var|vart|vilken|vilket|vilka|vem|vems';
/** "Hur brukar du planera?" → "hur du brukar planera": Swedish indirect questions keep the subject before the verb. */
const SV_INVERTED = new RegExp(`^((?:${SV_WH})(?: [\\p{L}-]+){0,3}?) ([\\p{L}]+) du (.+)$`, 'iu');
const SV_YES_NO = /^(?!(?:hur|vad|varför|när|var|vart|vilken|vilket|vilka|vem|vems) )(\p{L}+) du (.+)$/iu;

/**
 * A one-sentence question as the clause of a request ("Tell me how you plan your week."), or
 * null when its form is not one of the common ones; then the question is repeated as it is.
 */
export function questionAsClause(question: string, language: Language): string | null {
  const text = question.trim();
  if (!/^[^?.!]+\?$/u.test(text)) return null;
  const body = text.slice(0, -1).replace(/\s+/g, ' ');
  const lowerFirst = (word: string) => (/^I\b/.test(word) ? word : word.charAt(0).toLowerCase() + word.slice(1));
  if (language === 'en') {
    let match = EN_INVERTED.exec(body);
    if (match)
      return `${lowerFirst(match[1])} you ${match[2].toLowerCase() === 'do' ? '' : `${match[2].toLowerCase()} `}${match[3]}`;
    match = EN_COPULA.exec(body);
    if (match) return `${lowerFirst(match[1])} ${match[3]} ${match[2].toLowerCase()}`;
    if (EN_SUBJECT.test(body)) return lowerFirst(body);
    match = EN_YES_NO.exec(body);
    if (match) return `whether you ${match[1].toLowerCase() === 'do' ? '' : `${match[1].toLowerCase()} `}${match[2]}`;
    return null;
  }
  let match = SV_INVERTED.exec(body);
  if (match) return `${lowerFirst(match[1])} du ${match[2].toLowerCase()} ${match[3]}`;
  match = SV_YES_NO.exec(body);
  if (match) return `om du ${match[1].toLowerCase()} ${match[2]}`;
  return null;
}

/** Whole short messages that ask to skip the question or to pause (so "Next week I…" or "Break-ups…" are answers). */
const SKIP =
  /^(?:skip(?: (?:it|this(?: one| question)?))?|pass|next(?: question)?|(?:i(?:'d|’d| would) )?rather not(?: (?:answer|say))?|no comment|hoppa över(?: (?:den|den här|frågan))?|nästa(?: fråga)?|jag vill inte svara(?: på den)?|vill inte svara|det vill jag inte svara på|avstår)$/i;
const PAUSE =
  /^(?:(?:can i |could i |i need (?:to take )?|let'?s |let’s )?(?:take )?a? ?(?:break|pause)(?: please)?|pause|(?:kan jag |jag behöver |jag vill )?(?:ta )?en paus|paus|pausa)$/i;
const EXPLAIN =
  /\b(?:what do you mean|what does that mean|explain|i don'?t understand|i do not understand|rephrase|vad menar du|vad betyder|förklara|förstår inte|omformulera)\b/i;

/** The message without surrounding spaces and closing punctuation, for whole-message matching. */
function bare(message: string): string {
  return message
    .trim()
    .replace(/[\s.!?…]+$/u, '')
    .replace(/\s+/g, ' ');
}
const NAME_INTRODUCTION =
  /\b(?:[Mm]y name is|[Ii] am called|[Ii]['’]m called|[Cc]all me|[Jj]ag heter|[Mm]itt namn är)\s+([\p{Lu}][\p{L}'’-]*(?:\s+[\p{Lu}][\p{L}'’-]*)?)/gu;

/** A question about the question is short; a longer one is the participant thinking aloud (an answer). */
const EXPLAIN_MAX_WORDS = 12;

export function asksToSkip(message: string): boolean {
  const text = bare(message);
  return (
    SKIP.test(text) ||
    classifyMessage(message) === 'skip' ||
    Object.values(INTERVIEW_GUIDE).some((guide) => bare(guide.chips.skip).toLowerCase() === text.toLowerCase())
  );
}

export function asksToExplain(message: string): boolean {
  const short = (message.match(/[\p{L}\p{N}]+/gu) ?? []).length <= EXPLAIN_MAX_WORDS;
  return (
    EXPLAIN.test(message) ||
    (short && classifyMessage(message) === 'question') ||
    Object.values(INTERVIEW_GUIDE).some(
      (guide) => bare(guide.chips.explain).toLowerCase() === bare(message).toLowerCase(),
    )
  );
}

/** "I'd like to take a break now", "kan vi pausa", "jag behöver en paus nu": the dialogue layer's pause, or the short forms. */
export function asksForPause(message: string): boolean {
  return PAUSE.test(bare(message)) || classifyMessage(message) === 'pause';
}

/** Small talk that answers nothing ("hi", "thanks"): the question is asked again. */
export function isSmallTalk(message: string): boolean {
  const act = classifyMessage(message);
  return act === 'greeting' || act === 'thanks';
}

/** Replaces a name the participant introduces themselves with ("my name is Anna Berg") by [name]. */
export function removeIntroducedNames(message: string): string {
  return message.replace(
    NAME_INTRODUCTION,
    (whole, name: string) => whole.slice(0, whole.length - name.length) + '[name]',
  );
}
