import { REFLECT_LIMITS, splitTags } from '@clari/contracts';
import { REFLECTION } from '../test-support/reflection-fixtures';
import { reflectionInputOf, tagsInputOf, validateReflectionEdit, validateTakeaway } from './edit-forms';

describe('the edit forms', () => {
  it('split tags on commas, trimmed, without empty ones (part 2 §5)', () => {
    expect(splitTags(' stress, work,, mindfulness ,  ,#focus, Work')).toEqual([
      'stress',
      'work',
      'mindfulness',
      'focus',
    ]);
    expect(splitTags('')).toEqual([]);
    expect(tagsInputOf(['stress', 'work'])).toBe('stress, work');
  });

  it('send the whole reflection object, never its id or dates', () => {
    const body = reflectionInputOf(
      { ...REFLECTION, lifeAreas: ['health'] },
      { title: '  New title ', content: 'Body', tags: 'a, b' },
    );
    expect(body).toEqual({
      title: 'New title',
      content: 'Body',
      topic: 'your_day',
      lifeAreas: ['health'],
      tags: ['a', 'b'],
    });
  });

  it('refuse what the API would refuse, with the limits', () => {
    const ok = { title: 'T', content: 'C', tags: 'a, b' };
    expect(validateReflectionEdit(ok)).toEqual({});
    expect(validateReflectionEdit({ ...ok, title: 'x'.repeat(REFLECT_LIMITS.titleMax) })).toEqual({});
    expect(validateReflectionEdit({ ...ok, title: 'x'.repeat(REFLECT_LIMITS.titleMax + 1) }).title?.key).toBe(
      'validation.titleTooLong',
    );
    expect(validateReflectionEdit({ ...ok, content: 'x'.repeat(REFLECT_LIMITS.contentMax + 1) }).content?.key).toBe(
      'validation.contentTooLong',
    );
    const many = Array.from({ length: REFLECT_LIMITS.tagsMax + 1 }, (_, index) => `tag${index}`).join(',');
    expect(validateReflectionEdit({ ...ok, tags: many }).tags).toEqual({
      key: 'validation.tooManyTags',
      values: { max: REFLECT_LIMITS.tagsMax },
    });
    expect(validateReflectionEdit({ ...ok, tags: `ok, ${'y'.repeat(REFLECT_LIMITS.tagMax + 1)}` }).tags?.key).toBe(
      'validation.tagTooLong',
    );
    expect(validateTakeaway({ title: '  ', content: '' }).title?.key).toBe('validation.takeawayTitleRequired');
    expect(validateTakeaway({ title: 'x'.repeat(REFLECT_LIMITS.takeawayTitleMax + 1), content: '' }).title?.key).toBe(
      'validation.takeawayTitleTooLong',
    );
    expect(
      validateTakeaway({ title: 'T', content: 'x'.repeat(REFLECT_LIMITS.takeawayContentMax + 1) }).content?.key,
    ).toBe('validation.takeawayContentTooLong');
    expect(validateTakeaway({ title: 'T', content: '' })).toEqual({});
  });
});
