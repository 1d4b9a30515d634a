import { JOURNAL_DROPPED_CONTENT_TAGS, JOURNAL_VOID_TAGS, isJournalSummaryTag, type JournalSummaryTag } from '@clari/contracts';

/**
 * A strict allow-list sanitiser for the Journal's HTML summary. It does not try to repair or
 * preserve arbitrary HTML; it rebuilds a new, well-formed document from the input's text and
 * the few allowed elements (JOURNAL_SUMMARY_TAGS), with no attributes at all:
 *
 * - allowed elements are kept without their attributes (so no style, no on* handler, no href);
 * - script-like elements (script, style, iframe, svg, …) are dropped with their content;
 * - any other element is unwrapped: its text stays, the tag goes;
 * - comments, doctypes and processing instructions are dropped;
 * - text is decoded and escaped again, so a stray `<` or `&` can never start markup;
 * - unclosed elements are closed, stray closing tags ignored.
 */

const DROPPED = new Set<string>(JOURNAL_DROPPED_CONTENT_TAGS);
const VOID = new Set<string>(JOURNAL_VOID_TAGS);
/** Void elements of HTML that are not allowed: dropped without looking for a closing tag. */
const HTML_VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Block elements of the allow-list: a stray one inside a paragraph or inline element closes it first. */
const BLOCKS = new Set<string>(['h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'blockquote']);
const INLINE = new Set<string>(['strong', 'em', 'b', 'i']);

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', ndash: '–', mdash: '—', hellip: '…', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“' };

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Decodes the common named entities and numeric references; anything else stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      // Control characters and invalid code points are dropped.
      if (!Number.isFinite(code) || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) || code < 0x20) return code === 0x09 || code === 0x0a ? String.fromCodePoint(code) : '';
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

interface Tag {
  name: string;
  closing: boolean;
  /** Index just after the tag's closing '>' (or the input's end). */
  end: number;
}

/** Reads the tag starting at `start` (input[start] is '<', followed by a letter or '/'+letter). */
function readTag(input: string, start: number): Tag {
  const closing = input[start + 1] === '/';
  let index = start + (closing ? 2 : 1);
  const nameStart = index;
  while (index < input.length && /[A-Za-z0-9:-]/.test(input[index])) index++;
  const name = input.slice(nameStart, index).toLowerCase();
  // Attributes: skip to the '>' that is not inside a quoted value.
  let quote: string | null = null;
  while (index < input.length) {
    const char = input[index];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '>') {
      return { name, closing, end: index + 1 };
    }
    index++;
  }
  return { name, closing, end: input.length };
}

/** The index just after the closing tag of a dropped element, or the input's end. */
function skipDroppedContent(input: string, from: number, name: string): number {
  const lower = input.toLowerCase();
  let index = from;
  for (;;) {
    const found = lower.indexOf(`</${name}`, index);
    if (found === -1) return input.length;
    const after = lower[found + name.length + 2];
    if (after === undefined || after === '>' || /[\s/]/.test(after)) return readTag(input, found).end;
    index = found + 1;
  }
}

export function sanitizeSummaryHtml(input: string): string {
  const out: string[] = [];
  const open: JournalSummaryTag[] = [];
  const closeUntil = (name: string) => {
    const at = open.lastIndexOf(name as JournalSummaryTag);
    if (at === -1) return;
    while (open.length > at) out.push(`</${open.pop()}>`);
  };
  const text = (raw: string) => {
    if (raw) out.push(escapeHtml(decodeEntities(raw)));
  };

  let index = 0;
  while (index < input.length) {
    const lt = input.indexOf('<', index);
    if (lt === -1) {
      text(input.slice(index));
      break;
    }
    text(input.slice(index, lt));
    const next = input[lt + 1] ?? '';
    if (input.startsWith('<!--', lt)) {
      const close = input.indexOf('-->', lt + 4);
      index = close === -1 ? input.length : close + 3;
      continue;
    }
    if (next === '!' || next === '?') {
      const close = input.indexOf('>', lt);
      index = close === -1 ? input.length : close + 1;
      continue;
    }
    if (!/[A-Za-z]/.test(next) && !(next === '/' && /[A-Za-z]/.test(input[lt + 2] ?? ''))) {
      // A '<' that starts no tag is text.
      text('<');
      index = lt + 1;
      continue;
    }
    const tag = readTag(input, lt);
    index = tag.end;
    if (!tag.closing && DROPPED.has(tag.name)) {
      index = skipDroppedContent(input, index, tag.name);
      continue;
    }
    if (!isJournalSummaryTag(tag.name)) {
      // Unwrapped: a line break stands in for block-level elements such as div or tr, so words do not run together.
      if (!HTML_VOID.has(tag.name) && ['div', 'section', 'article', 'tr', 'table', 'header', 'footer'].includes(tag.name)) out.push(' ');
      continue;
    }
    const name = tag.name;
    if (tag.closing) {
      if (!VOID.has(name)) closeUntil(name);
      continue;
    }
    if (VOID.has(name)) {
      out.push(`<${name}>`);
      continue;
    }
    if (BLOCKS.has(name)) {
      // Blocks never nest inside paragraphs, headings or inline elements; a new list item closes the previous one.
      while (open.length && (INLINE.has(open[open.length - 1]) || ['p', 'h2', 'h3', 'h4'].includes(open[open.length - 1]))) out.push(`</${open.pop()}>`);
      if (name === 'li' && open[open.length - 1] === 'li') out.push(`</${open.pop()}>`);
    }
    open.push(name);
    out.push(`<${name}>`);
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('').replace(/<(strong|em|b|i|p|h2|h3|h4|li|blockquote)>\s*<\/\1>/g, '').trim();
}

/** The visible text of sanitised summary HTML (to check that something is left). */
export function summaryText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
}
