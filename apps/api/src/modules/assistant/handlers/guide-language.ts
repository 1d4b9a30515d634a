import type { LifeAreaId } from '@clari/contracts';
import { isCrisis } from '../safety/crisis-detector';

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


/** Life areas named in the text, in the fixed order of LIFE_AREAS. */
export function areasMentioned(input: string): LifeAreaId[] {
  const text = matchable(input);
  return (Object.keys(AREA_STEMS) as LifeAreaId[]).filter((area) => mentions(text, AREA_STEMS[area]));
}

export function feelingOf(input: string): Feeling | null {
  const text = matchable(input);
  return (Object.keys(FEELING_STEMS) as Feeling[]).find((feeling) => mentions(text, FEELING_STEMS[feeling])) ?? null;
}

/** Whether the text is a crisis statement, by the safety check's lexicon (see safety/crisis-detector.ts). */
export function signalsCrisis(input: string): boolean {
  return isCrisis(input);
}
