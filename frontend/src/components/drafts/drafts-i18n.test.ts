import enDrafts from '@locales/en/drafts.json';
import svDrafts from '@locales/sv/drafts.json';
import { emptyTexts, keyPaths } from '../../test-support/locale-checks';

describe('the drafts texts', () => {
  it('are the same keys in English and Swedish, none empty', () => {
    expect(keyPaths(svDrafts).sort()).toEqual(keyPaths(enDrafts).sort());
    expect(emptyTexts(enDrafts)).toEqual([]);
    expect(emptyTexts(svDrafts)).toEqual([]);
  });

  it('name every save state, in full and short', () => {
    for (const state of ['saved', 'pending', 'saving', 'retrying', 'refused'])
      expect(enDrafts.status).toHaveProperty(state);
    for (const state of ['pending', 'saving', 'retrying', 'refused']) expect(svDrafts.short).toHaveProperty(state);
  });
});
