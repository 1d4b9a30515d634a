import { discardOnLeave, isUntouchedPlaceholder } from './untouched-placeholder';

describe('untouched placeholders', () => {
  const placeholder = { title: 'Your Day', topic: 'your_day' as const, content: '', lifeAreas: [], tags: [] };
  const quiet = { historyLoaded: true, replyLoading: false, messages: [{ role: 'assistant' }] };

  it('are the placeholder as created: its title (or none), no summary, areas, tags or takeaways', () => {
    expect(isUntouchedPlaceholder(placeholder)).toBe(true);
    expect(isUntouchedPlaceholder({ ...placeholder, title: '  ' })).toBe(true);
    expect(isUntouchedPlaceholder({ ...placeholder, title: 'My day at the lake' })).toBe(false);
    expect(isUntouchedPlaceholder({ ...placeholder, content: 'I swam.' })).toBe(false);
    expect(isUntouchedPlaceholder({ ...placeholder, tags: ['lake'] })).toBe(false);
    expect(isUntouchedPlaceholder({ ...placeholder, lifeAreas: ['health'] })).toBe(false);
    expect(isUntouchedPlaceholder(placeholder, [{}])).toBe(false);
  });

  it('are deleted on leaving only when the user wrote nothing to Clari either', () => {
    expect(discardOnLeave({ reflection: placeholder, takeaways: [], chat: quiet, createdHere: false })).toBe(true);
    expect(
      discardOnLeave({
        reflection: placeholder,
        takeaways: [],
        chat: { ...quiet, messages: [{ role: 'assistant' }, { role: 'user' }] },
        createdHere: true,
      }),
    ).toBe(false);
    expect(
      discardOnLeave({
        reflection: placeholder,
        takeaways: [],
        chat: { ...quiet, replyLoading: true },
        createdHere: true,
      }),
    ).toBe(false);
    expect(
      discardOnLeave({ reflection: { ...placeholder, content: 'x' }, takeaways: [], chat: quiet, createdHere: true }),
    ).toBe(false);
  });

  it('are deleted before their chat has loaded only when this visit created them', () => {
    const loading = { historyLoaded: false, replyLoading: false, messages: [] };
    expect(discardOnLeave({ reflection: placeholder, takeaways: [], chat: loading, createdHere: true })).toBe(true);
    expect(discardOnLeave({ reflection: null, takeaways: [], chat: loading, createdHere: true })).toBe(true);
    expect(discardOnLeave({ reflection: placeholder, takeaways: [], chat: loading, createdHere: false })).toBe(false);
    expect(discardOnLeave({ reflection: null, takeaways: [], chat: loading, createdHere: false })).toBe(false);
  });
});
