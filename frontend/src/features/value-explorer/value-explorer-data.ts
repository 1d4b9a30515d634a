import {
  COMMON_OBSTACLES,
  COMMON_VALUES,
  VALUE_EXPLORER_EXTRA_LIMITS,
  VALUE_EXPLORER_LIMITS,
  type ChatUpdateItem,
  type ChatUpdates,
  type LifeAreaId,
  type ValueExplorerData,
  type ValueExplorerGoals,
} from '@clari/contracts';

export type GoalKind = 'shortTermGoal' | 'longTermGoal';

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function isCommonValue(value: string): boolean {
  return (COMMON_VALUES as readonly string[]).includes(value.toLowerCase());
}

export function isCommonObstacle(obstacle: string): boolean {
  return (COMMON_OBSTACLES as readonly string[]).includes(obstacle);
}

export function goalsOf(data: ValueExplorerData, area: LifeAreaId): ValueExplorerGoals {
  return data.goals[area] ?? { shortTermGoal: [], longTermGoal: [] };
}

/** Only the chosen areas' data is saved (part 1 §4). */
export function chosenOnly(data: ValueExplorerData): ValueExplorerData {
  const keep = <T>(map: Partial<Record<LifeAreaId, T>>) =>
    Object.fromEntries(Object.entries(map).filter(([area]) => data.lifeAreas.includes(area as LifeAreaId))) as Partial<
      Record<LifeAreaId, T>
    >;
  return {
    lifeAreas: data.lifeAreas,
    selectedValues: keep(data.selectedValues),
    goals: keep(data.goals),
    obstacles: keep(data.obstacles),
  };
}

export function withArea(data: ValueExplorerData, area: LifeAreaId): ValueExplorerData {
  return data.lifeAreas.includes(area) ? data : { ...data, lifeAreas: [...data.lifeAreas, area] };
}

/** Removes an area with its values, goals and obstacles. */
export function withoutArea(data: ValueExplorerData, area: LifeAreaId): ValueExplorerData {
  const drop = <T>(map: Partial<Record<LifeAreaId, T>>) =>
    Object.fromEntries(Object.entries(map).filter(([key]) => key !== area)) as Partial<Record<LifeAreaId, T>>;
  return {
    ...data,
    lifeAreas: data.lifeAreas.filter((item) => item !== area),
    selectedValues: drop(data.selectedValues),
    goals: drop(data.goals),
    obstacles: drop(data.obstacles),
  };
}

export type AddResult =
  | { ok: true; data: ValueExplorerData }
  | {
      ok: false;
      reason:
        | 'values_max'
        | 'obstacles_max'
        | 'too_many_goals'
        | 'duplicate'
        | 'value_too_long'
        | 'obstacle_too_long'
        | 'short_goal_too_long'
        | 'long_goal_too_long'
        | 'complete_required';
    };

export function addValue(data: ValueExplorerData, area: LifeAreaId, value: string): AddResult {
  const clean = value.trim();
  if (!clean) return { ok: false, reason: 'complete_required' };
  if (clean.length > VALUE_EXPLORER_EXTRA_LIMITS.valueLabelMax) return { ok: false, reason: 'value_too_long' };
  const values = data.selectedValues[area] ?? [];
  if (values.some((existing) => sameText(existing, clean))) return { ok: false, reason: 'duplicate' };
  if (values.length >= VALUE_EXPLORER_LIMITS.valuesPerArea.max) return { ok: false, reason: 'values_max' };
  return {
    ok: true,
    data: { ...withArea(data, area), selectedValues: { ...data.selectedValues, [area]: [...values, clean] } },
  };
}

export function removeValue(data: ValueExplorerData, area: LifeAreaId, value: string): ValueExplorerData {
  return {
    ...data,
    selectedValues: {
      ...data.selectedValues,
      [area]: (data.selectedValues[area] ?? []).filter((item) => item !== value),
    },
  };
}

export function addObstacle(data: ValueExplorerData, area: LifeAreaId, obstacle: string): AddResult {
  const clean = obstacle.trim();
  if (!clean) return { ok: false, reason: 'complete_required' };
  if (clean.length > VALUE_EXPLORER_LIMITS.obstacleTextLength.max) return { ok: false, reason: 'obstacle_too_long' };
  const obstacles = data.obstacles[area] ?? [];
  if (obstacles.some((existing) => sameText(existing, clean))) return { ok: false, reason: 'duplicate' };
  if (obstacles.length >= VALUE_EXPLORER_LIMITS.obstaclesPerArea.max) return { ok: false, reason: 'obstacles_max' };
  return {
    ok: true,
    data: { ...withArea(data, area), obstacles: { ...data.obstacles, [area]: [...obstacles, clean] } },
  };
}

