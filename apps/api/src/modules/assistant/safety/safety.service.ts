import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ChatHistoryItem, CrisisClass, Language, RiskLevel } from '@clari/contracts';
import enTexts from '../../../../../../locales/en/safety.json';
import svTexts from '../../../../../../locales/sv/safety.json';
import { AI_PROVIDER, AiProvider, ModerationVerdict } from '../../../core/ai/ai.types';
import { assessCrisis } from './crisis-detector';
import { tokenise } from './crisis-lexicon';
import { SafetyEventsRepository } from './safety-events.repository';

/** The safety check's verdict on one message. */
export interface SafetyVerdict {
  risk: RiskLevel;
  /** The kind of crisis, when known (the lexicon knows; a model or a classifier may not). */
  crisisClass: CrisisClass | null;
  /** Which signal decided: the lexicon, the provider's moderation endpoint, or the model's own `risk`. */
  source: 'lexicon' | 'moderation' | 'model' | null;
}

interface SafetyTexts {
  replies: Record<CrisisClass | 'general', { opening: string; question: string }>;
  help: string;
  followUp: { safe: string; unsafe: string; other: string };
  interviewPause: string;
  safeCues: string[];
  unsafeCues: string[];
}

const TEXTS: Record<Language, SafetyTexts> = { en: enTexts, sv: svTexts };

/** A reply to Clari's "are you safe?" is short; a longer message is the conversation going on. */
const FOLLOW_UP_MAX_WORDS = 12;

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

  constructor(
    @Inject(AI_PROVIDER) private readonly provider: AiProvider,
    private readonly events: SafetyEventsRepository,
  ) {}

  /**
   * The lexicon (both languages) first; when it finds no crisis and the provider has a
   * moderation endpoint, that classifier is the second signal. Its failure is logged and
   * ignored: the lexicon still applies.
   */
  async check(message: string): Promise<SafetyVerdict> {
    const assessment = assessCrisis(message);
    if (assessment.risk === 'crisis') return { risk: 'crisis', crisisClass: assessment.class, source: 'lexicon' };
    const moderation = await this.moderate(message);
    if (moderation?.selfHarm) {
      const crisisClass: CrisisClass | null =
        moderation.kind === 'instructions' ? 'plan' : moderation.kind === 'intent' ? 'direct' : null;
      return { risk: 'crisis', crisisClass, source: 'moderation' };
    }
    return { risk: assessment.risk, crisisClass: null, source: assessment.risk === 'none' ? null : 'lexicon' };
  }

  /** The crisis reply: help in the user's language, written for the kind of crisis, ending with "are you safe?". */
  crisisReply(language: Language, crisisClass: CrisisClass | null, domain: string): string {
    const texts = TEXTS[language];
    const reply = texts.replies[crisisClass ?? 'general'];
    const parts = [reply.opening, texts.help, reply.question];
    if (PAUSABLE_DOMAINS.has(domain)) parts.push(texts.interviewPause);
    return parts.join('\n\n');
  }

  /**
   * After a crisis reply, a short answer is taken as the answer to "are you safe?" (never as
   * content); null when the message is the conversation going on.
   */
  followUpReply(language: Language, history: readonly ChatHistoryItem[], message: string): string | null {
    const lastReply = [...history].reverse().find((item) => item.role === 'assistant');
    if (lastReply?.risk !== 'crisis') return null;
    const words = tokenise(message).filter((token) => token !== '|');
    if (words.length > FOLLOW_UP_MAX_WORDS) return null;
    const texts = TEXTS[language];
    const safe = longestCue(words, [...this.cues.en.safe, ...this.cues.sv.safe]);
    const unsafe = longestCue(words, [...this.cues.en.unsafe, ...this.cues.sv.unsafe]);
    if (unsafe > 0 && unsafe >= safe) return texts.followUp.unsafe;
    if (safe > 0) return texts.followUp.safe;
    return texts.followUp.other;
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
