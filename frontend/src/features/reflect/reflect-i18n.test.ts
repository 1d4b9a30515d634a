import enReflect from '@locales/en/reflect.json';
import svReflect from '@locales/sv/reflect.json';
import { REFLECT_TOPICS } from '@clari/contracts';
import { keyPaths, emptyTexts } from '../../test-support/locale-checks';

describe('Reflect translations', () => {
  it('have the same keys in English and Swedish, none empty', () => {
    expect(keyPaths(svReflect).sort()).toEqual(keyPaths(enReflect).sort());
    for (const texts of [enReflect, svReflect]) {
      const empty = emptyTexts(texts);
      expect(empty).toEqual([]);
    }
  });

  it('name and illustrate every topic', () => {
    for (const texts of [enReflect, svReflect]) {
      expect(
        Object.keys(texts.topics)
          .filter((key) => key !== 'heading')
          .sort(),
      ).toEqual([...REFLECT_TOPICS].sort());
    }
  });

  it('carry the exact texts of the specification', () => {
    expect(enReflect).toMatchObject({
      loading: 'Loading...',
      newReflection: 'New Reflection',
      processing: 'Processing...',
    });
    expect(enReflect.summary).toMatchObject({
      empty: 'No summary yet',
      tagsPlaceholder: 'stress, work, mindfulness',
      cancel: 'Cancel',
      save: 'Save',
    });
    expect(enReflect.takeaways.empty).toBe('No takeaways yet');
    expect(enReflect.confirm).toMatchObject({
      reflection: 'Are you sure you want to delete this reflection?',
      takeaway: 'Are you sure you want to delete this takeaway?',
    });
    expect([enReflect.screen.clarify, svReflect.screen.clarify]).toEqual(['Clarify', 'Förtydliga']);
  });
});
