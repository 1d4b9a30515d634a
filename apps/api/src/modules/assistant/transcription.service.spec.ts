import { resolveLanguage } from './assistant.service';
import { speechOf } from './transcription.service';

describe('speechOf', () => {
  it.each([
    ['subtitles by the community', ''],
    ['Transcribed by ESO', ''],
    ['Translated by someone', ''],
    ['CAPTIONS BY X', ''],
    ['Undertextning av Anna', ''],
    ['Svensk text: Sven', ''],
    ['Thanks for watching.', ''],
    ['…', ''],
    ['   ', ''],
    ['  I want to rest more.  ', 'I want to rest more.'],
    ['Thank you for watching my kids today, it helped.', 'Thank you for watching my kids today, it helped.'],
    // Real speech that mentions a credit phrase is kept: credits are short lines.
    [
      'My grandmother read me a book translated by her sister every night, and I still remember how safe it felt.',
      'My grandmother read me a book translated by her sister every night, and I still remember how safe it felt.',
    ],
  ])('%j → %j', (input, expected) => {
    expect(speechOf(input)).toBe(expected);
  });
});

describe('resolveLanguage (context, else user, else en)', () => {
  it.each([
    ['sv', 'en', 'en', 'sv'],
    ['sv-SE', undefined, 'en', 'sv'],
    [undefined, 'sv', 'en', 'sv'],
    ['de', undefined, 'sv', 'sv'],
    [undefined, undefined, undefined, 'en'],
  ])('%s / %s / %s → %s', (requested, fromData, user, expected) => {
    expect(resolveLanguage(requested, fromData, user)).toBe(expected);
  });
});
