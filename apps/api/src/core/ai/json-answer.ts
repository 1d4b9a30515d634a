/**
 * A model's JSON object, read tolerantly: as it is, inside a Markdown code fence, or as the
 * first balanced {…} in text around it ("Here you go: {…} Hope this helps"). One linear scan,
 * aware of strings and escapes, so long or hostile answers cost O(n). Null when none parses.
 */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  const direct = tryObject(text.trim());
  if (direct) return direct;
  const start = text.indexOf('{');
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return tryObject(text.slice(start, index + 1));
  }
  return null;
}

function tryObject(candidate: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(candidate);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
