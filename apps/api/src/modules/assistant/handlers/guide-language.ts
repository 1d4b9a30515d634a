import type { Language, LifeAreaId } from '@clari/contracts';

/**
 * Language knowledge the offline guides share: which life area a text is about, which
 * feeling it names, and whether it signals a crisis. Keywords are lower-case words or
 * stems; both languages are always checked (people mix them).
 */
const AREA_STEMS: Record<LifeAreaId, string[]> = {
  family: ['famil*', 'mother*', 'father*', 'mum', 'mom', 'dad', 'parent*', 'child*', 'kid', 'kids', 'son', 'sons', 'daughter*', 'sister*', 'brother*', 'mamma', 'pappa', 'förälder', 'föräldr*', 'barn*', 'dotter', 'döttrar', 'syster*', 'bror', 'bröder*'],
  romantic: ['partner*', 'wife', 'husband', 'girlfriend', 'boyfriend', 'relationship*', 'dating', 'marriage', 'married', 'fru', 'maka', 'sambo', 'flickvän*', 'pojkvän*', 'förhållande*', 'kärlek*', 'dejt*', 'äktenskap*'],
  career: ['work*', 'job', 'jobs', 'career*', 'boss', 'colleague*', 'manager*', 'office', 'arbet*', 'jobb*', 'karriär*', 'chef*', 'kolleg*', 'kontor*', 'yrke*'],
  education: ['study', 'studies', 'studying', 'school*', 'course*', 'exam*', 'learn*', 'universit*', 'studera*', 'studie*', 'skola*', 'kurs*', 'tenta*', 'utbildning*'],
  health: ['health*', 'sleep*', 'exercis*', 'training', 'running', 'gym', 'body', 'tired', 'stress*', 'pain', 'diet', 'hälsa*', 'sömn*', 'sova', 'sover', 'sov', 'träning*', 'träna*', 'springa', 'kropp*', 'trött*', 'smärt*', 'kost'],
  leisure: ['hobby', 'hobbies', 'free time', 'holiday*', 'vacation*', 'music*', 'reading', 'travel*', 'gaming', 'fritid*', 'semester*', 'ledig*', 'musik*', 'läsa', 'resa', 'resor'],
  spiritual: ['meaning*', 'faith', 'spiritual*', 'meditat*', 'pray*', 'purpose', 'mening*', 'tro', 'tron', 'andlig*', 'bön', 'syfte*'],
  community: ['communit*', 'neighbo*', 'volunteer*', 'society', 'association*', 'samhälle*', 'granne', 'grann*', 'volontär*', 'ideell*', 'förening*'],
  finance: ['money', 'financ*', 'salary', 'debt*', 'budget*', 'saving*', 'rent', 'pengar', 'ekonomi*', 'lön', 'lönen', 'skuld*', 'spara*', 'hyra*'],
  social: ['friend*', 'social*', 'lonely', 'loneliness', 'party', 'vän', 'vänner*', 'kompis*', 'ensam*', 'umgås'],
};

export type Feeling = 'sad' | 'anxious' | 'angry' | 'tired' | 'happy' | 'stuck';

const FEELING_STEMS: Record<Feeling, string[]> = {
  sad: ['sad', 'down', 'unhappy', 'grief', 'griev*', 'cry*', 'ledsen', 'nedstämd*', 'sorg*', 'gråt*', 'olycklig*'],
  anxious: ['anxious', 'anxiety', 'worr*', 'nervous', 'afraid', 'scared', 'stressed', 'orolig*', 'oro', 'ångest*', 'nervös*', 'rädd*', 'stressad*'],
  angry: ['angry', 'anger', 'furious', 'annoyed', 'frustrat*', 'irritat*', 'arg', 'argt', 'ilsk*', 'frustrer*', 'irriter*'],
  tired: ['tired', 'exhausted', 'drained', 'burnt out', 'burned out', 'worn out', 'trött*', 'utmatt*', 'slutkörd*', 'utbränd*'],
  happy: ['happy', 'glad', 'grateful', 'proud', 'excited', 'joy*', 'lycklig*', 'tacksam*', 'stolt*', 'förväntansfull*', 'glädje'],
  stuck: ['stuck', 'lost', 'confused', "don't know", 'dont know', 'unsure', 'sitter fast', 'kört fast', 'vilse', 'förvirrad*', 'vet inte', 'osäker*'],
};

