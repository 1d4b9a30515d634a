import { CRISIS_CLASSES, type CrisisClass, type Language } from '@clari/contracts';

/**
 * The crisis lexicon's engine: normalises text the way people write it (lower case, folded
 * accents, expanded contractions and slang, corrected typos of the key words) and matches the
 * phrase patterns of locales/{en,sv}/safety-lexicon.json on whole words. Patterns compile to
 * regular expressions over space-separated tokens with bounded gaps only, so matching is
 * linear in the text; input is bounded by the callers as well.
 */

export type CrisisSeverity = 'high' | 'medium' | 'low';

export interface LexiconEntry {
  pattern: string;
  class: CrisisClass;
  severity: CrisisSeverity;
  /** false: the pattern carries its own negation ("don't want to live"); a negation before it is not a denial. */
  negatable?: boolean;
}

/** The shape of a locales/<lang>/safety-lexicon.json file. */
export interface LexiconFile {
  about?: string;
  replacements: Record<string, string>;
  keywords: string[];
  negators: string[];
  negationFillers: string[];
  clauseBreaks: string[];
  entries: LexiconEntry[];
  exclusions: string[];
}

export interface CrisisMatch {
  language: Language;
  class: CrisisClass;
  severity: CrisisSeverity;
  pattern: string;
  /** The normalised words that matched. */
  matched: string;
  /** A negation governs the match ("I don't want to die", "inga självmordstankar"): a denial, not risk. */
  denied: boolean;
}

interface CompiledEntry extends LexiconEntry {
  regex: RegExp;
}

export interface CompiledLexicon {
  language: Language;
  replacements: Map<string, string[]>;
  keywords: string[];
  negators: Set<string>;
  fillers: Set<string>;
  clauseBreaks: Set<string>;
  entries: CompiledEntry[];
  exclusions: RegExp[];
}

/** How many filler words may stand between a negation and the phrase it denies. */
const NEGATION_REACH = 5;
/** Tokens this short are never typo-corrected: too many real words are one edit apart. */
const TYPO_MIN_LENGTH = 5;
const CLAUSE_END = '|';
const DEFAULT_GAP = 3;

/** Lower case without diacritics: "Självmord" and "sjalvmord", "dö" and "do" compare equal. */
export function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}+/gu, '');
}

/**
 * Text as tokens: lower case, NFKC, folded; clause ends (. , ; : ! ? and line breaks) kept as
 * '|', everything else that is not a letter, digit or apostrophe separates words.
 */
