import type { CommonObstacleId, Language } from '@clari/contracts';
import enFile from '../../../../../../locales/en/value-explorer-summary.json';
import svFile from '../../../../../../locales/sv/value-explorer-summary.json';
import { fill, joinList, pluralOf } from '../../assistant/language';

type Plural = { one: string; other: string };

/** The shape of locales/{en,sv}/value-explorer-summary.json. */
interface SummaryFile {
  compass: string;
  values: string;
  shortGoals: string;
  longGoals: string;
  obstacles: string;
  meetObstacles: string;
  nothingYet: string;
  patterns: string;
  noPatterns: string;
  nextSteps: string;
  empty: string;
  overview: Plural;
  overviewValues: string;
  sharedValue: string;
  sharedObstacle: string;
  noGoals: Plural;
  firstStepWithGoal: string;
  firstStepWithoutGoal: string;
  laterSteps: string[];
  /** Swedish writes value and area names in lower case inside a sentence. */
  namesInLowerCaseMidSentence: boolean;
  obstacleStrategies: Record<CommonObstacleId | 'custom', string>;
}

/** The headings and fixed sentences as the file has them; the sentences with lists and counts become functions. */
type SummaryHeadings = Pick<
  SummaryFile,
  | 'compass'
  | 'values'
  | 'shortGoals'
  | 'longGoals'
  | 'obstacles'
  | 'meetObstacles'
  | 'nothingYet'
  | 'patterns'
  | 'noPatterns'
  | 'nextSteps'
  | 'empty'
>;

export interface SummaryTexts extends SummaryHeadings {
  overview(areas: string[], topValues: string[]): string;
  sharedValue(value: string, areas: string[]): string;
  sharedObstacle(obstacle: string, areas: string[]): string;
  noGoals(areas: string[]): string;
  steps(goal: string | null): string[];
}

function summaryTexts(file: SummaryFile, language: Language): SummaryTexts {
  const inSentence = (names: string[]) =>
    joinList(file.namesInLowerCaseMidSentence ? names.map((name) => name.toLowerCase()) : names, language);
  return {
    ...file,
    overview: (areas, top) => {
      const overview = fill(file.overview[pluralOf(language, areas.length)], {
        count: areas.length,
        areas: joinList(areas, language),
      });
      return top.length ? `${overview} ${fill(file.overviewValues, { values: inSentence(top) })}` : overview;
    },
    sharedValue: (value, areas) => fill(file.sharedValue, { value, areas: inSentence(areas) }),
    sharedObstacle: (obstacle, areas) => fill(file.sharedObstacle, { obstacle, areas: inSentence(areas) }),
    noGoals: (areas) => fill(file.noGoals[pluralOf(language, areas.length)], { areas: joinList(areas, language) }),
    steps: (goal) => [goal ? fill(file.firstStepWithGoal, { goal }) : file.firstStepWithoutGoal, ...file.laterSteps],
  };
}

export const SUMMARY_TEXTS: Record<Language, SummaryTexts> = {
  en: summaryTexts(enFile as SummaryFile, 'en'),
  sv: summaryTexts(svFile as SummaryFile, 'sv'),
};

/** ACT-style ways to meet each common obstacle, used by the offline summary. */
export const OBSTACLE_STRATEGIES: Record<Language, Record<CommonObstacleId | 'custom', string>> = {
  en: (enFile as SummaryFile).obstacleStrategies,
  sv: (svFile as SummaryFile).obstacleStrategies,
};
