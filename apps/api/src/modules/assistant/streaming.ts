/**
 * Reading a model's JSON answer while it streams: the `risk` value once it is complete, and
 * the `reply` text so far. The reply is shown only after risk is known to be "none", so a
 * reply the model marks as a crisis is never streamed. One pass over the text, so a long
 * answer costs O(n) per chunk read; the final, validated answer is what counts.
 */
export interface PartialAnswer {
  risk: string | null;
  reply: string | null;
}

/** What the chat panel receives while Clari writes. */
export interface ChatStream {
  delta(text: string): void;
}

export function partialAnswer(content: string): PartialAnswer {
  return { risk: stringField(content, 'risk', false), reply: stringField(content, 'reply', true) };
}

/**
 * The decoded value of `"key": "…"` in partial JSON: complete only, or as far as it goes when
 * `partial` is set. Inside a JSON string a quote is always escaped, so `"key"` followed by a
 * colon can only be a key.
 */
function stringField(content: string, key: string, partial: boolean): string | null {
  const marker = `"${key}"`;
  let at = content.indexOf(marker);
  while (at >= 0) {
    let index = at + marker.length;
    while (index < content.length && /\s/.test(content[index])) index++;
    if (content[index] === ':') {
      index++;
      while (index < content.length && /\s/.test(content[index])) index++;
      if (content[index] !== '"') return null;
      return decodeString(content, index + 1, partial);
    }
    at = content.indexOf(marker, at + 1);
  }
  return null;
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function decodeString(content: string, start: number, partial: boolean): string | null {
  let text = '';
  for (let index = start; index < content.length; index++) {
    const char = content[index];
    if (char === '"') return text;
    if (char !== '\\') {
      text += char;
      continue;
    }
    const next = content[index + 1];
    if (next === undefined) break;
    if (next === 'u') {
      const hex = content.slice(index + 2, index + 6);
      if (hex.length < 4) break;
      text += String.fromCharCode(parseInt(hex, 16));
      index += 5;
    } else {
      text += ESCAPES[next] ?? next;
      index++;
    }
  }
  return partial ? text : null;
}

/** The offline guide's reply in a few word groups, so the chat panel takes the same path as with a model. */
export function replyChunks(reply: string, words = 4): string[] {
  const parts = reply.match(/\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let index = 0; index < parts.length; index += words) chunks.push(parts.slice(index, index + words).join(''));
  const leading = /^\s*/.exec(reply)?.[0] ?? '';
  if (leading && chunks.length) chunks[0] = leading + chunks[0];
  return chunks;
}