export function tokenise(text: string): string[] {
  const marked = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘ʼ`´]/g, "'")
    .replace(/[.,;:!?()\n\r"“”«»…]+/g, ` ${CLAUSE_END} `);
  const tokens: string[] = [];
  for (const raw of marked.split(/[^\p{L}\p{N}'|]+/u)) {
    if (!raw) continue;
    if (raw.includes(CLAUSE_END)) {
      tokens.push(CLAUSE_END);
      continue;
    }
    const word = fold(raw.replace(/'/g, ''));
    if (word) tokens.push(word);
  }
  return tokens;
}

/** Whether two words are at most one edit apart (insertion, deletion, substitution or swap of neighbours). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The normalised word sequence of a text for one language: ` w1 w2 … ` with a space at both ends. */
export function normalise(text: string, lexicon: CompiledLexicon): string {
  const words: string[] = [];
  for (const token of tokenise(text)) {
    if (token === CLAUSE_END) {
      if (words[words.length - 1] !== CLAUSE_END) words.push(CLAUSE_END);
      continue;
    }
    const corrected = lexicon.replacements.has(token) ? token : correctTypo(token, lexicon.keywords);
    words.push(...(lexicon.replacements.get(corrected) ?? [corrected]));
  }
  return ` ${words.join(' ')} `;
}

function correctTypo(token: string, keywords: readonly string[]): string {
  if (token.length < TYPO_MIN_LENGTH || keywords.includes(token)) return token;
  for (const keyword of keywords) if (keyword !== token && withinOneEdit(token, keyword)) return keyword;
  return token;
}

// ---------------------------------------------------------------------------------------
// The pattern language (see the lexicon files' "about"): words, word*, (a|b c), x?, ~N, !(…)

type PatternNode =
  | { kind: 'word'; text: string; prefix: boolean; optional: boolean }
  | { kind: 'group'; alternatives: PatternNode[][]; optional: boolean }
  | { kind: 'gap'; max: number }
  | { kind: 'not'; node: PatternNode };

class PatternParser {
  private position = 0;
  constructor(private readonly source: string) {}

  parse(): PatternNode[] {
    const sequence = this.sequence();
    if (this.position < this.source.length) throw this.error('unexpected character');
    return sequence;
  }

  private sequence(): PatternNode[] {
    const nodes: PatternNode[] = [];
    for (;;) {
      this.skipSpaces();
      const char = this.source[this.position];
      if (char === undefined || char === '|' || char === ')') return nodes;
      nodes.push(this.node());
    }
  }

  private node(): PatternNode {
    const char = this.source[this.position];
    if (char === '!') {
      this.position++;
      return { kind: 'not', node: this.node() };
    }
    if (char === '~') {
      this.position++;
      const digits = /^\d+/.exec(this.source.slice(this.position))?.[0] ?? '';
      this.position += digits.length;
      return { kind: 'gap', max: digits ? Number(digits) : DEFAULT_GAP };
    }
    if (char === '(') {
      this.position++;
      const alternatives = [this.sequence()];
      while (this.source[this.position] === '|') {
        this.position++;
        alternatives.push(this.sequence());
      }
      if (this.source[this.position] !== ')') throw this.error('missing )');
      this.position++;
      return { kind: 'group', alternatives, optional: this.optionalMark() };
    }
    const word = /^[^\s()|!~?*]+/.exec(this.source.slice(this.position))?.[0];
    if (!word) throw this.error('expected a word');
    this.position += word.length;
    const prefix = this.source[this.position] === '*';
    if (prefix) this.position++;
    return { kind: 'word', text: word, prefix, optional: this.optionalMark() };
  }

  private optionalMark(): boolean {
    if (this.source[this.position] !== '?') return false;
    this.position++;
    return true;
  }

  private skipSpaces(): void {
    while (this.source[this.position] === ' ') this.position++;
  }

  private error(reason: string): Error {
    return new Error(`Crisis pattern "${this.source}": ${reason} at ${this.position}`);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Regex source that consumes the node's words, each followed by one space. */
function compileNode(node: PatternNode, lexicon: Pick<CompiledLexicon, 'replacements' | 'negators'>): string {
  switch (node.kind) {
    case 'word': {
      const folded = fold(node.text.toLowerCase().replace(/'/g, ''));
      // Pattern words go through the same replacements as text ("wanna" → "want to", "bara" → nothing).
      const words = node.prefix ? [folded] : (lexicon.replacements.get(folded) ?? [folded]);
      if (words.length === 0) return '';
      const source = words
        .map((word, index) => `${escapeRegExp(word)}${node.prefix && index === words.length - 1 ? '[^ |]*' : ''} `)
        .join('');
      return node.optional ? `(?:${source})?` : source;
    }
    case 'group': {
      const source = `(?:${node.alternatives.map((sequence) => sequence.map((item) => compileNode(item, lexicon)).join('')).join('|')})`;
      return node.optional ? `${source}?` : source;
    }
    case 'gap': {
      // A gap never skips a negation or the end of a clause.
      const negators = [...lexicon.negators].map(escapeRegExp).join('|');
      return `(?:(?!(?:${negators}) )[^ |]+ ){0,${node.max}}`;
    }
    case 'not':
      return `(?!${compileNode(node.node, lexicon)})`;
  }
}

export function compilePattern(pattern: string, lexicon: Pick<CompiledLexicon, 'replacements' | 'negators'>): RegExp {
  const nodes = new PatternParser(pattern).parse();
  return new RegExp(` ${nodes.map((node) => compileNode(node, lexicon)).join('')}`, 'g');
}

export function compileLexicon(language: Language, file: LexiconFile): CompiledLexicon {
  const replacements = new Map<string, string[]>();
  for (const [from, to] of Object.entries(file.replacements)) {
    replacements.set(
      fold(from.toLowerCase().replace(/'/g, '')),
      tokenise(to).filter((token) => token !== CLAUSE_END),
    );
  }
  const foldAll = (words: readonly string[]) => words.map((word) => fold(word.toLowerCase()));
  const lexicon: CompiledLexicon = {
    language,
    replacements,
    keywords: foldAll(file.keywords),
    negators: new Set(foldAll(file.negators)),
    fillers: new Set(foldAll(file.negationFillers)),
    clauseBreaks: new Set(foldAll(file.clauseBreaks)),
    entries: [],
    exclusions: [],
  };
  lexicon.entries = file.entries.map((entry) => {
    if (!(CRISIS_CLASSES as readonly string[]).includes(entry.class))
      throw new Error(`Crisis pattern "${entry.pattern}": unknown class ${entry.class}`);
    if (!['high', 'medium', 'low'].includes(entry.severity))
      throw new Error(`Crisis pattern "${entry.pattern}": unknown severity ${entry.severity}`);
    return { ...entry, regex: compilePattern(entry.pattern, lexicon) };
  });
  lexicon.exclusions = file.exclusions.map((pattern) => compilePattern(pattern, lexicon));
  return lexicon;
}

/** Every match of the lexicon's patterns in the text, denials included. */
export function matchLexicon(text: string, lexicon: CompiledLexicon): CrisisMatch[] {
  const normalised = normalise(text, lexicon);
  const excluded = spansOf(normalised, lexicon.exclusions);
  const matches: CrisisMatch[] = [];
  let withoutNegations: string | undefined;
  let excludedWithout: Array<[number, number]> | undefined;
  for (const entry of lexicon.entries) {
    // The first match that no exclusion covers; a later one still counts when the first is a denial.
    let denial: CrisisMatch | null = null;
    let affirmed: CrisisMatch | null = null;
    entry.regex.lastIndex = 0;
    for (let found = entry.regex.exec(normalised); found && !affirmed; found = entry.regex.exec(normalised)) {
      const start = found.index;
      const end = start + found[0].length;
      entry.regex.lastIndex = start + 1;
      if (found[0].length <= 1 || excluded.some(([from, to]) => from < end && start < to)) continue;
      const match: CrisisMatch = {
        language: lexicon.language,
        class: entry.class,
        severity: entry.severity,
        pattern: entry.pattern,
        matched: found[0].trim(),
        denied: false,
      };
      if (entry.negatable !== false && negatedBefore(normalised, start, lexicon)) denial ??= { ...match, denied: true };
      else affirmed = match;
    }
    const result = affirmed ?? denial ?? (entry.negatable !== false ? innerDenial(entry) : null);
    if (result) matches.push(result);
  }
  return matches;

  /**
   * A negation inside the phrase denies it too: Swedish puts it after the verb ("jag vill inte
   * dö", "jag har aldrig tänkt ta mitt liv"), which a gap never skips. Read without its
   * negations, the phrase matches; it is then a denial, never risk.
   */
  function innerDenial(entry: CompiledLexicon['entries'][number]): CrisisMatch | null {
    withoutNegations ??= normalised
      .split(' ')
      .filter((word) => !lexicon.negators.has(word))
      .join(' ');
    if (withoutNegations === normalised) return null;
    // Read once per text, not once per entry.
    excludedWithout ??= spansOf(withoutNegations, lexicon.exclusions);
    entry.regex.lastIndex = 0;
    const found = entry.regex.exec(withoutNegations);
    entry.regex.lastIndex = 0;
    if (!found || found[0].length <= 1) return null;
    const start = found.index;
    const end = start + found[0].length;
    if (excludedWithout.some(([from, to]) => from < end && start < to)) return null;
    return {
      language: lexicon.language,
      class: entry.class,
      severity: entry.severity,
      pattern: entry.pattern,
      matched: found[0].trim(),
      denied: true,
    };
  }
}

export function spansOf(text: string, patterns: readonly RegExp[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
      spans.push([found.index, found.index + found[0].length]);
      pattern.lastIndex = found.index + Math.max(1, found[0].length - 1);
    }
  }
  return spans;
}

/**
 * Whether a negation governs the phrase starting at `start`: walking back over filler words
 * ("not", "really", "have", "thoughts of", "att") within the clause meets a negator.
 */
export function negatedBefore(text: string, start: number, lexicon: CompiledLexicon): boolean {
  const before = text.slice(0, start).trim().split(' ');
  let fillers = 0;
  for (let index = before.length - 1; index >= 0; index--) {
    const word = before[index];
    if (!word || word === CLAUSE_END || lexicon.clauseBreaks.has(word)) return false;
    if (lexicon.negators.has(word)) return true;
    if (!lexicon.fillers.has(word) || ++fillers > NEGATION_REACH) return false;
  }
  return false;
}