export function removeObstacle(data: ValueExplorerData, area: LifeAreaId, obstacle: string): ValueExplorerData {
  return {
    ...data,
    obstacles: { ...data.obstacles, [area]: (data.obstacles[area] ?? []).filter((item) => item !== obstacle) },
  };
}

export function goalLimit(kind: GoalKind): number {
  return kind === 'shortTermGoal'
    ? VALUE_EXPLORER_LIMITS.shortTermGoalLength.max
    : VALUE_EXPLORER_LIMITS.longTermGoalLength.max;
}

export function goalTooLongReason(kind: GoalKind): 'short_goal_too_long' | 'long_goal_too_long' {
  return kind === 'shortTermGoal' ? 'short_goal_too_long' : 'long_goal_too_long';
}

export function addGoal(data: ValueExplorerData, area: LifeAreaId, kind: GoalKind, goal: string): AddResult {
  const clean = goal.trim();
  if (!clean) return { ok: false, reason: 'complete_required' };
  if (clean.length > goalLimit(kind)) return { ok: false, reason: goalTooLongReason(kind) };
  const goals = goalsOf(data, area);
  if (goals[kind].some((existing) => sameText(existing, clean))) return { ok: false, reason: 'duplicate' };
  if (goals[kind].length >= VALUE_EXPLORER_EXTRA_LIMITS.goalsPerKindMax) return { ok: false, reason: 'too_many_goals' };
  return {
    ok: true,
    data: { ...withArea(data, area), goals: { ...data.goals, [area]: { ...goals, [kind]: [...goals[kind], clean] } } },
  };
}

export function updateGoal(
  data: ValueExplorerData,
  area: LifeAreaId,
  kind: GoalKind,
  index: number,
  goal: string,
): AddResult {
  const clean = goal.trim();
  if (!clean) return { ok: false, reason: 'complete_required' };
  if (clean.length > goalLimit(kind)) return { ok: false, reason: goalTooLongReason(kind) };
  const goals = goalsOf(data, area);
  const next = goals[kind].map((existing, position) => (position === index ? clean : existing));
  return { ok: true, data: { ...data, goals: { ...data.goals, [area]: { ...goals, [kind]: next } } } };
}

export function removeGoal(
  data: ValueExplorerData,
  area: LifeAreaId,
  kind: GoalKind,
  index: number,
): ValueExplorerData {
  const goals = goalsOf(data, area);
  return {
    ...data,
    goals: { ...data.goals, [area]: { ...goals, [kind]: goals[kind].filter((_, position) => position !== index) } },
  };
}

function itemText(item: ChatUpdateItem): string {
  return typeof item === 'string' ? item : (item.id ?? item.label ?? '');
}

/** Applies Clari's updates to an area; whatever does not fit the limits is left out. */
export function applyChatUpdates(
  data: ValueExplorerData,
  area: LifeAreaId,
  updates: ChatUpdates | unknown[] | undefined,
): ValueExplorerData {
  if (!updates || Array.isArray(updates)) return data;
  let next = data;
  const attempt = (result: AddResult) => {
    if (result.ok) next = result.data;
  };
  for (const value of updates.values ?? []) attempt(addValue(next, area, itemText(value)));
  for (const goal of updates.goals?.shortTermGoal ?? []) attempt(addGoal(next, area, 'shortTermGoal', goal));
  for (const goal of updates.goals?.longTermGoal ?? []) attempt(addGoal(next, area, 'longTermGoal', goal));
  for (const obstacle of updates.obstacles ?? []) attempt(addObstacle(next, area, itemText(obstacle)));
  return next;
}

/**
 * Part 1 §4: a blank line before each '===' heading, runs of three or more newlines
 * collapsed to two.
 */
export function formatSummary(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/([^\n])[ \t]*(===[^=\n]+===)/g, '$1\n$2')
    .replace(/(^|\n)(?=[ \t]*===)/g, '$1\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export type SummaryBlock = { kind: 'heading'; text: string } | { kind: 'text'; text: string };

/** Splits a formatted summary into '=== Heading ===' lines and the Markdown between them. */
export function summaryBlocks(text: string): SummaryBlock[] {
  const blocks: SummaryBlock[] = [];
  let buffer: string[] = [];
  const flush = () => {
    const joined = buffer.join('\n').trim();
    if (joined) blocks.push({ kind: 'text', text: joined });
    buffer = [];
  };
  for (const line of formatSummary(text).split('\n')) {
    const heading = /^\s*===\s*(.+?)\s*=*\s*$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', text: heading[1] });
    } else buffer.push(line);
  }
  flush();
  return blocks;
}
