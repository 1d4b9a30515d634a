import { withoutRepeats } from './repeats';

describe('no sentence said twice in a row', () => {
  it('drops the sentences the previous reply said, and keeps the rest as written', () => {
    const previous = 'Thanks for sharing. What matters most to you in your work?';
    expect(
      withoutRepeats(
        'Thanks for sharing! Honesty sounds important. What matters most to you in your work?',
        previous,
        'en',
      ),
    ).toBe('Honesty sounds important.');
    expect(withoutRepeats('A new thought.\n\n- one\n- two', 'Something else.', 'en')).toBe(
      'A new thought.\n\n- one\n- two',
    );
    expect(withoutRepeats('Anything at all.', undefined, 'en')).toBe('Anything at all.');
  });

  it('when all of it repeats, says something short of its own, different from the previous fallback', () => {
    const long = 'Try naming one thing that matters to you. For example honesty, family or freedom.';
    const first = withoutRepeats(long, long, 'en');
    expect(first).not.toContain('Try naming');
    expect(first.length).toBeLessThan(60);
    expect(withoutRepeats(first, first, 'en')).not.toBe(first);
    expect(withoutRepeats('Berätta mer.', 'berätta mer', 'sv')).toMatch(/\p{L}/u);
    expect(withoutRepeats('Berätta mer.', 'berätta mer', 'sv')).not.toBe('Berätta mer.');
  });
});
