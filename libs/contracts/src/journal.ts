/** The clinician-only Journal (part 2 §2 "Journal", §3, §4, §7, §8). Nothing of it is stored by the server. */

/** Limits the spec leaves open, chosen here; the API enforces them and Swagger documents them. */
export const JOURNAL_LIMITS = {
  /** Characters of a transcript sent for a summary (well over two hours of speech). */
  transcriptionMax: 100_000,
  /** Characters of a summary's HTML accepted from a provider. */
  summaryMax: 40_000,
  /** Textarea rows of the transcription (part 2 §9). */
  transcriptionRows: 10,
} as const;

/**
 * The elements a journal summary may contain (an allow-list shared by the server's sanitiser
 * and the browser's renderer). No attribute is ever kept: no styles, no event handlers, no links.
 */
export const JOURNAL_SUMMARY_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'br',
  'blockquote',
] as const;
export type JournalSummaryTag = (typeof JOURNAL_SUMMARY_TAGS)[number];

/**
 * Elements removed together with everything inside them; any other element that is not
 * allowed is unwrapped (its text stays, the tag goes).
 */
export const JOURNAL_DROPPED_CONTENT_TAGS = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'select',
  'title',
  'head',
  'svg',
  'math',
  'xmp',
  'plaintext',
  'canvas',
] as const;

export function isJournalSummaryTag(name: string): name is JournalSummaryTag {
  return (JOURNAL_SUMMARY_TAGS as readonly string[]).includes(name);
}

/** Text made safe inside HTML, in text and in quoted attributes: the server's summary and the browser's download both write it. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** POST /conversation-to-journal. */
/**
 * The note formats a clinician can choose: Clari's structured summary (the default), or the
 * SOAP, DAP and BIRP formats clinicians' record systems use.
 */
export const JOURNAL_NOTE_FORMATS = ['structured', 'soap', 'dap', 'birp'] as const;
export type JournalNoteFormat = (typeof JOURNAL_NOTE_FORMATS)[number];

export interface ConversationToJournalRequest {
  transcriptionText: string;
  /** The language of the conversation and the summary (en or sv); default the user's. */
  language?: string;
  /** The note's format; default 'structured'. */
  format?: JournalNoteFormat;
}

export interface ConversationToJournalResponse {
  /** Sanitised HTML: headings, paragraphs, lists and emphasis only. */
  summary: string;
}

/** The API's English messages (400/403/502); the SPA shows its own translations. */
export const JOURNAL_MESSAGES = {
  clinicianOnly: 'This feature is only available for clinicians.',
  transcriptionRequired: 'Please write or transcribe the conversation first.',
  transcriptionTooLong: `The transcription can be at most ${JOURNAL_LIMITS.transcriptionMax} characters long.`,
  processFailed: 'Failed to process text',
  formatInvalid: `format must be one of ${JOURNAL_NOTE_FORMATS.join(', ')}.`,
} as const;

export type JournalErrorCode = 'transcription_required' | 'journal_failed';
