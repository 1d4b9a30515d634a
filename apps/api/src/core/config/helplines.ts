import { readFileSync } from 'node:fs';
import * as path from 'node:path';
// Relative, not @clari/contracts: the config is read by test setup that runs before module aliases exist.
import { LANGUAGES, type Language } from '../../../../../libs/contracts/src/languages';
import { HELPLINE_LIMITS, type Helpline, type HelplineSet } from '../../../../../libs/contracts/src/safety';
import enSafety from '../../../../../locales/en/safety.json';
import svSafety from '../../../../../locales/sv/safety.json';

/** The helplines Clari shows when no operator file replaces them (locales/{en,sv}/safety.json). */
export const DEFAULT_HELPLINES: Record<Language, HelplineSet> = {
  en: enSafety.helplines,
  sv: svSafety.helplines,
};

const ID = /^[a-z0-9-]{1,40}$/;
/** What can be dialled: digits, with an optional leading + and spaces or dashes between groups. */
const PHONE = /^\+?[0-9][0-9 -]{0,18}[0-9]$|^[0-9]$/;

/**
 * The helplines per language: the defaults, with the languages an operator's HELPLINES_FILE
 * names replaced whole. The file is validated when the app starts, so a wrong number never
 * reaches a person in crisis; `fail` names what is wrong.
 */
export function loadHelplines(
  file: string | undefined,
  cwd: string,
  fail: (detail: string) => never,
): Record<Language, HelplineSet> {
  if (!file) return DEFAULT_HELPLINES;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path.resolve(cwd, file), 'utf8'));
  } catch (error) {
    return fail(`could not be read as JSON: ${(error as Error).message}`);
  }
  if (!isObject(parsed)) return fail('must hold an object with "en" and/or "sv"');
  const result = { ...DEFAULT_HELPLINES };
  for (const [language, set] of Object.entries(parsed)) {
    if (!(LANGUAGES as readonly string[]).includes(language))
      return fail(`names an unknown language "${language}" (en or sv)`);
    result[language as Language] = helplineSet(set, language, fail);
  }
  return result;
}

function helplineSet(value: unknown, language: string, fail: (detail: string) => never): HelplineSet {
  if (!isObject(value)) return fail(`"${language}" must be an object with "emergency" and "lines"`);
  const emergency = value.emergency;
  if (typeof emergency !== 'string' || !PHONE.test(emergency.trim()))
    return fail(`"${language}.emergency" must be a number to dial, e.g. "112"`);
  if (!Array.isArray(value.lines) || value.lines.length === 0 || value.lines.length > HELPLINE_LIMITS.lines)
    return fail(`"${language}.lines" must list 1 to ${HELPLINE_LIMITS.lines} helplines`);
  const ids = new Set<string>();
  const lines = value.lines.map((line: unknown, index): Helpline => {
    const at = `"${language}.lines[${index}]"`;
    if (!isObject(line)) return fail(`${at} must be an object`);
    const { id, name, description, phone, url } = line;
    if (typeof id !== 'string' || !ID.test(id) || ids.has(id))
      return fail(`${at}.id must be a unique key of letters, digits and dashes`);
    ids.add(id);
    if (typeof name !== 'string' || !name.trim() || name.length > HELPLINE_LIMITS.name)
      return fail(`${at}.name must be 1 to ${HELPLINE_LIMITS.name} characters`);
    if (
      description !== undefined &&
      (typeof description !== 'string' || description.length > HELPLINE_LIMITS.description)
    )
      return fail(`${at}.description must be at most ${HELPLINE_LIMITS.description} characters`);
    if (phone !== undefined && (typeof phone !== 'string' || !PHONE.test(phone.trim())))
      return fail(`${at}.phone must be a number to dial`);
    if (url !== undefined && !isHttpsUrl(url)) return fail(`${at}.url must be an https:// address`);
    if (phone === undefined && url === undefined) return fail(`${at} needs a phone, a url, or both`);
    return {
      id,
      name: name.trim(),
      ...(description ? { description: description.trim() } : {}),
      ...(phone ? { phone: phone.trim() } : {}),
      ...(url ? { url } : {}),
    };
  });
  return { emergency: emergency.trim(), lines };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isHttpsUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
