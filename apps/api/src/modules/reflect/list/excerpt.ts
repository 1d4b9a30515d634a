import { REFLECT_LIMITS } from '@clari/contracts';

/**
 * A list entry's excerpt: the start of a reflection's Markdown as plain text on one line
 * (headings, emphasis, list and quote marks, links' targets removed), cut at a word boundary
 * with an ellipsis when longer than `max`.
 */
export function reflectionExcerpt(markdown: string, max: number = REFLECT_LIMITS.excerptMax): string {
  const text = markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?–-]+$/, '')}…`;
}
