import { limit, sentencesOf, shorten } from '../../assistant/language';
import { statementsIn, themeWords } from './reflect-language';

describe('reflect language', () => {
  it('splits sentences on punctuation and lines', () => {
    expect(sentencesOf('I slept badly. Work was long!\nTomorrow is new ... ')).toEqual([
      'I slept badly.',
      'Work was long!',
      'Tomorrow is new ...',
    ]);
  });

  it('finds intentions and insights in English and Swedish, each sentence once', () => {
    expect(
      statementsIn('It was a long day. I will call my sister on Sunday. I realise that I need more rest.'),
    ).toEqual([
      { kind: 'intention', sentence: 'I will call my sister on Sunday.', gist: 'call my sister on Sunday' },
      { kind: 'insight', sentence: 'I realise that I need more rest.', gist: 'I need more rest' },
    ]);
    expect(statementsIn('Jag ska ringa min syster på söndag. Jag inser att jag behöver mer vila.')).toEqual([
      { kind: 'intention', sentence: 'Jag ska ringa min syster på söndag.', gist: 'ringa min syster på söndag' },
      { kind: 'insight', sentence: 'Jag inser att jag behöver mer vila.', gist: 'jag behöver mer vila' },
    ]);
    expect(statementsIn('I will. Nothing else.')).toEqual([]);
  });

  it('picks theme words without English or Swedish stop words, repeated words first', () => {
    expect(
      themeWords('I think the presentation went fine, and I really felt that the presentation mattered.', 3),
    ).toEqual([{ word: 'presentation', count: 2 }]);
    expect(
      themeWords('Jag tycker att sömnen har varit dålig och att sömnen påverkar jobbet.', 3).map((w) => w.word),
    ).toEqual(['sömnen', 'påverkar', 'jobbet']);
  });

  it('shortens at a word; limit keeps line breaks', () => {
    expect(shorten('one two three four', 12)).toBe('one two…');
    expect(limit('a\n\nb', 10)).toBe('a\n\nb');
    expect(limit('line one\n\nline two', 12)).toBe('line one…');
  });
});
