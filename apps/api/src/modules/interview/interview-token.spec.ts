import { generateInterviewToken } from './interview-token';

describe('generateInterviewToken', () => {
  it('gives six digits, zero-padded, across the whole range', () => {
    expect(generateInterviewToken(() => 0)).toBe('000000');
    expect(generateInterviewToken(() => 42)).toBe('000042');
    expect(generateInterviewToken(() => 999_999)).toBe('999999');
  });

  it('asks the random source for a number below one million', () => {
    const asked: number[] = [];
    generateInterviewToken((max) => {
      asked.push(max);
      return 7;
    });
    expect(asked).toEqual([1_000_000]);
  });

  it('draws from the cryptographic source by default: always six digits, and varied', () => {
    const tokens = Array.from({ length: 200 }, () => generateInterviewToken());
    for (const token of tokens) expect(token).toMatch(/^\d{6}$/);
    expect(new Set(tokens).size).toBeGreaterThan(190);
  });
});
