import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  helplineWebName,
  type ChatHistoryItem,
  type CrisisClass,
  type Language,
  type RiskLevel,
} from '@clari/contracts';
import enLexicon from '../../../../../../locales/en/safety-lexicon.json';
import svLexicon from '../../../../../../locales/sv/safety-lexicon.json';
import enTexts from '../../../../../../locales/en/safety.json';
import svTexts from '../../../../../../locales/sv/safety.json';
import { AI_PROVIDER, AiProvider, ModerationVerdict } from '../../../core/ai/ai.types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config';
import { fill } from '../language/text-helpers';
import { aboutClariTopic } from '../dialogue/about-clari';
import { assessCrisis } from './crisis-detector';
import {
  compileLexicon,
  compilePattern,
  normalise,
  spansOf,
  tokenise,
  type CompiledLexicon,
  type LexiconFile,
} from '../language/lexicon';
import { SafetyEventsRepository } from './safety-events.repository';

/** The safety check's verdict on one message. */
export interface SafetyVerdict {
  risk: RiskLevel;
  /** The kind of crisis, when known (the lexicon knows; a model or a classifier may not). */
  crisisClass: CrisisClass | null;
  /**
   * Which signal decided: the lexicon, the classifier beside it, the provider's moderation
   * endpoint, the model's own `risk`, or the person's answer to Clari's check-in.
   */
  source: 'lexicon' | 'classifier' | 'moderation' | 'model' | 'check_in' | null;
}

/** How a message answers Clari's check-in ("are you thinking about ending your life?"). */
export type CheckInAnswer = 'yes' | 'no';

interface SafetyTexts {
  replies: Record<CrisisClass | 'general', { opening: string; question: string }>;
  urgent: { opening: string; question: string };
  checkIn: { question: string; note: string; no: string };
  help: { intro: string; emergency: string; line: string; lineTitleOnly: string; webAfterDescription: string };
  followUp: { safe: string; unsafe: string; other: string };
  interviewPause: string;
  safeCues: string[];
  unsafeCues: string[];
}

const TEXTS: Record<Language, SafetyTexts> = { en: enTexts, sv: svTexts };

/** A reply to Clari's "are you safe?" is short; a longer message is the conversation going on. */
const FOLLOW_UP_MAX_WORDS = 12;
/** How many words a yes may follow a "but" by and still take a no back. */
const CONTRAST_REACH = 4;

const LEXICON_FILES: Record<Language, LexiconFile> = {
  en: enLexicon as LexiconFile,
  sv: svLexicon as LexiconFile,
};

/** The check-in's answer phrases (locales/{en,sv}/safety-lexicon.json, "checkInAnswers"). */
interface CheckInAnswerFile {
  checkInAnswers: { yes: string[]; no: string[]; contrast: string[] };
}

interface CheckInCues {
  lexicon: CompiledLexicon;
  yes: RegExp[];
  no: RegExp[];
  contrast: RegExp[];
}

/** The check-in's answer phrases, read the way the crisis check reads text (contractions, slang, accents). */
function compileCheckInCues(language: Language): CheckInCues {
  const lexicon = compileLexicon(language, { ...LEXICON_FILES[language], entries: [], exclusions: [] });
  // A cue that normalises to a bare negation ("verkligen inte" loses its filler word) would take every "inte": it is left out.
  const meaningful = (phrase: string) => {
    const words = normalise(phrase, lexicon).trim().split(' ');
    return words.length >= phrase.trim().split(/\s+/).length || words.some((word) => !lexicon.negators.has(word));
  };
  const compile = (phrases: readonly string[]) =>
    phrases.filter(meaningful).map((phrase) => compilePattern(phrase, lexicon));
  const answers = (LEXICON_FILES[language] as LexiconFile & CheckInAnswerFile).checkInAnswers;
  return { lexicon, yes: compile(answers.yes), no: compile(answers.no), contrast: compile(answers.contrast) };
}

/** The domains whose crisis reply offers a pause (an anonymous interview). */
const PAUSABLE_DOMAINS = new Set(['interview']);

/**
 * Clari's safety net, in one place: every chat message (and every Journal transcript) is
 * checked here before any domain handler or provider sees it. A crisis statement gets a warm
 * reply with help, is kept out of all content, and is counted per domain for operators.
 */
