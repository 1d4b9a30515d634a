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

/** Limits the spec leaves open, chosen here and documented in Swagger. */
export const VALUE_EXPLORER_EXTRA_LIMITS = {
  /** Characters of a custom value. */
  valueLabelMax: 50,
  /** Goals of one kind (short or long term) per area. */
  goalsPerKindMax: 10,
  summaryMax: 20000,
} as const;

/** Other copy of part 1 §5. */
export const VALUE_EXPLORER_MESSAGES = {
  completeRequired: 'Please complete all required fields before continuing',
  valuesAndGoalBeforeProceeding: 'Please add some values and at least one goal before proceeding',
  maxValues: 'Maximum {max} values can be selected',
  areasMax: 'Please select at most 8 life areas',
  unknownArea: 'Unknown life area',
  dataOutsideAreas: 'Values, goals and obstacles can only belong to a chosen life area',
  valueTooLong: 'A value can be at most 50 characters',
  tooManyGoals: 'At most 10 goals of each kind per area',
  summaryTooLong: 'The summary can be at most 20000 characters',
} as const;

export function emptyValueExplorerData(): ValueExplorerData {
  return { lifeAreas: [], selectedValues: {}, goals: {}, obstacles: {}, summary: '' };
}

export interface AreaProgress {
  values: boolean;
  goals: boolean;
  obstacles: boolean;
  /** 0–100, rounded. */
  percentComplete: number;
}

/** Part 1 §3: values, goals and obstacles each count one third of an area. */
export function areaProgress(
  data: Pick<ValueExplorerData, 'selectedValues' | 'goals' | 'obstacles'>,
  area: LifeAreaId,
): AreaProgress {
  const values = (data.selectedValues[area]?.length ?? 0) > 0;
  const goals = hasGoalText(data.goals[area]);
  const obstacles = (data.obstacles[area]?.length ?? 0) > 0;
  const done = [values, goals, obstacles].filter(Boolean).length;
  return { values, goals, obstacles, percentComplete: Math.round((done / PROGRESS_STEPS_PER_AREA) * 100) };
}

/** The average over the chosen areas, rounded; 0 without areas. */
export function overallProgress(data: ValueExplorerData): number {
  if (data.lifeAreas.length === 0) return 0;
  const total = data.lifeAreas.reduce((sum, area) => sum + areaProgress(data, area).percentComplete, 0);
  return Math.round(total / data.lifeAreas.length);
}

/** Part 1 §4: any value, any short or long goal text, or any obstacle. */
export function isAreaFilled(
  data: Pick<ValueExplorerData, 'selectedValues' | 'goals' | 'obstacles'>,
  area: LifeAreaId,
): boolean {
  const progress = areaProgress(data, area);
  return progress.values || progress.goals || progress.obstacles;
}

function hasGoalText(goals: ValueExplorerGoals | undefined): boolean {
  return !!goals && [...goals.shortTermGoal, ...goals.longTermGoal].some((goal) => goal.trim().length > 0);
}

export function isLifeArea(value: unknown): value is LifeAreaId {
  return typeof value === 'string' && (LIFE_AREAS as readonly string[]).includes(value);
}

export type ValueExplorerErrorCode =
  | 'areas_min'
  | 'areas_max'
  | 'unknown_area'
  | 'data_outside_areas'
  | 'values_max'
  | 'value_too_long'
  | 'short_goal_too_long'
  | 'long_goal_too_long'
  | 'too_many_goals'
  | 'obstacles_max'
  | 'obstacle_too_long'
  | 'summary_too_long'
  | 'invalid_shape';

export interface ValueExplorerViolation {
  code: ValueExplorerErrorCode;
  message: string;
  area?: LifeAreaId;
}

export type ValueExplorerValidation =
  { ok: true; data: ValueExplorerData } | { ok: false; violation: ValueExplorerViolation };

const L = VALUE_EXPLORER_LIMITS;
const X = VALUE_EXPLORER_EXTRA_LIMITS;
const M = VALUE_EXPLORER_MESSAGES;

