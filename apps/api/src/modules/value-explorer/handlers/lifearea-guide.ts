import type { CommonObstacleId, CommonValueId, ConversationPhase, Language, LifeAreaId } from '@clari/contracts';
import enFile from '../../../../../../locales/en/value-explorer-guide.json';
import svFile from '../../../../../../locales/sv/value-explorer-guide.json';
import { fill, joinList, pluralOf } from '../../assistant/language';

/** Values that often matter in an area: the first suggestion chips of the values phase. */
export const SUGGESTED_VALUES: Record<LifeAreaId, CommonValueId[]> = {
  family: ['connection', 'compassion', 'responsibility', 'playfulness'],
  romantic: ['connection', 'authenticity', 'playfulness', 'compassion'],
  career: ['growth', 'excellence', 'contribution', 'leadership'],
  education: ['curiosity', 'growth', 'wisdom', 'courage'],
  health: ['balance', 'mindfulness', 'resilience', 'compassion'],
  leisure: ['playfulness', 'adventure', 'creativity', 'freedom'],
  spiritual: ['spirituality', 'gratitude', 'wisdom', 'mindfulness'],
  community: ['contribution', 'justice', 'sustainability', 'responsibility'],
  finance: ['responsibility', 'independence', 'freedom', 'balance'],
  social: ['connection', 'authenticity', 'gratitude', 'playfulness'],
};

export const SUGGESTED_OBSTACLES: CommonObstacleId[] = [
  'lackOfTime',
  'selfDoubt',
  'competingPriorities',
  'procrastination',
  'fearOfFailure',
  'lackOfSupport',
  'financialConstraints',
  'limitedResources',
];

export interface LifeAreaGuideTexts {
  noArea: string;
  opening(area: string, phase: ConversationPhase, switched: boolean): string;
  addedValues(values: string[], area: string): string;
  addedGoal(term: 'short' | 'long', goal: string): string;
  addedObstacles(obstacles: string[]): string;
  committed(step: string): string;
  notRecognised: Record<Exclude<ConversationPhase, 'closure'>, string>;
  askValues(area: string): string;
  moreValues(room: number): string;
  askShortGoal(area: string, values: string[]): string;
  askLongGoal: string;
  askObstacles: string;
  moreObstacles: string;
  askForward(goal: string, obstacles: string[]): string;
  closure(area: string, values: string[], goals: number, obstacles: number): string;
  chips: {
    moveOn: string;
    helpGoal: string;
    noObstacles: string;
    firstStep: string;
    anotherArea: string;
    summary: string;
  };
  exampleGoals: Record<LifeAreaId, string[]>;
}

type GuideFile = (typeof enFile)['guide'];

/** The guide's texts from locales/{en,sv}/value-explorer-guide.json, with lists, plurals and case done per language. */
function guideTexts(language: Language, file: GuideFile): LifeAreaGuideTexts {
  const lower = (text: string) => (file.lowerCaseLists ? text.toLowerCase() : text);
  const and = (items: string[]) => lower(joinList(items, language));
  const or = (items: string[]) => joinList(items, language, 'or').toLowerCase();
  const area = (name: string) => ({ area: name, areaLower: name.toLowerCase() });
  return {
    noArea: file.noArea,
    opening: (name, phase, switched) =>
      `${fill(switched ? file.opening.introSwitched : file.opening.intro, area(name))} ${file.opening[phase === 'values' || phase === 'goals' || phase === 'obstacles' ? phase : 'forward']}`,
    addedValues: (values, name) => fill(file.addedValues, { values: joinList(values, language), ...area(name) }),
    addedGoal: (term, goal) => fill(file.addedGoal[term], { goal }),
    addedObstacles: (obstacles) =>
      fill(file.addedObstacles[pluralOf(language, obstacles.length)], { obstacles: joinList(obstacles, language) }),
    committed: (step) => fill(file.committed, { step }),
    notRecognised: file.notRecognised,
    askValues: (name) => fill(file.askValues, area(name)),
    moreValues: (room) => (room > 0 ? fill(file.moreValues, { room }) : file.valuesFull),
    askShortGoal: (name, values) =>
      fill(values.length ? file.askShortGoalWithValues : file.askShortGoal, { values: and(values), ...area(name) }),
    askLongGoal: file.askLongGoal,
    askObstacles: file.askObstacles,
    moreObstacles: file.moreObstacles,
    askForward: (goal, obstacles) =>
      [
        obstacles.length ? fill(file.meetObstacles, { obstacles: or(obstacles) }) : '',
        fill(goal ? file.askForwardWithGoal : file.askForward, { goal }),
      ]
        .filter(Boolean)
        .join(' '),
    closure: (name, values, goals, obstacles) =>
      fill(file.closure, {
        area: name,
        values: values.length ? fill(file.closureValues, { values: and(values) }) : file.closureNoValues,
        goals: fill(file.goalCount[pluralOf(language, goals)], { count: goals }),
        obstacles: fill(file.obstacleCount[pluralOf(language, obstacles)], { count: obstacles }),
      }),
    chips: file.chips as LifeAreaGuideTexts['chips'],
    exampleGoals: file.exampleGoals as LifeAreaGuideTexts['exampleGoals'],
  };
}

export const LIFEAREA_GUIDE: Record<Language, LifeAreaGuideTexts> = {
  en: guideTexts('en', enFile.guide),
  sv: guideTexts('sv', svFile.guide),
};
