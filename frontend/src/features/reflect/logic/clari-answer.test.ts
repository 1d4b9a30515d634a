import { REFLECTION, SUMMARY, TAKEAWAY } from '../test-support/reflection-fixtures';
import { aiResultRequest, conversationDataOf, hasAiResult, lastUserMessage } from './clari-answer';

describe('Clari’s answer', () => {
  it('is saved when it carries a summary or a list of takeaways', () => {
    expect(hasAiResult({})).toBe(false);
    expect(hasAiResult({ reflection_summary: SUMMARY })).toBe(true);
    expect(hasAiResult({ takeaways: [] })).toBe(true);
  });

  it('passes on only the summary’s and takeaways’ own fields, ids as they came', () => {
    const response = {
      reflection_summary: { ...SUMMARY, lifeAreas: ['career', 'pets'], extra: 'x' },
      takeaways: [
        { id: TAKEAWAY.id, title: 'A', content: 'a', extra: 1 },
        { title: 'B', content: 'b' },
        { id: 7 as unknown as string, title: 'C', content: 'c' },
      ],
    };
    expect(aiResultRequest(response)).toEqual({
      reflection_summary: { title: SUMMARY.title, content: SUMMARY.content, lifeAreas: ['career'], tags: ['budget'] },
      takeaways: [
        { id: TAKEAWAY.id, title: 'A', content: 'a' },
        { title: 'B', content: 'b' },
        { id: 7, title: 'C', content: 'c' },
      ],
    });
    expect(aiResultRequest({ takeaways: [] })).toEqual({ takeaways: [] });
  });

  it('finds the last user message of a history', () => {
    const at = '2026-03-01T10:00:00.000Z';
    expect(lastUserMessage([{ role: 'assistant', content: 'Hi', timestamp: at }])).toBeUndefined();
    expect(
      lastUserMessage([
        { role: 'user', content: 'one', timestamp: at },
        { role: 'user', content: 'two', timestamp: at },
        { role: 'assistant', content: 'ok', timestamp: at },
      ]),
    ).toBe('two');
  });

  it('builds the conversation data of part 2 §3 with the reflection id as thread and area', () => {
    expect(
      conversationDataOf({
        reflection: { ...REFLECTION, content: 'Text' },
        takeaways: [TAKEAWAY],
        flag: true,
        lastMessage: 'two',
      }),
    ).toEqual({
      topic: 'your_day',
      reflectionId: REFLECTION.id,
      area: REFLECTION.id,
      existingReflection: {
        id: REFLECTION.id,
        title: 'Your Day',
        content: 'Text',
        topic: 'your_day',
        lifeAreas: [],
        tags: [],
      },
      existingTakeaways: [{ id: TAKEAWAY.id, title: 'Walk', content: 'After work' }],
      reflection_has_summary: true,
      lastUserMessage: 'two',
    });
  });
});
