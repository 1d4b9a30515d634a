import { PiiScrubber, REDACTED } from './pii-scrubber';

describe('PiiScrubber', () => {
  const scrubber = new PiiScrubber();

  it.each([
    ['Mail me at anna.berg+clari@example.se today', `Mail me at ${REDACTED.email} today`],
    ['åsa@företag.se', REDACTED.email],
  ])('removes e-mail addresses: %s', (input, expected) => {
    expect(scrubber.scrub(input)).toBe(expected);
  });

  it.each(['19850312-1234', '850312-1234', '198503121234', '8503121234', '850312+1234', '850372-1234'])(
    'removes Swedish personal identity and coordination numbers: %s',
    (number) => {
      expect(scrubber.scrub(`Mitt personnummer är ${number}.`)).toBe(`Mitt personnummer är ${REDACTED.personalNumber}.`);
    },
  );

  it.each(['+46 70 123 45 67', '0046701234567', '070-123 45 67', '08-123 456 78', '(555) 123-4567', '555-123-4567', '+1 (555) 123-4567'])(
    'removes phone numbers: %s',
    (phone) => {
      expect(scrubber.scrub(`Call ${phone} tonight`)).toBe(`Call ${REDACTED.phone} tonight`);
    },
  );

  it('keeps years, ranges, amounts and times that are not identifiers', () => {
    const text = 'In 2024-2025 I saved 12 000 kr, slept 7.5 hours and ran 5 km at 06:30 on 2025-03-14.';
    expect(scrubber.scrub(text)).toBe(text);
  });

  it('removes the full name and each part of it, in any case, but not inside other words', () => {
    const names = ['Anna-Karin Öberg'];
    expect(scrubber.scrub('I am Anna-Karin Öberg; anna said Karin and ÖBERG are tired. Annalisa stays.', names)).toBe(
      `I am ${REDACTED.name}; ${REDACTED.name} said ${REDACTED.name} and ${REDACTED.name} are tired. Annalisa stays.`,
    );
  });

  it('matches short name parts only as written, so everyday words stay', () => {
    expect(scrubber.scrub('Jag vill bo nära havet. Bo sa att en ek är fin, sa Ek.', ['Bo Ek'])).toBe(
      `Jag vill bo nära havet. ${REDACTED.name} sa att en ek är fin, sa ${REDACTED.name}.`,
    );
  });

  it('ignores one-letter name parts and empty names', () => {
    expect(scrubber.scrub('A plan for J and me', ['J', ''])).toBe('A plan for J and me');
  });

  it('scrubs every string in nested data and leaves other values alone', () => {
    const data = { area: { id: 'family', note: 'ring 070-123 45 67' }, tags: ['anna@example.com'], count: 3, done: true, none: null };
    expect(scrubber.scrubDeep(data)).toEqual({ area: { id: 'family', note: `ring ${REDACTED.phone}` }, tags: [REDACTED.email], count: 3, done: true, none: null });
  });
});
