import DOMPurify, { type Config } from 'dompurify';
import {
  JOURNAL_DROPPED_CONTENT_TAGS,
  JOURNAL_SUMMARY_TAGS,
  escapeHtml,
  isJournalSummaryTag,
  type JournalSummaryTag,
} from '@clari/contracts';

/**
 * The browser's side of the summary's allow-list (the server sanitises it first). DOMPurify
 * parses the HTML in an inert document (nothing runs, nothing loads) and keeps only the
 * allowed elements (JOURNAL_SUMMARY_TAGS, never any attribute); script-like elements go with
 * their content, others are unwrapped. The result is turned into a plain tree that the page
 * renders as React elements, so no HTML string is ever inserted into the document, and the
 * downloads are written from the same tree.
 */
export type SummaryNode = { tag: JournalSummaryTag; children: SummaryNode[] } | { text: string };

const PURIFY_OPTIONS: Config & { RETURN_DOM: true } = {
  ALLOWED_TAGS: [...JOURNAL_SUMMARY_TAGS],
  ALLOWED_ATTR: [],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
  FORBID_CONTENTS: [...JOURNAL_DROPPED_CONTENT_TAGS],
  RETURN_DOM: true,
};

const DROPPED = new Set<string>(JOURNAL_DROPPED_CONTENT_TAGS);
const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** DOMPurify has already applied the allow-list; the checks here narrow the types (and would catch a misconfiguration). */
function convert(node: Node): SummaryNode[] {
  if (node.nodeType === TEXT_NODE) return node.textContent ? [{ text: node.textContent }] : [];
  if (node.nodeType !== ELEMENT_NODE) return [];
  const name = (node as Element).localName.toLowerCase();
  if (DROPPED.has(name)) return [];
  const children = [...node.childNodes].flatMap(convert);
  return isJournalSummaryTag(name) ? [{ tag: name, children }] : children;
}

export function parseSummary(html: string): SummaryNode[] {
  if (!html.trim()) return [];
  return [...DOMPurify.sanitize(html, PURIFY_OPTIONS).childNodes].flatMap(convert);
}

export function toHtml(nodes: SummaryNode[]): string {
  return nodes
    .map((node) =>
      'text' in node
        ? escapeHtml(node.text)
        : node.tag === 'br'
          ? '<br>'
          : `<${node.tag}>${toHtml(node.children)}</${node.tag}>`,
    )
    .join('');
}

/** A standalone HTML file of the summary (UTF-8, a title, readable without any stylesheet). */
export function toHtmlDocument(nodes: SummaryNode[], title: string, language: string): string {
  return `<!DOCTYPE html>\n<html lang="${escapeHtml(language)}">\n<head>\n<meta charset="utf-8">\n<title>${escapeHtml(title)}</title>\n</head>\n<body>\n${toHtml(nodes)}\n</body>\n</html>\n`;
}

function inline(nodes: SummaryNode[]): string {
  return nodes
    .map((node) => {
      if ('text' in node) return node.text.replace(/\s+/g, ' ').replace(/([*_`\\])/g, '\\$1');
      const content = inline(node.children);
      if (node.tag === 'br') return '  \n';
      if (node.tag === 'strong' || node.tag === 'b') return content.trim() ? `**${content.trim()}**` : '';
      if (node.tag === 'em' || node.tag === 'i') return content.trim() ? `*${content.trim()}*` : '';
      return content;
    })
    .join('');
}

/** A paragraph that starts like a heading, quote or list item ("# 3", "- no", "1. yes") stays a paragraph. */
function escapeBlockStart(line: string): string {
  return line.replace(/^(#{1,6}(?=\s|$)|>|[-+](?=\s))/, '\\$1').replace(/^(\d+)([.)])(?=\s)/, '$1\\$2');
}

function blocks(nodes: SummaryNode[], depth = 0): string[] {
  const out: string[] = [];
  let text: SummaryNode[] = [];
  const flush = () => {
    const line = inline(text).trim();
    if (line) out.push(escapeBlockStart(line));
    text = [];
  };
  for (const node of nodes) {
    if ('text' in node || ['strong', 'b', 'em', 'i', 'br'].includes(node.tag)) {
      text.push(node);
      continue;
    }
    flush();
    const content = inline(node.children).trim();
    switch (node.tag) {
      case 'h2':
        out.push(`## ${content}`);
        break;
      case 'h3':
        out.push(`### ${content}`);
        break;
      case 'h4':
        out.push(`#### ${content}`);
        break;
      case 'ul':
      case 'ol': {
        const items = node.children.filter(
          (child): child is Extract<SummaryNode, { tag: JournalSummaryTag }> => 'tag' in child && child.tag === 'li',
        );
        const indent = '  '.repeat(depth);
        out.push(
          items
            .map((item, index) => {
              const [first = '', ...rest] = blocks(item.children, depth + 1);
              return [`${indent}${node.tag === 'ol' ? `${index + 1}.` : '-'} ${first}`, ...rest].join('\n');
            })
            .join('\n'),
        );
        break;
      }
      case 'blockquote':
        out.push(
          blocks(node.children, depth)
            .map((line) => `> ${line}`)
            .join('\n>\n'),
        );
        break;
      default:
        out.push(...blocks(node.children, depth));
    }
  }
  flush();
  return out;
}

/** The summary as Markdown: headings, lists (numbered where they were), bold and italics. */
export function toMarkdown(nodes: SummaryNode[]): string {
  return `${blocks(nodes).join('\n\n')}\n`;
}

/** The summary as plain text (for the clipboard's text/plain). */
export function toPlainText(nodes: SummaryNode[]): string {
  return toMarkdown(nodes)
    .replace(/\*\*|(?<!\\)\*/g, '')
    .replace(/\\([*_`\\#>+.)-])/g, '$1');
}
