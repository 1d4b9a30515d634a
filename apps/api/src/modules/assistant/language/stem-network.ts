import { NeuralNetwork, type NeuralNetworkJson } from '@nlpjs/neural';

/**
 * nlp.js's single-layer network over the stems and stem pairs of a message, as the crisis
 * lexicon's normalisation reads it: the one kind of trained model the offline assistant uses
 * (the safety classifier, the recogniser of questions about Clari). Trained by the CLI on the
 * development corpora, its weights committed beside the code that reads them.
 */
export type StemFeatures = Record<string, number>;

/** Weights are stored rounded: the file stays small, the scores move by less than 0.001. */
const WEIGHT_DECIMALS = 4;

/** The stems and stem pairs of a text already normalised (crisis-lexicon.ts's `normalise`). */
export function featuresOf(normalised: string): StemFeatures {
  const words = normalised
    .trim()
    .split(' ')
    .filter((word) => word && word !== '|');
  const features: StemFeatures = {};
  words.forEach((word, index) => {
    features[word] = 1;
    if (index + 1 < words.length) features[`${word}_${words[index + 1]}`] = 1;
  });
  return features;
}

/** Trains a network from scratch on labelled features; the same examples give the same weights. */
export function trainStemNetwork(
  examples: ReadonlyArray<{ features: StemFeatures; label: string }>,
): NeuralNetworkJson {
  const network = new NeuralNetwork({ log: false });
  network.train(examples.map(({ features, label }) => ({ input: features, output: { [label]: 1 } })));
  const json = network.toJSON();
  const factor = 10 ** WEIGHT_DECIMALS;
  return {
    ...json,
    perceptrons: json.perceptrons?.map((weights) => weights.map((weight) => Math.round(weight * factor) / factor)),
  };
}

/** A trained network's score per label for a message's features. */
export function loadStemNetwork(json: NeuralNetworkJson): (features: StemFeatures) => Record<string, number> {
  const network = new NeuralNetwork();
  network.fromJSON(json);
  return (features) => network.run(features) ?? {};
}

/** The label scored highest, with its score (null for no label at all). */
export function bestLabel(scores: Record<string, number>): { label: string; score: number } | null {
  let best: { label: string; score: number } | null = null;
  for (const [label, score] of Object.entries(scores)) if (!best || score > best.score) best = { label, score };
  return best;
}