@Injectable()
export class SafetyService {
  private readonly logger = new Logger('Safety');
  private readonly cues = {
    en: { safe: TEXTS.en.safeCues.map(cueWords), unsafe: TEXTS.en.unsafeCues.map(cueWords) },
    sv: { safe: TEXTS.sv.safeCues.map(cueWords), unsafe: TEXTS.sv.unsafeCues.map(cueWords) },
  };
  private readonly checkInCues: Record<Language, CheckInCues> = {
    en: compileCheckInCues('en'),
    sv: compileCheckInCues('sv'),
  };

  constructor(
    @Inject(AI_PROVIDER) private readonly provider: AiProvider,
    private readonly events: SafetyEventsRepository,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'helplines'>,
  ) {}

  /** The help in a reply: the emergency number, then each configured line, in the reader's language. */
  helpText(language: Language): string {
    const texts = TEXTS[language].help;
    const { emergency, lines } = this.config.helplines[language];
    const items = lines.map((line) => {
      const web = line.url ? helplineWebName(line.url) : '';
      // The way to reach it stands beside the name: the number, else the web address.
      const title = `${line.name}, ${line.phone ?? web}`;
      const details = [line.description, line.phone && web ? fill(texts.webAfterDescription, { web }) : '']
        .filter(Boolean)
        .join(', ');
      return `- ${details ? fill(texts.line, { title, details }) : fill(texts.lineTitleOnly, { title })}`;
    });
    return [texts.intro, '', `- ${fill(texts.emergency, { number: emergency })}`, ...items].join('\n');
  }

  /** The emergency number of a language's helplines, as the operator configured them. */
  emergencyNumber(language: Language): string {
    return this.config.helplines[language].emergency;
  }

  /** The numbers a text names: the emergency number and the first line that can be called. */
  private numbers(language: Language): Record<string, string> {
    const { emergency, lines } = this.config.helplines[language];
    const callable = lines.find((line) => line.phone);
    return { emergency, line: callable ? `${callable.name}, ${callable.phone}` : emergency };
  }

  /**
   * The lexicon (both languages) first; unless it found a crisis, the provider's moderation
   * endpoint (when it has one) is the second signal, and can only raise the level. Its failure is
   * logged and ignored: the lexicon still applies.
   */
  async check(message: string): Promise<SafetyVerdict> {
    const assessment = assessCrisis(message);
    if (assessment.risk === 'urgent' || assessment.risk === 'crisis')
      return { risk: assessment.risk, crisisClass: assessment.class, source: 'lexicon' };
    const moderation = await this.moderate(message);
    if (moderation?.selfHarm) {
      const crisisClass: CrisisClass | null =
        moderation.kind === 'instructions' ? 'plan' : moderation.kind === 'intent' ? 'direct' : null;
      return { risk: 'crisis', crisisClass, source: 'moderation' };
    }
    // The classifier only asks, and a question about Clari itself ("will the researchers know who I am?")
    // is answered as one: its words are not a sign. The lexicon's signs are never set aside this way.
    if (assessment.signal === 'classifier' && aboutClariTopic(message) !== null)
      return { risk: 'none', crisisClass: null, source: null };
    return {
      risk: assessment.risk,
      crisisClass: assessment.class,
      source: assessment.signal,
    };
  }

  /**
   * The crisis reply: help in the user's language, written for the kind of crisis, ending with
   * "are you safe?". An urgent one puts the emergency number first, then the lines.
   */
  crisisReply(language: Language, crisisClass: CrisisClass | null, domain: string, urgent = false): string {
    const texts = TEXTS[language];
    const reply = urgent ? texts.urgent : texts.replies[crisisClass ?? 'general'];
    const numbers = this.numbers(language);
    const parts = [fill(reply.opening, numbers), this.helpText(language), fill(reply.question, numbers)];
    if (PAUSABLE_DOMAINS.has(domain)) parts.push(texts.interviewPause);
    return parts.join('\n\n');
  }

  /** The check-in: Clari asks directly and kindly, with the help numbers in view. */
  checkInReply(language: Language): string {
    const texts = TEXTS[language];
    return [texts.checkIn.question, texts.checkIn.note, this.helpText(language)].join('\n\n');
  }

  /**
   * After a clear no to the check-in, the exercise goes on where it was: a short thanks, then
   * Clari's last ordinary message again (the check-in interrupted it).
   */
  checkInNoReply(language: Language, history: readonly ChatHistoryItem[]): string {
    const before = [...history].reverse().find((item) => item.role === 'assistant' && !item.risk);
    return [TEXTS[language].checkIn.no, before?.content].filter(Boolean).join('\n\n');
  }

