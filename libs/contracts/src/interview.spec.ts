import { INTERVIEW_STATUSES, interviewStatusChange, isInterviewToken } from './index';

describe('interview contracts', () => {
  it('lets the status move forward one step at a time only', () => {
    const table = INTERVIEW_STATUSES.flatMap((from) =>
      INTERVIEW_STATUSES.map((to) => `${from}→${to}: ${interviewStatusChange(from, to)}`),
    );
    expect(table).toEqual([
      'not_started→not_started: same',
      'not_started→in_progress: forward',
      'not_started→completed: invalid',
      'in_progress→not_started: invalid',
      'in_progress→in_progress: same',
      'in_progress→completed: forward',
      'completed→not_started: invalid',
      'completed→in_progress: invalid',
      'completed→completed: same',
    ]);
  });

  it('takes exactly six digits as a token', () => {
    expect(isInterviewToken('012345')).toBe(true);
    for (const value of ['12345', '1234567', '12a456', ' 123456', 123456, null])
      expect(isInterviewToken(value)).toBe(false);
  });
});
