import { CRISIS_CLASSES, type CrisisClass, type Language } from '@clari/contracts';
import { wordStem } from './stemmer';

/**
 * The crisis lexicon's engine: normalises text the way people write it (lower case, folded
 * accents, expanded contractions and slang, corrected typos of the key words) and matches the
 * phrase patterns of locales/{en,sv}/safety-lexicon.json on whole words. Patterns compile to
 * regular expressions over space-separated tokens with bounded gaps only, so matching is
 * linear in the text; input is bounded by the callers as well.
 */

/**
 * How serious a pattern is: urgent (an attempt made or under way, an act announced for now),
 * high (plan, method, intent), medium (ideation, self-harm), low (an indirect or ambiguous sign),
 * weak (a sign only beside another: paying off debts, a calm after deciding).
 */
export type CrisisSeverity = 'urgent' | 'high' | 'medium' | 'low' | 'weak';
export const CRISIS_SEVERITIES: readonly CrisisSeverity[] = ['urgent', 'high', 'medium', 'low', 'weak'];

export interface LexiconEntry {
  pattern: string;
  class: CrisisClass;
  severity: CrisisSeverity;
  /** false: the pattern carries its own negation ("don't want to live"); a negation before it is not a denial. */
  negatable?: boolean;
  /**
   * true: the pattern describes the writer's own doing whoever else it names ("wrote a letter
   * my mother will get later"), so the other-person scope does not set it aside.
   */
  anyPerson?: boolean;
}

/** The shape of a locales/<lang>/safety-lexicon.json file. */
export interface LexiconFile {
  about?: string;
  replacements: Record<string, string>;
  keywords: string[];
  negators: string[];
  negationFillers: string[];
  clauseBreaks: string[];
  /**
   * Named word classes (`@name` in a pattern): a concept is a pattern itself, so one rule covers
   * every way of saying its parts ("@desire ~2 @dying").
   */
  concepts?: Record<string, string>;
  /**
   * Swedish compounds end in the word they are about ("jaktgeväret" is a gun, "sömntabletterna"
   * are tablets): a longer word ending in one of these is read as it.
   */
  compoundHeads?: string[];
  /** Conjunctions that turn a clause around ("but", "men"): the told past ends at them. */
  contrastBreaks?: string[];
  /** Words kept whole: their stem is another word's ("hoppas", to hope, would read as "hoppa", to jump). */
  unstemmed?: string[];
  /** Scopes the detector reads around a match (see crisis-detector.ts). */
  scopes?: Partial<Record<ScopeName, string[]>>;
  entries: LexiconEntry[];
  exclusions: string[];
}

/** The scopes a lexicon lists words for; crisis-detector.ts says what each does to a match. */
export const SCOPE_NAMES = [
  'firstPerson',
  'otherPerson',
  'otherSubject',
  'recovered',
  'ongoing',
  'imminent',
  'past',
  'present',
  'returning',
  'hyperbole',
  'earnest',
  'quote',
  'disclaimer',
  'occasion',
  'topic',
  'rhetorical',
] as const;
export type ScopeName = (typeof SCOPE_NAMES)[number];

export interface CrisisMatch {
  language: Language;
  class: CrisisClass;
  severity: CrisisSeverity;
  pattern: string;
  /** The normalised words that matched. */
  matched: string;
  /** A negation governs the match ("I don't want to die", "inga självmordstankar"): a denial, not risk. */
  denied: boolean;
  anyPerson: boolean;
  /** Where it was found in the normalised text (see `normalise`). */
  start: number;
  end: number;
}

interface CompiledEntry extends LexiconEntry {
  regex: RegExp;
}