function list(value: unknown): string[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) return null;
  return value as string[];
}

function uniqueTrimmed(items: string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const item of items) {
    const trimmed = item.trim();
    const key = trimmed.toLowerCase();
    if (trimmed && !seen.has(key)) {
      seen.add(key);
      result.push(trimmed);
    }
  }
  return result;
}

/**
 * The validation table of part 1 §5 applied to a whole save, shared by the API (400 with
 * the message) and the SPA (checked before saving). Trims texts and drops empty ones and
 * duplicates. An empty set of areas is allowed only with no data at all (everything removed).
 * The stepwise minimums (at least one value per area) belong to moving between steps, not to saving.
 */
export function validateValueExplorerData(input: {
  lifeAreas?: unknown;
  selectedValues?: unknown;
  goals?: unknown;
  obstacles?: unknown;
  summary?: unknown;
}): ValueExplorerValidation {
  const fail = (code: ValueExplorerErrorCode, message: string, area?: LifeAreaId): ValueExplorerValidation => ({
    ok: false,
    violation: { code, message, area },
  });
  const areasInput = list(input.lifeAreas);
  if (!areasInput) return fail('invalid_shape', 'lifeAreas must be a list of life area ids');
  const unknown = areasInput.find((area) => !isLifeArea(area));
  if (unknown !== undefined) return fail('unknown_area', `${M.unknownArea}: ${unknown}`);
  const lifeAreas = [...new Set(areasInput)] as LifeAreaId[];
  if (lifeAreas.length > L.lifeAreas.max) return fail('areas_max', M.areasMax);

  const maps: Record<'selectedValues' | 'goals' | 'obstacles', Record<string, unknown>> = {
    selectedValues: {},
    goals: {},
    obstacles: {},
  };
  for (const key of ['selectedValues', 'goals', 'obstacles'] as const) {
    const value = input[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'object' || Array.isArray(value))
      return fail('invalid_shape', `${key} must be an object keyed by life area`);
    maps[key] = value as Record<string, unknown>;
  }
  const keysWithData = Object.keys(maps.selectedValues).concat(Object.keys(maps.goals), Object.keys(maps.obstacles));
  const unknownKey = keysWithData.find((key) => !isLifeArea(key));
  if (unknownKey !== undefined) return fail('unknown_area', `${M.unknownArea}: ${unknownKey}`);

  const data: ValueExplorerData = { lifeAreas, selectedValues: {}, goals: {}, obstacles: {} };
  for (const area of keysWithData as LifeAreaId[]) {
    const values = list(maps.selectedValues[area]);
    const obstacles = list(maps.obstacles[area]);
    const goalsInput = maps.goals[area];
    const goalsRecord =
      goalsInput && typeof goalsInput === 'object' && !Array.isArray(goalsInput)
        ? (goalsInput as Record<string, unknown>)
        : goalsInput === undefined
          ? {}
          : null;
    const shortTerm = goalsRecord ? list(goalsRecord.shortTermGoal) : null;
    const longTerm = goalsRecord ? list(goalsRecord.longTermGoal) : null;
    if (!values || !obstacles || !shortTerm || !longTerm)
      return fail('invalid_shape', `The data of ${area} has the wrong shape`, area);
    const cleanValues = uniqueTrimmed(values);
    const cleanObstacles = uniqueTrimmed(obstacles);
    const cleanShort = shortTerm.map((goal) => goal.trim()).filter(Boolean);
    const cleanLong = longTerm.map((goal) => goal.trim()).filter(Boolean);
    const hasData = cleanValues.length + cleanObstacles.length + cleanShort.length + cleanLong.length > 0;
    if (!hasData) continue;
    if (!lifeAreas.includes(area))
      return lifeAreas.length === 0
        ? fail('areas_min', L.lifeAreas.message)
        : fail('data_outside_areas', M.dataOutsideAreas, area);
    if (cleanValues.length > L.valuesPerArea.max) return fail('values_max', L.valuesPerArea.message, area);
    if (cleanValues.some((value) => value.length > X.valueLabelMax))
      return fail('value_too_long', M.valueTooLong, area);
    if (cleanShort.some((goal) => goal.length > L.shortTermGoalLength.max))
      return fail('short_goal_too_long', L.shortTermGoalLength.message, area);
    if (cleanLong.some((goal) => goal.length > L.longTermGoalLength.max))
      return fail('long_goal_too_long', L.longTermGoalLength.message, area);
    if (cleanShort.length > X.goalsPerKindMax || cleanLong.length > X.goalsPerKindMax)
      return fail('too_many_goals', M.tooManyGoals, area);
    if (cleanObstacles.length > L.obstaclesPerArea.max) return fail('obstacles_max', L.obstaclesPerArea.message, area);
    if (cleanObstacles.some((obstacle) => obstacle.length > L.obstacleTextLength.max))
      return fail('obstacle_too_long', L.obstacleTextLength.message, area);
    if (cleanValues.length) data.selectedValues[area] = cleanValues;
    if (cleanShort.length || cleanLong.length)
      data.goals[area] = { shortTermGoal: cleanShort, longTermGoal: cleanLong };
    if (cleanObstacles.length) data.obstacles[area] = cleanObstacles;
  }
  if (input.summary !== undefined && input.summary !== null) {
    if (typeof input.summary !== 'string') return fail('invalid_shape', 'summary must be text');
    if (input.summary.length > X.summaryMax) return fail('summary_too_long', M.summaryTooLong);
    data.summary = input.summary;
  }
  return { ok: true, data };
}

