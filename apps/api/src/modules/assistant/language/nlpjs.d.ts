/** The part of nlp.js's language packages Clari uses: their Snowball stemmers. */
declare module '@nlpjs/lang-en-min' {
  export class StemmerEn {
    stemWord(word: string): string;
  }
}

declare module '@nlpjs/lang-sv' {
  export class StemmerSv {
    stemWord(word: string): string;
  }
}
