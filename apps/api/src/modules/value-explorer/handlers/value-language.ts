import {
  COMMON_OBSTACLES,
  COMMON_VALUES,
  VALUE_EXPLORER_LIMITS,
  type CommonObstacleId,
  type CommonValueId,
  type Language,
} from '@clari/contracts';
import enGuide from '../../../../../../locales/en/value-explorer-guide.json';
import svGuide from '../../../../../../locales/sv/value-explorer-guide.json';
import {
  capitalise,
  compilePhraseSet,
  findPhrases,
  isQuestion,
  mentionsAny,
  type PhraseSet,
} from '../../assistant/language';
import { knownObstacleId, knownValueId } from '../value-explorer-texts';

/**
 * What the offline Value Explorer guide recognises in a message, precise before broad:
 * values, obstacles and value hints by word forms (locales/{en,sv}/value-explorer-guide.json,
 * never substrings), negation respected, nothing from questions; goals only from statements
 * of intent. Both languages are always checked (people mix them).
 */
interface GuideFile {
  values: Record<CommonValueId, string[]>;
  valueExclusions: string[];
  explicitValue: string[];
  obstacles: Record<CommonObstacleId, string[]>;
  customObstacle: string[];
  valueHints: Partial<Record<CommonValueId, string[]>>;
}

interface CompiledGuide {
  values: PhraseSet<CommonValueId>;
  explicit: PhraseSet<'explicit'>;
  obstacles: PhraseSet<CommonObstacleId>;
  hints: PhraseSet<CommonValueId>;
  customObstacle: RegExp[];
}

function compileGuide(language: Language, file: GuideFile): CompiledGuide {
  return {
    values: compilePhraseSet(language, file.values, file.valueExclusions),
    explicit: compilePhraseSet(language, { explicit: file.explicitValue }),
    obstacles: compilePhraseSet(language, file.obstacles),
    hints: compilePhraseSet(language, file.valueHints, file.valueExclusions),
    // "My obstacle is …": the rest of the sentence is the user's own words for it.
    customObstacle: file.customObstacle.map(openerPattern),
  };
}

/** An opener like "my (biggest |main )?(obstacle|problem) is" as a regex capturing the rest of the sentence. */
function openerPattern(opener: string): RegExp {
  const source = opener.replace(/\(([^()]*)\)/g, '(?:$1)');
  return new RegExp(`(?:^|[^\\p{L}])${source}\\s+(.+)`, 'iu');
}

const GUIDES: CompiledGuide[] = [compileGuide('en', enGuide as GuideFile), compileGuide('sv', svGuide as GuideFile)];

/** Sentences of a message that state something (questions never count). */
export function statements(input: string): string[] {
  return input
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /\p{L}/u.test(sentence) && !isQuestion(sentence));
}

export interface FoundValues {
  /** Named in a statement, not negated. */
  named: CommonValueId[];
  /** Named with an explicit cue ("I also value …", "… är viktigt för mig"): counts in any phase. */
  explicit: CommonValueId[];
  /** Only hinted at ("I love playing guitar" → creativity): to offer, never to write. */
  hinted: CommonValueId[];
}

/** Values in the message, in the order they were mentioned; a whole message that is a value name counts as named. */
export function valuesIn(input: string): FoundValues {
  const direct = knownValueId(input.replace(/[.!]+$/, ''));
  if (direct) return { named: [direct], explicit: [direct], hinted: [] };
  const named: CommonValueId[] = [];
  const explicit: CommonValueId[] = [];
  const hinted: CommonValueId[] = [];
  for (const sentence of statements(input)) {
    for (const guide of GUIDES) {
      const found = findPhrases(sentence, guide.values).filter((hit) => !hit.denied);
      for (const hit of found) if (!named.includes(hit.id)) named.push(hit.id);
      if (found.length && mentionsAny(sentence, guide.explicit))
        for (const hit of found) if (!explicit.includes(hit.id)) explicit.push(hit.id);
      for (const hit of findPhrases(sentence, guide.hints))
        if (!hit.denied && !hinted.includes(hit.id)) hinted.push(hit.id);
    }
  }
  return { named, explicit, hinted: hinted.filter((id) => !named.includes(id)) };
}

