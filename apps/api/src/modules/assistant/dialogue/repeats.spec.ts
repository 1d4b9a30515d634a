import type { ChatHistoryItem } from '@clari/contracts';
import { withoutRepeats } from './repeats';

const after = (...replies: string[]): ChatHistoryItem[] =>
  replies.map((content) => ({ role: 'assistant', content, timestamp: '2026-11-27T10:00:00Z' }));

describe('no sentence said twice in a row', () => {
  it('drops the sentences the previous reply said, and keeps the rest as written', () => {
    const previous = 'Thanks for sharing. What matters most to you in your work?';
    expect(
      withoutRepeats(
        'Thanks for sharing! Honesty sounds important. What matters most to you in your work?',
        after(previous),
        'en',
      ),
    ).toBe('Honesty sounds important.');
    expect(withoutRepeats('A new thought.\n\n- one\n- two', after('Something else.'), 'en')).toBe(
      'A new thought.\n\n- one\n- two',
    );
    expect(withoutRepeats('Anything at all.', [], 'en')).toBe('Anything at all.');
  });

  it('when all of it repeats, says something short of its own, different from the previous fallback', () => {
    const long = 'Try naming one thing that matters to you. For example honesty, family or freedom.';
    const first = withoutRepeats(long, after(long), 'en');
    expect(first).not.toContain('Try naming');
    expect(first.length).toBeLessThan(60);
    expect(withoutRepeats(first, after(first), 'en')).not.toBe(first);
    expect(withoutRepeats('Berätta mer.', after('berätta mer'), 'sv')).toMatch(/\p{L}/u);
    expect(withoutRepeats('Berätta mer.', after('berätta mer'), 'sv')).not.toBe('Berätta mer.');
  });
});