  /**
   * The answer to the check-in when Clari's last reply was one: a yes, a maybe or an "I don't
   * know" (or a short answer that is none of these) is a yes; a clear no (a no not taken back by
   * a "but …") is a no; null when the message is longer and no answer (the conversation going on).
   */
  checkInAnswer(language: Language, history: readonly ChatHistoryItem[], message: string): CheckInAnswer | null {
    const lastReply = [...history].reverse().find((item) => item.role === 'assistant');
    if (lastReply?.risk !== 'concern') return null;
    const cues = this.checkInCues[language];
    const text = normalise(message, cues.lexicon);
    const found = (patterns: RegExp[]) => spansOf(text, patterns).filter(([from, to]) => to - from > 1);
    // A cue inside a longer cue of the other kind does not count ("i am" in "i am fine").
    const inside = (span: [number, number], others: Array<[number, number]>) =>
      others.some(([from, to]) => from <= span[0] && span[1] <= to && to - from > span[1] - span[0]);
    const yesSpans = found(cues.yes);
    const noSpans = found(cues.no);
    const yes = yesSpans.filter((span) => !inside(span, noSpans));
    const no = noSpans.filter((span) => !inside(span, yesSpans));
    if (!yes.length && !no.length) {
      const words = text.split(' ').filter((word) => word && word !== '|').length;
      return words <= FOLLOW_UP_MAX_WORDS ? 'yes' : null;
    }
    if (!no.length) return 'yes';
    if (!yes.length) return 'no';
    const firstNo = Math.min(...no.map(([from]) => from));
    const firstYes = Math.min(...yes.map(([from]) => from));
    if (firstYes < firstNo) return 'yes';
    // "no, but sometimes I think about it": a yes right after a contrast takes the no back
    // ("no, but thanks for asking, that's kind of nice" does not).
    const contrast = found(cues.contrast).find(([from]) => from > firstNo);
    const near = (from: number) =>
      text
        .slice(contrast?.[1] ?? 0, from)
        .trim()
        .split(' ').length <= CONTRAST_REACH;
    if (contrast && yes.some(([from]) => from > contrast[0] && near(from))) return 'yes';
    return 'no';
  }

  /**
   * After a crisis reply, a short answer is taken as the answer to "are you safe?" (never as
   * content); null when the message is the conversation going on.
   */
  followUpReply(language: Language, history: readonly ChatHistoryItem[], message: string): string | null {
    const lastReply = [...history].reverse().find((item) => item.role === 'assistant');
    if (lastReply?.risk !== 'crisis' && lastReply?.risk !== 'urgent') return null;
    const words = tokenise(message).filter((token) => token !== '|');
    if (words.length > FOLLOW_UP_MAX_WORDS) return null;
    const texts = TEXTS[language];
    const safe = longestCue(words, [...this.cues.en.safe, ...this.cues.sv.safe]);
    const unsafe = longestCue(words, [...this.cues.en.unsafe, ...this.cues.sv.unsafe]);
    const numbers = this.numbers(language);
    if (unsafe > 0 && unsafe >= safe) return fill(texts.followUp.unsafe, numbers);
    if (safe > 0) return fill(texts.followUp.safe, numbers);
    return fill(texts.followUp.other, numbers);
  }

  /** Counts a crisis event for operators (domain and day only); never fails the reply. */
  recordCrisis(domain: string, source: SafetyVerdict['source']): void {
    this.logger.warn(`Crisis message in ${domain} (${source ?? 'unknown'} signal): crisis reply given`);
    this.events
      .recordCrisis(domain)
      .catch((error: unknown) => this.logger.error(`Could not count a crisis event: ${(error as Error).message}`));
  }

  private async moderate(message: string): Promise<ModerationVerdict | null> {
    if (!this.provider.moderate) return null;
    try {
      return await this.provider.moderate(message);
    } catch (error) {
      this.logger.warn(`The moderation check failed; the lexicon alone decides: ${(error as Error).message}`);
      return null;
    }
  }
}

function cueWords(cue: string): string[] {
  return tokenise(cue).filter((token) => token !== '|');
}

/** The word count of the longest cue found as a whole-word run in `words` (0 for none). */
function longestCue(words: readonly string[], cues: readonly string[][]): number {
  const text = ` ${words.join(' ')} `;
  return cues.reduce((best, cue) => (cue.length > best && text.includes(` ${cue.join(' ')} `) ? cue.length : best), 0);
}