export interface CompiledLexicon {
  language: Language;
  /** Words are compared by their Snowball stems ("dying", "died" and "die" are one word). */
  stemmed: boolean;
  concepts: Map<string, string>;
  /** Concept sources being compiled, to refuse a concept that contains itself. */
  compiling: Set<string>;
  scopes: Map<ScopeName, RegExp[]>;
  compoundHeads: string[];
  unstemmed: Set<string>;
  replacements: Map<string, string[]>;
  keywords: string[];
  negators: Set<string>;
  fillers: Set<string>;
  clauseBreaks: Set<string>;
  contrastBreaks: Set<string>;
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
    // "we're" and "he'll" lose their apostrophe as other words ("were", "hell"): spelled out first.
    const contraction = CONTRACTION.exec(raw);
    if (contraction) {
      tokens.push(fold(contraction[1]), CONTRACTION_WORDS[contraction[2]]);
      continue;
    }
    const word = fold(unstretch(raw.replace(/'/g, '')));
    if (word) tokens.push(word);
  }
  return tokens;
}

/** English contractions whose letters without the apostrophe spell another word. */
const CONTRACTION = /^(we|they|you|he|she|it|who|that|there)'(re|ll)$/u;
const CONTRACTION_WORDS: Record<string, string> = { re: 'are', ll: 'will' };

/**
 * A word typed with a letter held down, as people stress it in chat ("dieeee", "jag vill döö"): a letter
 * three times or more is never spelled so in English or Swedish, nor å, ä or ö twice. A vowel is read once,
 * a consonant twice ("killlll" is "kill").
 */
export function unstretch(word: string): string {
  return word
    .replace(/([åäö])\1+/gu, '$1')
    .replace(/([aeiouyåäö])\1{2,}/gu, '$1')
    .replace(/(\p{L})\1{2,}/gu, '$1$1');
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
    const corrected = lexicon.replacements.has(token)
      ? token
      : compoundHead(correctTypo(token, lexicon.keywords), lexicon.compoundHeads);
    if (lexicon.stemmed && /^\d+$/.test(corrected) && Number(corrected) >= NUMBER_THRESHOLD) {
      words.push(stemOf(LARGE_NUMBER, lexicon));
      continue;
    }
    for (const word of lexicon.replacements.get(corrected) ?? [corrected]) words.push(stemOf(word, lexicon));
  }
  return ` ${words.join(' ')} `;
}

/** Shortest modifier a compound is read through: "rep" is not the head of "trappsteg". */
const COMPOUND_MODIFIER_MIN = 3;

function compoundHead(token: string, heads: readonly string[]): string {
  for (const head of heads)
    if (token.length >= head.length + COMPOUND_MODIFIER_MIN && token.endsWith(head)) return head;
  return token;
}

function commonStart(a: string, b: string): string {
  let length = 0;
  while (length < a.length && a[length] === b[length]) length++;
  return a.slice(0, length);
}

/** Numbers of ten or more read as one word ("took 30 pills" and "took numerous pills" are alike). */
const LARGE_NUMBER = 'numerous';
const NUMBER_THRESHOLD = 10;

/** The form a word is compared in: its stem in a stemmed lexicon, else the word. */
function stemOf(word: string, lexicon: Pick<CompiledLexicon, 'stemmed' | 'language' | 'unstemmed'>): string {
  return lexicon.stemmed && !lexicon.unstemmed.has(word) ? fold(wordStem(lexicon.language, word)) : word;
}

function correctTypo(token: string, keywords: readonly string[]): string {
  if (token.length < TYPO_MIN_LENGTH || keywords.includes(token)) return token;
  // A typo seldom changes the first letter, and many real words differ from a keyword only there ("giving", "living").
  for (const keyword of keywords)
    if (keyword !== token && keyword[0] === token[0] && withinOneEdit(token, keyword)) return keyword;
  return token;
}

// ---------------------------------------------------------------------------------------
// The pattern language (see the lexicon files' "about"): words, word*, (a|b c), x?, ~N, ^N, !(…), $, <

type PatternNode =
  | { kind: 'word'; text: string; prefix: boolean; optional: boolean }
  | { kind: 'group'; alternatives: PatternNode[][]; optional: boolean }
  | { kind: 'gap'; max: number; acrossClauses: boolean; overNegations: boolean }
  | { kind: 'not'; node: PatternNode }
  | { kind: 'concept'; name: string; optional: boolean }
  | { kind: 'end' }
  | { kind: 'start' };

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
    if (char === '$') {
      this.position++;
      return { kind: 'end' };
    }
    if (char === '<') {
      this.position++;
      return { kind: 'start' };
    }
    if (char === '~' || char === '^') {
      this.position++;
      // ^^N: a question told and then answered ("asked if i had thought of not waking up, no") may hold a negation.
      const overNegations = char === '^' && this.source[this.position] === '^';
      if (overNegations) this.position++;
      const digits = /^\d+/.exec(this.source.slice(this.position))?.[0] ?? '';
      this.position += digits.length;
      return { kind: 'gap', max: digits ? Number(digits) : DEFAULT_GAP, acrossClauses: char === '^', overNegations };
    }
    if (char === '@') {
      this.position++;
      const name = /^[\p{L}_]+/u.exec(this.source.slice(this.position))?.[0];
      if (!name) throw this.error('expected a concept name');
      this.position += name.length;
      return { kind: 'concept', name, optional: this.optionalMark() };
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
    const word = /^[^\s()|!~^?*@$<]+/.exec(this.source.slice(this.position))?.[0];
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

type PatternLexicon = Pick<
  CompiledLexicon,
  'replacements' | 'negators' | 'stemmed' | 'language' | 'concepts' | 'compiling' | 'unstemmed'
>;

/** Regex source that consumes the node's words, each followed by one space. */
function compileNode(node: PatternNode, lexicon: PatternLexicon): string {
  switch (node.kind) {
    case 'concept': {
      const source = lexicon.concepts.get(node.name);
      if (source === undefined) throw new Error(`Crisis pattern: unknown concept @${node.name}`);
      if (lexicon.compiling.has(node.name)) throw new Error(`Crisis pattern: concept @${node.name} contains itself`);
      lexicon.compiling.add(node.name);
      try {
        const inner = new PatternParser(source)
          .parse()
          .map((item) => compileNode(item, lexicon))
          .join('');
        return `(?:${inner})${node.optional ? '?' : ''}`;
      } finally {
        lexicon.compiling.delete(node.name);
      }
    }
    case 'word': {
      const folded = fold(node.text.toLowerCase().replace(/'/g, ''));
      // Pattern words go through the same replacements and stemming as text ("wanna" → "want to", "bara" → nothing).
      // A prefix is compared with stems too: the stem of "tändaren" is "tändar", shorter than "tändare*".
      const words = node.prefix
        ? [lexicon.stemmed ? commonStart(folded, stemOf(folded, lexicon)) : folded]
        : (lexicon.replacements.get(folded) ?? [folded]).map((word) => stemOf(word, lexicon));
      if (words.length === 0) return '';
      const source = words
        .map((word, index) => `${escapeRegExp(word)}${node.prefix && index === words.length - 1 ? '[^ |]*' : ''} `)
        .join('');
      return node.optional ? `(?:${source})?` : source;
    }
    case 'group': {
      const alternatives = node.alternatives.map((sequence) =>
        sequence.map((item) => compileNode(item, lexicon)).join(''),
      );
      // A choice whose words the replacements all drop ("(suicidal|literally)") would match nothing at all,
      // anywhere: the crisis lexicon refuses it when it loads.
      if (lexicon.stemmed && alternatives.some((alternative) => alternative === ''))
        throw new Error('Crisis pattern: a choice is empty once normalised (its words are dropped as fillers)');
      const source = `(?:${alternatives.join('|')})`;
      return node.optional ? `${source}?` : source;
    }
    case 'gap': {
      // A gap never skips a negation (but ^^N); only ^N reaches over the end of a clause ("bought a rope. hid it").
      const word = node.acrossClauses ? '[^ ]+' : '[^ |]+';
      if (node.overNegations) return `(?:${word} ){0,${node.max}}`;
      const negators = [...lexicon.negators].map(escapeRegExp).join('|');
      return `(?:(?!(?:${negators}) )${word} ){0,${node.max}}`;
    }
    case 'not':
      return `(?!${compileNode(node.node, lexicon)})`;
    case 'end':
      // The end of a clause or of the text ("I picked a date." but not "I picked a date for the party").
      return `(?=\\${CLAUSE_END}|$)`;
    case 'start':
      // The start of a clause or of the text: a Swedish verb with its subject left out ("tar livet av mig ikväll"),
      // not the same words after a subject of their own ("jobbet tar livet av mig").
      return `(?<=(?:^|\\${CLAUSE_END}) )`;
  }
}

export function compilePattern(pattern: string, lexicon: PatternLexicon): RegExp {
  const nodes = new PatternParser(pattern).parse();
  try {
    return new RegExp(` ${nodes.map((node) => compileNode(node, lexicon)).join('')}`, 'g');
  } catch (error) {
    throw new Error(`${(error as Error).message}: "${pattern}"`);
  }
}

export function compileLexicon(
  language: Language,
  file: LexiconFile,
  options: { stemmed?: boolean } = {},
): CompiledLexicon {
  const stemmed = options.stemmed ?? false;
  const unstemmed = new Set((file.unstemmed ?? []).map((word) => fold(word.toLowerCase())));
  const replacements = new Map<string, string[]>();
  for (const [from, to] of Object.entries(file.replacements)) {
    replacements.set(
      fold(from.toLowerCase().replace(/'/g, '')),
      tokenise(to).filter((token) => token !== CLAUSE_END),
    );
  }
  const foldAll = (words: readonly string[]) =>
    words.map((word) => stemOf(fold(word.toLowerCase()), { stemmed, language, unstemmed }));
  const lexicon: CompiledLexicon = {
    language,
    stemmed,
    concepts: new Map(Object.entries(file.concepts ?? {})),
    compiling: new Set(),
    scopes: new Map(),
    unstemmed,
    compoundHeads: (file.compoundHeads ?? [])
      .map((word) => fold(word.toLowerCase()))
      .sort((a, b) => b.length - a.length),
    replacements,
    // Typos are corrected before stemming, so the keywords stay whole words.
    keywords: file.keywords.map((word) => fold(word.toLowerCase())),
    negators: new Set(foldAll(file.negators)),
    fillers: new Set(foldAll(file.negationFillers)),
    clauseBreaks: new Set(foldAll(file.clauseBreaks)),
    contrastBreaks: new Set(foldAll(file.contrastBreaks ?? [])),
    entries: [],
    exclusions: [],
  };
  lexicon.entries = file.entries.map((entry) => {
    if (!(CRISIS_CLASSES as readonly string[]).includes(entry.class))
      throw new Error(`Crisis pattern "${entry.pattern}": unknown class ${entry.class}`);
    if (!CRISIS_SEVERITIES.includes(entry.severity))
      throw new Error(`Crisis pattern "${entry.pattern}": unknown severity ${entry.severity}`);
    return { ...entry, regex: compilePattern(entry.pattern, lexicon) };
  });
  lexicon.exclusions = file.exclusions.map((pattern) => compilePattern(pattern, lexicon));
  for (const [scope, patterns] of Object.entries(file.scopes ?? {}) as Array<[ScopeName, string[]]>) {
    if (!SCOPE_NAMES.includes(scope)) throw new Error(`Crisis lexicon: unknown scope ${scope}`);
    lexicon.scopes.set(
      scope,
      patterns.map((pattern) => compilePattern(pattern, lexicon)),
    );
  }
  return lexicon;
}

/** Every match of the lexicon's patterns in the text, denials included. */
export function matchLexicon(
  text: string,
  lexicon: CompiledLexicon,
  normalised = normalise(text, lexicon),
): CrisisMatch[] {
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
        anyPerson: entry.anyPerson === true,
        start,
        end,
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
      anyPerson: entry.anyPerson === true,
      start,
      end,
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