/** Part 1 §4/§5 stepwise checks: null when the step may be left, else the message. */
export function stepViolation(step: number, data: ValueExplorerData): string | null {
  if (step === VALUE_EXPLORER_STEPS.areas)
    return data.lifeAreas.length < L.lifeAreas.min
      ? L.lifeAreas.message
      : data.lifeAreas.length > L.lifeAreas.max
        ? M.areasMax
        : null;
  if (step === VALUE_EXPLORER_STEPS.values) {
    if (Object.keys(data.selectedValues).length === 0) return L.valuesPerArea.message;
    const wrong = data.lifeAreas.some((area) => {
      const count = data.selectedValues[area]?.length ?? 0;
      return count < L.valuesPerArea.min || count > L.valuesPerArea.max;
    });
    return wrong ? L.valuesPerArea.message : null;
  }
  if (step === VALUE_EXPLORER_STEPS.goals) {
    for (const area of data.lifeAreas) {
      const goals = data.goals[area];
      if (goals?.shortTermGoal.some((goal) => goal.length > L.shortTermGoalLength.max))
        return L.shortTermGoalLength.message;
      if (goals?.longTermGoal.some((goal) => goal.length > L.longTermGoalLength.max))
        return L.longTermGoalLength.message;
    }
    return null;
  }
  if (step === VALUE_EXPLORER_STEPS.obstacles) {
    for (const area of data.lifeAreas) {
      const obstacles = data.obstacles[area] ?? [];
      if (obstacles.length > L.obstaclesPerArea.max) return L.obstaclesPerArea.message;
      if (obstacles.some((obstacle) => obstacle.length > L.obstacleTextLength.max)) return L.obstacleTextLength.message;
    }
    return null;
  }
  return null;
}

/** conversationData of valueexplorer_lifearea: the area being edited and its current form data. */
export interface LifeAreaConversationData {
  area: { id: LifeAreaId; name?: string; description?: string };
  contextSwitched: boolean;
  currentPhase?: string;
  selectedValues?: string[];
  goals?: ValueExplorerGoals;
  obstacles?: string[];
}

/** conversationData of valueexplorer_summary (part 1 §7): the areas with their display names. */
export interface SummaryConversationData {
  lifeAreas: Array<{ id?: LifeAreaId; name: string; values: string[]; goals: ValueExplorerGoals; obstacles: string[] }>;
}

export interface ValueExplorerDataResponse extends ValueExplorerData {
  summary: string;
  /** When the data was last saved; null before the first save. */
  updatedAt: string | null;
}