/** Obstacles in the message: known ones by everyday phrasing, else the user's own words after "My obstacle is …". */
export function obstaclesIn(input: string): string[] {
  const direct = knownObstacleId(input.replace(/[.!]+$/, ''));
  if (direct) return [direct];
  const found: string[] = [];
  for (const sentence of statements(input)) {
    for (const guide of GUIDES)
      for (const hit of findPhrases(sentence, guide.obstacles))
        if (!hit.denied && !found.includes(hit.id)) found.push(hit.id);
  }
  if (found.length)
    return COMMON_OBSTACLES.filter((id) => found.includes(id)).sort((a, b) => found.indexOf(a) - found.indexOf(b));
  for (const sentence of statements(input)) {
    for (const guide of GUIDES) {
      for (const pattern of guide.customObstacle) {
        const match = pattern.exec(sentence);
        const custom = match ? shorten(capitalise(match[1]), VALUE_EXPLORER_LIMITS.obstacleTextLength.max) : '';
        if (custom.length >= 3) return [custom];
      }
    }
  }
  return [];
}

export interface FoundGoal {
  text: string;
  term: 'short' | 'long' | 'either';
}

const GOAL_OPENERS = [
  /(?:^|[^\p{L}])(?:i want us to|we want to|i want to|i'd like to|i’d like to|i would like to|i will|i'll|i’ll|i plan to|i'm going to|i’m going to|i am going to|my goal is to|i hope to|i wish to|i need to|i intend to|i aim to)\s+(.+)/iu,
  /(?:^|[^\p{L}])(?:jag vill att vi|vi vill|jag vill|jag skulle vilja|jag ska|jag tänker|mitt mål är att|jag hoppas kunna|jag hoppas att jag|jag behöver|jag planerar att|jag har bestämt mig för att)\s+(.+)/iu,
  // Swedish puts the verb second: "Om fem år vill jag …", "Den här veckan ska jag …".
  /(?:^|[^\p{L}])(?:vill jag|ska jag|skulle jag vilja|tänker jag|planerar jag att)\s+(.+)/iu,
];
/** "I want to … but …", "jag vill inte …": not an intention to write down. */
const NOT_A_GOAL =
  /^(?:not|never|inte|aldrig|ingenting|nothing|know|veta|ha en paus|take a break|skip|hoppa över|utforska härnäst|explore next)\b/iu;

const LONG_TERM =
  /(?:^|[^\p{L}])(?:long[- ]term|(?:in|within) (?:a|one|two|three|four|five|ten|\d+) years?|by the end of (?:the|next) year|some ?day|eventually|in the future|in the long run|over the years|one day|långsiktig\p{L}*|på sikt|på lång sikt|(?:om|inom) (?:ett|två|tre|fyra|fem|tio|\d+) år|till nästa år|någon gång|i framtiden|med åren|en dag)(?![\p{L}])/iu;
const SHORT_TERM =
  /(?:^|[^\p{L}])(?:short[- ]term|this (?:week|month|weekend)|next (?:week|month)|tomorrow|today|soon|right away|kortsiktig\p{L}*|på kort sikt|den här (?:veckan|månaden|helgen)|denna vecka|nästa (?:vecka|månad)|i morgon|imorgon|i dag|idag|snart|direkt)(?![\p{L}])/iu;

/** Statements of intent ("I want to …", "Jag vill …", "Om fem år vill jag …") as goals in the user's words; never from a question. */
export function goalsIn(input: string): FoundGoal[] {
  const goals: FoundGoal[] = [];
  for (const sentence of statements(input)) {
    for (const pattern of GOAL_OPENERS) {
      const match = pattern.exec(sentence);
      if (!match) continue;
      const rest = match[1].replace(/[.!]+$/, '').trim();
      if (NOT_A_GOAL.test(rest)) break;
      const text = capitalise(rest);
      if (text.split(/\s+/).length < 2 || text.length > VALUE_EXPLORER_LIMITS.shortTermGoalLength.max) break;
      goals.push({ text, term: LONG_TERM.test(sentence) ? 'long' : SHORT_TERM.test(sentence) ? 'short' : 'either' });
      break;
    }
  }
  return goals;
}

/** The known value ids in their list order (for offering chips in a stable order). */
export function inValueOrder(ids: readonly CommonValueId[]): CommonValueId[] {
  return COMMON_VALUES.filter((id) => ids.includes(id));
}

function shorten(text: string, max: number): string {
  const clean = text.replace(/[.!]+$/, '').trim();
  if (clean.length <= max) return clean;
  return clean.slice(0, max).replace(/\s+\S*$/, '');
}
