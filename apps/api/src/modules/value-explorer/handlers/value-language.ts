import { COMMON_VALUES, VALUE_EXPLORER_LIMITS, type CommonObstacleId, type CommonValueId, type Language } from '@clari/contracts';
import { allValueNames, knownObstacleId, knownValueId } from '../value-explorer-texts';
import { capitalise, keywordPosition, matchable } from '../../assistant/handlers/guide-language';

/**
 * What the offline guide recognises in a message: values (their names in both languages
 * and everyday words for them), goals written as "I want to …", and obstacles.
 * A pattern ending in * matches word starts; others whole words or phrases.
 */
const VALUE_WORDS: Record<CommonValueId, string[]> = {
  authenticity: ['authentic*', 'genuine*', 'be myself', 'being myself', 'true to myself', 'äkta', 'äkthet', 'vara mig själv'],
  growth: ['grow', 'growing', 'develop*', 'utvecklas', 'utveckling', 'växa'],
  connection: ['connect*', 'close', 'closeness', 'together', 'belonging', 'närhet', 'nära', 'tillsammans', 'gemenskap*', 'samhörighet'],
  contribution: ['contribut*', 'help others', 'helping others', 'make a difference', 'bidra*', 'hjälpa andra', 'göra skillnad'],
  sustainability: ['sustainab*', 'environment*', 'hållbar*', 'miljö*'],
  creativity: ['creativ*', 'create', 'creating', 'kreativ*', 'skapa*'],
  adventure: ['adventur*', 'explore', 'exploring', 'äventyr*'],
  wisdom: ['wise', 'wisdom', 'klok*', 'visdom'],
  independence: ['independen*', 'självständig*', 'oberoende'],
  harmony: ['harmon*', 'calm', 'peace', 'peaceful', 'lugn*', 'frid*'],
  courage: ['courage*', 'brave*', 'bold', 'modig*', 'mod'],
  compassion: ['compassion*', 'kind', 'kindness', 'caring', 'care', 'empath*', 'snäll*', 'vänlig*', 'omtanke', 'medkänsla', 'empati*'],
  excellence: ['excellen*', 'excel', 'skilled', 'skicklig*'],
  justice: ['justice', 'fair', 'fairness', 'equality', 'rättvis*', 'jämlik*'],
  gratitude: ['gratitude', 'grateful', 'thankful', 'tacksam*'],
  spirituality: ['spiritual*', 'faith', 'andlig*', 'tro'],
  responsibility: ['responsib*', 'reliable', 'dependable', 'ansvar*', 'pålitlig*'],
  curiosity: ['curiosity', 'curious', 'nyfiken*'],
  resilience: ['resilien*', 'bounce back', 'motståndskraft*', 'uthållig*'],
  mindfulness: ['mindful*', 'present', 'presence', 'medveten närvaro', 'närvar*'],
  freedom: ['freedom', 'frihet', 'fri'],
  innovation: ['innovat*', 'new ideas', 'nytänk*'],
  leadership: ['leadership', 'lead', 'leading', 'leader', 'ledarskap', 'leda', 'ledare'],
  balance: ['balance*', 'balans*'],
  integrity: ['integrity', 'honest*', 'integritet', 'ärlig*'],
  playfulness: ['playful*', 'play', 'fun', 'humour', 'humor', 'lekfull*', 'lek', 'leka', 'roligt'],
};

const OBSTACLE_WORDS: Record<CommonObstacleId, string[]> = {
  lackOfTime: ['no time', 'not enough time', 'lack of time', 'too busy', 'short on time', 'ont om tid', 'tidsbrist', 'inte tid', 'för lite tid', 'hinner inte'],
  financialConstraints: ['money', 'afford', 'expensive', 'financial*', 'pengar', 'råd', 'dyrt', 'ekonomi*'],
  fearOfFailure: ['fear of failure', 'afraid to fail', 'afraid of failing', 'scared of failing', 'fail', 'failing', 'failure', 'rädd att misslyckas', 'rädsla för att misslyckas', 'misslyckas', 'misslyckande'],
  procrastination: ['procrastinat*', 'put it off', 'put things off', 'putting things off', 'postpone*', 'skjuter upp', 'skjuta upp', 'prokrastiner*'],
  limitedResources: ['resources', 'no equipment', 'no access', 'resurser', 'saknar utrustning'],
  selfDoubt: ['self-doubt', 'self doubt', 'doubt myself', 'not good enough', 'insecure', 'självtvivel', 'tvivlar på mig', 'inte tillräckligt bra', 'osäker på mig'],
  lackOfSupport: ['no support', 'lack of support', 'no one helps', 'nobody helps', 'on my own', 'inget stöd', 'brist på stöd', 'ingen hjälper', 'ensam om'],
  competingPriorities: ['too many things', 'priorities', 'everything at once', 'other commitments', 'prioriter*', 'för många saker', 'allt på en gång', 'andra åtaganden'],
};

