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

/** nlp.js's single-layer network: one perceptron per label over bag-of-features input. */
declare module '@nlpjs/neural' {
  export interface NeuralNetworkJson {
    settings: Record<string, unknown>;
    features?: string[];
    intents?: string[];
    perceptrons?: number[][];
  }
  export class NeuralNetwork {
    constructor(settings?: Record<string, unknown>);
    train(corpus: Array<{ input: Record<string, number>; output: Record<string, number> }>): unknown;
    run(input: Record<string, number>): Record<string, number> | undefined;
    toJSON(): NeuralNetworkJson;
    fromJSON(json: NeuralNetworkJson): void;
  }
}
