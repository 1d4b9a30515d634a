import { isNoSpeech } from './no-speech';

describe('isNoSpeech', () => {
  it('accepts real speech in both languages', () => {
    expect(isNoSpeech('I feel calmer when I walk in the forest.')).toBe(false);
    expect(isNoSpeech('Jag mår bra')).toBe(false);
  });

  it('rejects silence, punctuation and credit phrases in both languages', () => {
    expect(isNoSpeech('')).toBe(true);
    expect(isNoSpeech('…')).toBe(true);
    expect(isNoSpeech('Transcribed by ESO')).toBe(true);
    expect(isNoSpeech('Undertextning av Svensk Medietext')).toBe(true);
  });
});