const CRISIS_PATTERNS = [
  /\bsuicid/i,
  /\bkill (?:my ?self|me)\b/i,
  /\bend (?:my life|it all)\b/i,
  /\bself[- ]harm/i,
  /\bhurt(?:ing)? myself\b/i,
  /\bwant to die\b/i,
  /\bsjälvmord/i,
  /\bta livet av mig\b/i,
  /\bvill (?:inte leva|dö)\b/i,
  /\bskada mig själv\b/i,
];

/**
 * Text prepared for keyword matching: lower case, words separated by single spaces, with a
 * space at both ends; letters, digits, apostrophes and hyphens kept ("don't", "self-doubt").
 */
export function matchable(input: string): string {
  return ` ${input.toLowerCase().replace(/[^\p{L}\p{N}' -]+/gu, ' ').replace(/\s+/g, ' ')} `;
}

/**
 * Where a keyword first occurs in matchable text, or -1. A keyword ending in * matches word
 * starts (worr* → worried); others match whole words or phrases only.
 */
export function keywordPosition(text: string, keyword: string): number {
  return keyword.endsWith('*') ? text.indexOf(` ${keyword.slice(0, -1)}`) : text.indexOf(` ${keyword} `);
}

function mentions(text: string, keywords: readonly string[]): boolean {
  return keywords.some((keyword) => keywordPosition(text, keyword) >= 0);
}

/** The text with its first letter in upper case. */
export function capitalise(text: string): string {
  const trimmed = text.trim();
  return trimmed.charAt(0).toLocaleUpperCase('sv') + trimmed.slice(1);
}

/** Life areas named in the text, in the fixed order of LIFE_AREAS. */
export function areasMentioned(input: string): LifeAreaId[] {
  const text = matchable(input);
  return (Object.keys(AREA_STEMS) as LifeAreaId[]).filter((area) => mentions(text, AREA_STEMS[area]));
}

export function feelingOf(input: string): Feeling | null {
  const text = matchable(input);
  return (Object.keys(FEELING_STEMS) as Feeling[]).find((feeling) => mentions(text, FEELING_STEMS[feeling])) ?? null;
}

export function signalsCrisis(input: string): boolean {
  return CRISIS_PATTERNS.some((pattern) => pattern.test(input));
}

/** The first sentence of the text, at most `max` characters, cut at a word. */
export function firstSentence(input: string, max = 90): string {
  const sentence = input.trim().split(/(?<=[.!?])\s|\n/)[0]?.trim() ?? '';
  if (sentence.length <= max) return sentence.replace(/[.!?]+$/, '');
  return `${sentence.slice(0, max).replace(/\s+\S*$/, '')}…`;
}

export const CRISIS_REPLY: Record<Language, string> = {
  en:
    'I’m really sorry you’re carrying something this heavy. I’m an AI guide and can’t help in an emergency, but you don’t have to be alone with this.\n\n' +
    '- If you are in danger right now, call **112** (emergency services).\n' +
    '- In Sweden you can call **Mind Självmordslinjen on 90101** or chat at mind.se, any time of day.\n' +
    '- Talking to someone you trust, or to your doctor or healthcare centre (**1177**), can also help.\n\n' +
    'If you want to, you can tell me a little about what is happening.',
  sv:
    'Jag är verkligen ledsen att du bär på något så tungt. Jag är en AI-guide och kan inte hjälpa till i en akut situation, men du behöver inte vara ensam med det här.\n\n' +
    '- Om du är i fara just nu, ring **112**.\n' +
    '- Du kan ringa **Mind Självmordslinjen på 90101** eller chatta på mind.se, dygnet runt.\n' +
    '- Att prata med någon du litar på, eller med vården via **1177**, kan också hjälpa.\n\n' +
    'Om du vill kan du berätta lite om vad som händer.',
};
