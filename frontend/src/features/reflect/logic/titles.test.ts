import { REFLECTION } from '../test-support/reflection-fixtures';
import { displayTitle, headingOf, placeholderReflection } from './titles';

describe('titles', () => {
  const names = (topic: string) => `«${topic}»`;

  it('makes the placeholder from the topic: capitalised words, underscores as spaces; an unknown topic is open_ended', () => {
    expect(placeholderReflection('philosophical_idea')).toEqual({
      title: 'Philosophical Idea',
      content: '',
      topic: 'philosophical_idea',
      lifeAreas: [],
      tags: [],
    });
    expect(placeholderReflection('gardening')).toEqual({
      title: 'Open Ended',
      content: '',
      topic: 'open_ended',
      lifeAreas: [],
      tags: [],
    });
    expect(placeholderReflection(undefined).topic).toBe('open_ended');
  });

  it('shows the localized topic name while the title is the untouched placeholder', () => {
    expect(displayTitle(REFLECTION, names)).toBe('«your_day»');
    expect(displayTitle({ ...REFLECTION, title: '' }, names)).toBe('«your_day»');
    expect(displayTitle({ ...REFLECTION, title: 'Budget day' }, names)).toBe('Budget day');
  });

  it('heads the screen with the title, else the topic, else New Reflection', () => {
    expect(
      headingOf({
        reflection: { ...REFLECTION, title: 'Budget day' },
        topic: 'your_day',
        topicName: names,
        fallback: 'New Reflection',
      }),
    ).toBe('Budget day');
    expect(headingOf({ reflection: null, topic: 'habit', topicName: names, fallback: 'New Reflection' })).toBe(
      '«habit»',
    );
    expect(headingOf({ reflection: null, topic: null, topicName: names, fallback: 'New Reflection' })).toBe(
      'New Reflection',
    );
  });
});