const GOAL_OPENERS = [
  /\b(?:i want to|i'd like to|i would like to|i will|i'll|i plan to|i'm going to|i am going to|my goal is to|i hope to|i wish to|i need to)\s+(.+)/i,
  /\b(?:jag vill|jag skulle vilja|jag ska|jag tänker|mitt mål är att|jag hoppas kunna|jag hoppas att jag|jag behöver)\s+(.+)/i,
  // Swedish puts the verb second: "Om fem år vill jag …", "Den här veckan ska jag …".
  /\b(?:vill jag|ska jag|skulle jag vilja|tänker jag)\s+(.+)/i,
];

const LONG_TERM = /\b(?:long[- ]term|in (?:a|one|two|three|four|five|ten|\d+) years?|some ?day|eventually|in the future|in the long run|over the years|one day|långsiktig\w*|på sikt|på lång sikt|om (?:ett|två|tre|fyra|fem|tio|\d+) år|någon gång|i framtiden|med åren|en dag)\b/i;
const SHORT_TERM = /\b(?:short[- ]term|this (?:week|month|weekend)|next (?:week|month)|tomorrow|today|soon|right away|kortsiktig\w*|på kort sikt|den här (?:veckan|månaden|helgen)|denna vecka|nästa (?:vecka|månad)|i morgon|imorgon|i dag|idag|snart|direkt)\b/i;

const CUSTOM_OBSTACLE = [
  /\b(?:my (?:biggest |main )?obstacle is|what (?:stops|holds) me (?:back )?is|what gets in the way is|i struggle with|the problem is)\s+(.+)/i,
  /\b(?:mitt (?:största )?hinder är|det som hindrar mig är|det som stoppar mig är|det som står i vägen är|jag kämpar med|problemet är)\s+(.+)/i,
];

const MOVE_ON = /\b(?:next|move on|moving on|done|that's all|that is all|nothing (?:more|else)|no more|continue|let's go on|go on|none|no obstacles|nästa|klar|färdig|gå vidare|går vidare|inget mer|inget annat|det räcker|fortsätt|inga|inga hinder)\b/i;

function matches(text: string, keyword: string): boolean {
  return keywordPosition(text, keyword) >= 0;
}

/** Known values named in the text, in the order they are mentioned. */
export function valuesIn(input: string): CommonValueId[] {
  const direct = knownValueId(input);
  if (direct) return [direct];
  const text = matchable(input);
  return COMMON_VALUES.map((id) => ({ id, at: Math.min(...VALUE_WORDS[id].map((word) => keywordPosition(text, word)).filter((at) => at >= 0)) }))
    .filter(({ at }) => Number.isFinite(at))
    .sort((a, b) => a.at - b.at)
    .map(({ id }) => id);
}

export function obstaclesIn(input: string): string[] {
  const direct = knownObstacleId(input);
  if (direct) return [direct];
  const text = matchable(input);
  const found: string[] = (Object.keys(OBSTACLE_WORDS) as CommonObstacleId[]).filter((id) => OBSTACLE_WORDS[id].some((word) => matches(text, word)));
  for (const sentence of sentences(input)) {
    for (const pattern of CUSTOM_OBSTACLE) {
      const match = pattern.exec(sentence);
      if (match && found.length === 0) {
        const custom = shorten(capitalise(match[1]), VALUE_EXPLORER_LIMITS.obstacleTextLength.max);
        if (custom) found.push(custom);
      }
    }
  }
  return found;
}

export interface FoundGoal {
  text: string;
  term: 'short' | 'long' | 'either';
}

/** "I want to …" / "Jag vill …" sentences, as goals in the user's words. */
export function goalsIn(input: string): FoundGoal[] {
  const goals: FoundGoal[] = [];
  for (const sentence of sentences(input)) {
    for (const pattern of GOAL_OPENERS) {
      const match = pattern.exec(sentence);
      if (!match) continue;
      const text = capitalise(match[1].replace(/[.!]+$/, '').trim());
      if (text.length < 3 || text.length > VALUE_EXPLORER_LIMITS.shortTermGoalLength.max) continue;
      goals.push({ text, term: LONG_TERM.test(sentence) ? 'long' : SHORT_TERM.test(sentence) ? 'short' : 'either' });
      break;
    }
  }
  return goals;
}

export function wantsToMoveOn(input: string): boolean {
  return MOVE_ON.test(input);
}

/** The value names the SPA's chips may send, in the given language. */
export function valueNames(language: Language): string[] {
  return allValueNames(language).map(([, name]) => name);
}

function sentences(input: string): string[] {
  return input
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

function shorten(text: string, max: number): string {
  const clean = text.replace(/[.!]+$/, '').trim();
  if (clean.length <= max) return clean;
  return clean.slice(0, max).replace(/\s+\S*$/, '');
}
