import enJournal from '@locales/en/journal.json';
import svJournal from '@locales/sv/journal.json';

/** Every key path of a nested translation object, e.g. 'audio.transcribe'. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe.each([['journal', enJournal, svJournal]])('%s translations', (_name, en, sv) => {
  it('have the same keys in English and Swedish', () => {
    expect(keyPaths(sv).sort()).toEqual(keyPaths(en).sort());
  });

  it('have no empty texts', () => {
    for (const texts of [en, sv]) {
      const empty = keyPaths(texts).filter((path) => !path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], texts));
      expect(empty).toEqual([]);
    }
  });
});

describe('the specification’s texts', () => {
  it('are the Journal’s', () => {
    expect(enJournal.clinicianOnly.message).toBe('This feature is only available for clinicians.');
    expect(enJournal.errors.process).toBe('Failed to process text');
    expect(enJournal.errors.transcription).toBe('Failed to transcribe audio');
  });
});
