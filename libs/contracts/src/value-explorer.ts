/** Ids of the Value Explorer (part 1 §3). Names and descriptions live in locales/. */
export const LIFE_AREAS = [
  'family',
  'romantic',
  'career',
  'education',
  'health',
  'leisure',
  'spiritual',
  'community',
  'finance',
  'social',
] as const;
export type LifeAreaId = (typeof LIFE_AREAS)[number];

export const COMMON_VALUES = [
  'authenticity',
  'growth',
  'connection',
  'contribution',
  'sustainability',
  'creativity',
  'adventure',
  'wisdom',
  'independence',
  'harmony',
  'courage',
  'compassion',
  'excellence',
  'justice',
  'gratitude',
  'spirituality',
  'responsibility',
  'curiosity',
  'resilience',
  'mindfulness',
  'freedom',
  'innovation',
  'leadership',
  'balance',
  'integrity',
  'playfulness',
] as const;
export type CommonValueId = (typeof COMMON_VALUES)[number];

export const COMMON_OBSTACLES = [
  'lackOfTime',
  'financialConstraints',
  'fearOfFailure',
  'procrastination',
  'limitedResources',
  'selfDoubt',
  'lackOfSupport',
  'competingPriorities',
] as const;
export type CommonObstacleId = (typeof COMMON_OBSTACLES)[number];

/** The validation table of part 1 §5. Messages are the spec's English copy; locales hold both languages. */
export const VALUE_EXPLORER_LIMITS = {
  lifeAreas: { min: 1, max: 8, message: 'Please select at least one life area' },
  valuesPerArea: { min: 1, max: 5, message: 'Select 1-5 values for each area' },
  shortTermGoalLength: { max: 500, message: 'Short-term goal should not exceed 500 characters' },
  longTermGoalLength: { max: 500, message: 'Long-term goal should not exceed 500 characters' },
  obstaclesPerArea: { max: 3, message: 'Maximum 3 obstacles per area' },
  obstacleTextLength: { max: 100, message: 'Obstacle description should not exceed 100 characters' },
} as const;

/** Progress counts three steps per area: values, goals, obstacles (part 1 §3, §9). */
export const PROGRESS_STEPS_PER_AREA = 3;

/** Step numbers of the stepwise validation (part 1 §4). */
export const VALUE_EXPLORER_STEPS = {
  welcome: 1,
  areas: 2,
  values: 3,
  goals: 4,
  obstacles: 5,
  summary: 6,
} as const;

export interface ValueExplorerGoals {
  shortTermGoal: string[];
  longTermGoal: string[];
}

/** GET/PUT /api/value-explorer/data. Custom values and obstacles are stored by their text. */
export interface ValueExplorerData {
  lifeAreas: LifeAreaId[];
  selectedValues: Partial<Record<LifeAreaId, string[]>>;
  goals: Partial<Record<LifeAreaId, ValueExplorerGoals>>;
  obstacles: Partial<Record<LifeAreaId, string[]>>;
  summary?: string;
}
