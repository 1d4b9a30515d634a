import {
  COMMON_OBSTACLES,
  COMMON_VALUES,
  CONVERSATION_PHASES,
  LIFE_AREAS,
  REFLECT_TOPICS,
  TIMING,
  RECORDING,
  UUID_SHAPE,
  VALUE_EXPLORER_LIMITS,
  yearCompassYears,
  YEAR_COMPASS_TIME_ZONE,
} from './index';

describe('contracts', () => {
  it('holds the ids of the spec', () => {
    expect(LIFE_AREAS).toHaveLength(10);
    expect(new Set(COMMON_VALUES).size).toBe(26);
    expect(COMMON_OBSTACLES).toHaveLength(8);
    expect(REFLECT_TOPICS).toEqual([
      'open_ended',
      'your_day',
      'meeting',
      'life_goal',
      'philosophical_idea',
      'problem',
      'conflict',
      'emotion',
      'habit',
    ]);
    expect(CONVERSATION_PHASES).toEqual(['values', 'goals', 'obstacles', 'forward', 'closure']);
  });

  it('holds the limits and timings of the spec', () => {
    expect(VALUE_EXPLORER_LIMITS.lifeAreas).toMatchObject({ min: 1, max: 8 });
    expect(VALUE_EXPLORER_LIMITS.valuesPerArea).toMatchObject({ min: 1, max: 5 });
    expect(VALUE_EXPLORER_LIMITS.shortTermGoalLength.max).toBe(500);
    expect(VALUE_EXPLORER_LIMITS.obstaclesPerArea.max).toBe(3);
    expect(VALUE_EXPLORER_LIMITS.obstacleTextLength.max).toBe(100);
    expect(TIMING).toEqual({
      autosaveDelayMs: 1000,
      toastDurationMs: 3000,
      redirectAfterVerifyMs: 3000,
      redirectAfterDeleteMs: 3000,
      redirectAfterLoadMs: 50,
      yearCompassRefreshAfterAiMs: 500,
    });
    expect(RECORDING.maxDurationMs).toBe(900_000);
    expect(RECORDING.warningAtMs).toBe(840_000);
  });

  it('recognises UUID-shaped ids only', () => {
    expect(UUID_SHAPE.test('3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f')).toBe(true);
    expect(UUID_SHAPE.test('12')).toBe(false);
    expect(UUID_SHAPE.test('takeaway-1')).toBe(false);
  });

  it('computes Year Compass years: from October the past year is the current one', () => {
    expect(yearCompassYears(new Date(2026, 8, 30))).toEqual({ pastYear: 2025, futureYear: 2026 });
    expect(yearCompassYears(new Date(2026, 9, 1))).toEqual({ pastYear: 2026, futureYear: 2027 });
    expect(yearCompassYears(new Date(2027, 0, 15))).toEqual({ pastYear: 2026, futureYear: 2027 });
    // Decided in Stockholm time: 23:30 UTC on 30 September is already October there.
    expect(yearCompassYears(new Date(Date.UTC(2026, 8, 30, 23, 30)))).toEqual({ pastYear: 2026, futureYear: 2027 });
    expect(yearCompassYears(new Date(Date.UTC(2026, 8, 30, 21, 30)))).toEqual({ pastYear: 2025, futureYear: 2026 });
  });

  it('decides the Year Compass years in Stockholm time as Intl does, around every change of clocks, month and year', () => {
    const stockholm = new Intl.DateTimeFormat('en', {
      timeZone: YEAR_COMPASS_TIME_ZONE,
      year: 'numeric',
      month: 'numeric',
    });
    const expected = (instant: Date) => {
      const parts = stockholm.formatToParts(instant);
      const year = Number(parts.find((part) => part.type === 'year')?.value);
      const month = Number(parts.find((part) => part.type === 'month')?.value) - 1;
      const pastYear = month >= 9 ? year : year - 1;
      return { pastYear, futureYear: pastYear + 1 };
    };
    const instants: Date[] = [];
    const MINUTE = 60_000;
    for (let year = 2000; year <= 2040; year++) {
      for (let month = 0; month < 12; month++) {
        // Each month's start in UTC and the hours around it (Stockholm is one or two hours ahead).
        const start = Date.UTC(year, month, 1);
        for (let offset = -3 * 60; offset <= 3 * 60; offset += 5) instants.push(new Date(start + offset * MINUTE));
        // The last days of March and October, every quarter of an hour (the clocks change on their last Sunday).
        if (month === 2 || month === 9) {
          for (let time = Date.UTC(year, month, 24); time < Date.UTC(year, month + 1, 1); time += 15 * MINUTE)
            instants.push(new Date(time));
        }
      }
    }
    const wrong = instants.filter((instant) => {
      const got = yearCompassYears(instant);
      const want = expected(instant);
      return got.pastYear !== want.pastYear || got.futureYear !== want.futureYear;
    });
    expect(wrong.map((instant) => instant.toISOString())).toEqual([]);
  });
});
