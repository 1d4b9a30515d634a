import sanitizeHtml, { type IOptions } from 'sanitize-html';
import { JOURNAL_DROPPED_CONTENT_TAGS, JOURNAL_SUMMARY_TAGS, isJournalSummaryTag } from '@clari/contracts';

/**
 * The Journal's HTML summary through sanitize-html, with the allow-list shared with the
 * browser (JOURNAL_SUMMARY_TAGS, no attributes at all, no URL schemes):
 *
 * - allowed elements are kept without their attributes (so no style, no on* handler, no href);
 * - script-like elements (JOURNAL_DROPPED_CONTENT_TAGS) are dropped with their content;
 * - any other element is unwrapped: its text stays, the tag goes;
 * - comments, doctypes and processing instructions are dropped;
 * - text is decoded and escaped again (quotes too), so a stray `<` or `&` can never start markup;
 * - the parser closes unclosed elements and ignores stray closing tags;
 * - allowed elements left without text are removed.
 */

/** Unwrapped elements that separate words: a space stands in for each of their tags, so words do not run together. */
const WORD_BREAKING_TAGS = ['div', 'section', 'article', 'tr', 'table', 'header', 'footer'];
/** What those elements become while sanitising; never an element of the output (text cannot contain a raw `<`). */
const GAP = 'clari-gap';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/g;

const OPTIONS: IOptions = {
  allowedTags: [...JOURNAL_SUMMARY_TAGS, GAP],
  allowedAttributes: {},
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
  nonTextTags: [...JOURNAL_DROPPED_CONTENT_TAGS],
  selfClosing: ['br'],
  transformTags: Object.fromEntries(WORD_BREAKING_TAGS.map((tag) => [tag, () => ({ tagName: GAP, attribs: {} })])),
  exclusiveFilter: (frame) => isJournalSummaryTag(frame.tag) && frame.tag !== 'br' && !frame.text.trim(),
  // sanitize-html escapes &, < and >; quotes are escaped as well, so the text is safe in any
  // context. Control characters (raw or from references such as &#1;) are dropped.
  textFilter: (text) => text.replace(CONTROL_CHARACTERS, '').replace(/"/g, '&quot;').replace(/'/g, '&#39;'),
};

export function sanitizeSummaryHtml(input: string): string {
  return sanitizeHtml(input, OPTIONS)
    .replace(new RegExp(`</?${GAP}>`, 'g'), ' ')
    .replace(/<br \/>/g, '<br>')
    .trim();
}

/** The visible text of summary HTML (to check that something is left), entities decoded. */
export function summaryText(html: string): string {
  const parts: string[] = [];
  sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: [...JOURNAL_DROPPED_CONTENT_TAGS],
    // Text comes in pieces (split at references); a space between elements keeps words apart.
    onOpenTag: () => parts.push(' '),
    onCloseTag: () => parts.push(' '),
    // The text arrives decoded and then escaped by sanitize-html (&, <, > only): undone here.
    textFilter: (text) => {
      parts.push(text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
      return '';
    },
  });
  return parts.join('').replace(/\s+/g, ' ').trim();
}
