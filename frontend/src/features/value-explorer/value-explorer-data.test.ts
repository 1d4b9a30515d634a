import { emptyValueExplorerData, type ValueExplorerData } from '@clari/contracts';
import {
  addGoal,
  addObstacle,
  addValue,
  applyChatUpdates,
  chosenOnly,
  formatSummary,
  summaryBlocks,
  withoutArea,
} from './value-explorer-data';

const base = (): ValueExplorerData => ({ ...emptyValueExplorerData(), lifeAreas: ['family'] });

describe('Value Explorer data helpers', () => {
  it('adds values up to five, refusing duplicates and over-long custom values', () => {
    let data = base();
    for (const value of ['growth', 'courage', 'wisdom', 'balance', 'freedom']) {
      const result = addValue(data, 'family', value);
      if (!result.ok) throw new Error(result.reason);
      data = result.data;
    }
    expect(addValue(data, 'family', 'justice')).toEqual({ ok: false, reason: 'values_max' });
    expect(addValue(base(), 'family', 'x'.repeat(51))).toEqual({ ok: false, reason: 'value_too_long' });
    expect(addValue(data, 'family', 'GROWTH')).toEqual({ ok: false, reason: 'duplicate' });
  });

  it('enforces goal length 500 and three obstacles of at most 100 characters', () => {
    expect(addGoal(base(), 'family', 'shortTermGoal', 'x'.repeat(501))).toEqual({
      ok: false,
      reason: 'short_goal_too_long',
    });
    expect(addGoal(base(), 'family', 'longTermGoal', 'x'.repeat(501))).toEqual({
      ok: false,
      reason: 'long_goal_too_long',
    });
    expect(addGoal(base(), 'family', 'longTermGoal', 'x'.repeat(500)).ok).toBe(true);
    expect(addObstacle(base(), 'family', 'y'.repeat(101))).toEqual({ ok: false, reason: 'obstacle_too_long' });
    let data = base();
    for (const obstacle of ['lackOfTime', 'selfDoubt', 'Weather']) {
      const result = addObstacle(data, 'family', obstacle);
      if (result.ok) data = result.data;
    }
    expect(addObstacle(data, 'family', 'procrastination')).toEqual({ ok: false, reason: 'obstacles_max' });
  });

  it('applies Clari’s updates in the spec’s item shapes, within the limits', () => {
    const data = applyChatUpdates(base(), 'family', {
      values: ['connection', { id: 'compassion' }, { label: 'Being there' }],
      goals: { shortTermGoal: ['Dinner together'], longTermGoal: ['x'.repeat(501)] },
      obstacles: ['lackOfTime', { label: 'Long commute' }],
    });
    expect(data.selectedValues.family).toEqual(['connection', 'compassion', 'Being there']);
    expect(data.goals.family).toEqual({ shortTermGoal: ['Dinner together'], longTermGoal: [] });
    expect(data.obstacles.family).toEqual(['lackOfTime', 'Long commute']);
    expect(applyChatUpdates(base(), 'family', [{ box_id: 'x' }])).toEqual(base());
  });

  it('removes an area with all its data and saves only chosen areas', () => {
    const data: ValueExplorerData = {
      lifeAreas: ['family', 'health'],
      selectedValues: { family: ['growth'], health: ['balance'], career: ['x'] },
      goals: {},
      obstacles: { family: ['lackOfTime'] },
    };
    expect(withoutArea(data, 'family')).toMatchObject({
      lifeAreas: ['health'],
      selectedValues: { health: ['balance'], career: ['x'] },
      obstacles: {},
    });
    expect(chosenOnly(data).selectedValues).toEqual({ family: ['growth'], health: ['balance'] });
  });

  it('formats the summary: a blank line before each === heading, 3+ newlines collapsed to 2', () => {
    expect(formatSummary('Intro text\n=== Family ===\nValues\n\n\n\nMore === Next ===\nEnd')).toBe(
      'Intro text\n\n=== Family ===\nValues\n\nMore\n\n=== Next ===\nEnd',
    );
    expect(summaryBlocks('=== A ===\nx\n=== B ===\ny')).toEqual([
      { kind: 'heading', text: 'A' },
      { kind: 'text', text: 'x' },
      { kind: 'heading', text: 'B' },
      { kind: 'text', text: 'y' },
    ]);
  });
});
