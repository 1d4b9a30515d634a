import enJournal from '@locales/en/journal.json';
import svJournal from '@locales/sv/journal.json';
import { keyPaths, emptyTexts } from '../../test-support/locale-checks';

describe.each([['journal', enJournal, svJournal]])('%s translations', (_name, en, sv) => {
  it('have the same keys in English and Swedish', () => {
    expect(keyPaths(sv).sort()).toEqual(keyPaths(en).sort());
  });

  it('have no empty texts', () => {
    for (const texts of [en, sv]) {
      const empty = emptyTexts(texts);
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
