import enInterview from '@locales/en/interview.json';
import svInterview from '@locales/sv/interview.json';
import { keyPaths, emptyTexts } from '../../test-support/locale-checks';

describe.each([['interview', enInterview, svInterview]])('%s translations', (_name, en, sv) => {
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
  it('are the interview’s', () => {
    expect(enInterview.start_error).toBe('Failed to start the interview. Please try again.');
    expect(enInterview.token_not_found).toBe('Session not found. Please check your code and try again.');
    expect(enInterview.invalid_token).toBe('Please enter a valid 6-digit session code');
    expect(enInterview.session.loadFailed).toBe('Failed to load interview session');
    expect(enInterview.session.notFound).toBe('Session not found');
    expect(enInterview.terms_required).toBeTruthy();
  });
});

describe('the retention in days', () => {
  it.each([
    ['en', 1, '1 day after you start', '1 day after you started'],
    ['en', 30, '30 days after you start', '30 days after you started'],
    ['sv', 1, '1 dag efter att du börjat', '1 dag efter att du började'],
    ['sv', 30, '30 dagar efter att du börjat', '30 dagar efter att du började'],
  ] as const)('reads as a person would say it (%s, %i)', async (language, count, welcome, terms) => {
    const { default: i18n } = await import('../../lib/i18n');
    await import('./interview-i18n');
    const t = i18n.getFixedT(language, 'interview');
    expect(t('welcome.privacy', { count })).toContain(welcome);
    expect((t('terms.items', { returnObjects: true, count }) as string[]).join(' ')).toContain(terms);
  });
});

describe('the number of questions', () => {
  it.each([
    ['en', 1, 'asks 1 question.'],
    ['en', 5, 'asks 5 questions, one at a time.'],
    ['sv', 1, 'ställer 1 fråga.'],
    ['sv', 5, 'ställer 5 frågor, en i taget.'],
  ] as const)('agrees with its noun (%s, %i)', async (language, count, text) => {
    const { default: i18n } = await import('../../lib/i18n');
    await import('./interview-i18n');
    expect(i18n.getFixedT(language, 'interview')('welcome.guidelines', { count })).toContain(text);
  });
});
