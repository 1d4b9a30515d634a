import {
  draftKey,
  forgetDrafts,
  parseText,
  parseTexts,
  readDraft,
  settleDraft,
  writeDraft,
  type Draft,
} from './draft-store';

const draft = <T>(value: T, basedOn: string | null = 'v1'): Draft<T> => ({ value, basedOn, keptAt: 5 });

describe('drafts kept in the browser', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keys a draft by tool, user and item', () => {
    expect(draftKey('reflect', 'ada@example.com', 'reflection.r1')).toBe(
      'clari.draft.reflect.ada@example.com.reflection.r1',
    );
  });

  it('writes, reads and removes a draft, in local or session storage', () => {
    writeDraft('k', draft('Hello'));
    expect(readDraft('k', parseText)).toEqual(draft('Hello'));
    expect(readDraft('k', parseText, 'session')).toBeNull();
    writeDraft('k', null);
    expect(readDraft('k', parseText)).toBeNull();
    writeDraft('s', draft('Tab only'), 'session');
    expect(readDraft('s', parseText, 'session')?.value).toBe('Tab only');
    expect(localStorage.getItem('s')).toBeNull();
  });

  it('forgets every draft on sign-out, and nothing else the browser keeps', () => {
    writeDraft(draftKey('reflect', 'ada@example.com', 'r1'), draft('Private'));
    writeDraft(draftKey('journal', 'ada@example.com', 'transcript'), draft('Session'), 'session');
    localStorage.setItem('clari.valueExplorer.draft.ada@example.com', '{}');
    localStorage.setItem('clari.theme', 'dark');
    forgetDrafts();
    expect(Object.keys(localStorage)).toEqual(['clari.theme']);
    expect(sessionStorage.length).toBe(0);
  });

  it('refuses what is not a draft of the expected shape', () => {
    localStorage.setItem('broken', '{not json');
    localStorage.setItem('number', JSON.stringify({ value: 4, basedOn: 'v1', keptAt: 1 }));
    localStorage.setItem('form', JSON.stringify({ value: { name: 'Ada', email: 3 }, basedOn: null }));
    expect(readDraft('broken', parseText)).toBeNull();
    expect(readDraft('number', parseText)).toBeNull();
    expect(readDraft('form', parseTexts(['name', 'email']))).toBeNull();
    localStorage.setItem('form', JSON.stringify({ value: { name: 'Ada', email: 'a@b.se', extra: 1 } }));
    expect(readDraft('form', parseTexts(['name', 'email']))).toEqual({
      value: { name: 'Ada', email: 'a@b.se' },
      basedOn: null,
      keptAt: 0,
    });
  });

  it('never throws when storage is blocked', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => writeDraft('k', draft('x'))).not.toThrow();
    setItem.mockRestore();
  });

  describe('settling a draft against the server', () => {
    const server = { value: 'Saved text', version: 'v1' };

    it('shows the server when there is no draft', () => {
      expect(settleDraft(null, server)).toEqual({ kind: 'server', drop: false });
    });

    it('drops a draft the server already has', () => {
      expect(settleDraft(draft('Saved text', 'v0'), server)).toEqual({ kind: 'server', drop: true });
    });

    it('restores a draft made on the version the server still has', () => {
      expect(settleDraft(draft('Newer text', 'v1'), server)).toEqual({ kind: 'restore', value: 'Newer text' });
    });

    it('offers a draft when the server changed since it was made', () => {
      const old = draft('Newer text', 'v0');
      expect(settleDraft(old, server)).toEqual({ kind: 'offer', draft: old });
    });

    it('compares structured values as JSON by default', () => {
      expect(settleDraft(draft({ a: ['x'] }, 'v0'), { value: { a: ['x'] }, version: 'v1' })).toEqual({
        kind: 'server',
        drop: true,
      });
    });
  });
});
