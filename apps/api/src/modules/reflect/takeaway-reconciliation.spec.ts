import { planTakeawayReconciliation } from './takeaway-reconciliation';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';
const OTHER = '99999999-9999-4999-8999-999999999999';

describe('planTakeawayReconciliation (part 2 §4)', () => {
  it('updates known ids, creates the rest, deletes the missing ones, in the answer’s order', () => {
    const plan = planTakeawayReconciliation(
      [A, B, C],
      [
        { id: B, title: 'Kept B', content: 'b' },
        { title: 'No id', content: 'n' },
        { id: A.toUpperCase(), title: 'Kept A', content: 'a' },
      ],
    );
    expect(plan).toEqual({
      update: [
        { id: B, title: 'Kept B', content: 'b', position: 0 },
        { id: A, title: 'Kept A', content: 'a', position: 2 },
      ],
      create: [{ title: 'No id', content: 'n', position: 1 }],
      delete: [C],
    });
  });

  it.each([
    ['a number', 1],
    ['a numeric string', '2'],
    ['a non-UUID text', 'takeaway-1'],
    ['null', null],
    ['an object', { id: A }],
    ['a UUID of another reflection', OTHER],
  ])('treats %s as a new takeaway and never touches another reflection’s', (_case, id) => {
    const plan = planTakeawayReconciliation([A], [{ id, title: 'T', content: '' }]);
    expect(plan).toEqual({ update: [], create: [{ title: 'T', content: '', position: 0 }], delete: [A] });
  });

  it('uses a known id once: a repeated id makes a copy a new takeaway', () => {
    const plan = planTakeawayReconciliation(
      [A],
      [
        { id: A, title: 'First', content: '' },
        { id: A, title: 'Second', content: '' },
      ],
    );
    expect(plan.update).toEqual([{ id: A, title: 'First', content: '', position: 0 }]);
    expect(plan.create).toEqual([{ title: 'Second', content: '', position: 1 }]);
    expect(plan.delete).toEqual([]);
  });

  it('deletes everything for an empty answer and creates everything without existing ones', () => {
    expect(planTakeawayReconciliation([A, B], [])).toEqual({ update: [], create: [], delete: [A, B] });
    expect(planTakeawayReconciliation([], [{ id: A, title: 'T', content: 'c' }]).create).toEqual([
      { title: 'T', content: 'c', position: 0 },
    ]);
  });
});
