import { BadGatewayException, BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import {
  JOURNAL_LIMITS,
  JOURNAL_MESSAGES,
  type ConversationToJournalRequest,
  type ConversationToJournalResponse,
  type TranscribeResponse,
} from '@clari/contracts';
import { AI_PROVIDER, AiProvider } from '../../core/ai/ai.types';
import { PiiScrubber } from '../../core/ai/pii-scrubber';
import { RateLimiter } from '../../core/security/rate-limiter';
import { resolveLanguage } from '../assistant/assistant.service';
import { record, text } from '../assistant/handlers/answer-validation';
import { TranscriptionService } from '../assistant/transcription.service';
import type { UserEntity } from '../users/entities/user.entity';
import { JOURNAL_RATE_LIMITS, JOURNAL_SUMMARY_MAX_OUTPUT_TOKENS } from './journal.constants';
import { SafetyService } from '../assistant/safety/safety.service';
import { riskNotes } from './journal-risk';
import {
  JOURNAL_SUMMARY_SCHEMA,
  journalPrompt,
  offlineJournalSummary,
  riskSection,
  utterancesOf,
} from './journal-summary';
import { sanitizeSummaryHtml, summaryText } from './summary-sanitiser';

/**
 * The clinician's Journal: transcription through the shared transcription queue, and a
 * journal summary of the transcript. Nothing is stored: audio lives only in memory and in
 * its queue job, transcript and summary only in the request and the answer (and nothing of
 * them is logged).
 */
@Injectable()
export class JournalService {
  private readonly logger = new Logger('JournalService');

  constructor(
    private readonly transcription: TranscriptionService,
    @Inject(AI_PROVIDER) private readonly provider: AiProvider,
    private readonly scrubber: PiiScrubber,
    private readonly limiter: RateLimiter,
    private readonly safety: SafetyService,
  ) {}

  transcribe(user: UserEntity, audio: Buffer | undefined, language: unknown): Promise<TranscribeResponse> {
    return this.transcription.transcribe(user, audio, language);
  }

  /**
   * A model (with the clinician's name, e-mail addresses, phone and personal identity numbers
   * removed from the transcript) or the offline provider writes the summary; either way it is
   * sanitised against the allow-list before it is answered. Failures answer 502 'Failed to process text'.
   */
  async summarise(user: UserEntity, request: ConversationToJournalRequest): Promise<ConversationToJournalResponse> {
    const transcript = request.transcriptionText.trim();
    if (!transcript)
      throw new BadRequestException({
        message: JOURNAL_MESSAGES.transcriptionRequired,
        code: 'transcription_required',
      });
    await this.limiter.consume(`journal:summary:${user.id}`, JOURNAL_RATE_LIMITS.summariesPerUser);
    const language = resolveLanguage(request.language, undefined, user.language);
    let answer: unknown;
    try {
      answer = await this.provider.completeJson({
        name: 'journal_summary',
        messages: journalPrompt(language, this.scrubber.scrub(transcript, [user.fullName]), request.format),
        schema: JOURNAL_SUMMARY_SCHEMA,
        maxOutputTokens: JOURNAL_SUMMARY_MAX_OUTPUT_TOKENS,
        // The offline draft works on the original text, which never leaves the server.
        offline: () => ({ summary_html: offlineJournalSummary(transcript, language, request.format) }),
      });
    } catch (error) {
      this.logger.warn(`The journal summary failed: ${(error as Error).message}`);
      throw new BadGatewayException({ message: JOURNAL_MESSAGES.processFailed, code: 'journal_failed' });
    }
    // The safety check reads the transcript too: risk the client expressed is counted, and a
    // model's note that has no Risk section gets the lexicon's (expressed vs asked and denied).
    const notes = riskNotes(utterancesOf(transcript));
    if (notes.some((note) => note.kind === 'expressed')) this.safety.recordCrisis('journal', 'lexicon');
    const html = withRiskSection(
      text(record(answer)?.summary_html, JOURNAL_LIMITS.summaryMax),
      riskSection(notes, language),
    );
    const summary = html ? sanitizeSummaryHtml(html) : '';
    if (!summaryText(summary)) {
      this.logger.warn('The journal summary answer held no usable HTML');
      throw new BadGatewayException({ message: JOURNAL_MESSAGES.processFailed, code: 'journal_failed' });
    }
    return { summary };
  }
}

/** Puts the Risk section after the overview when the note has none (a model may leave it out). */
function withRiskSection(html: string | null | undefined, section: string): string | null | undefined {
  if (!html || !section || /<h3>\s*Risk\s*<\/h3>/i.test(html)) return html;
  const afterOverview = html.indexOf('</p>');
  return afterOverview >= 0
    ? `${html.slice(0, afterOverview + 4)}${section}${html.slice(afterOverview + 4)}`
    : `${section}${html}`;
}
