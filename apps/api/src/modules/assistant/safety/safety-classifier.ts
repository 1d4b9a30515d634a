import type { Language } from '@clari/contracts';
import { NeuralNetwork, type NeuralNetworkJson } from '@nlpjs/neural';
import { normalise, type CompiledLexicon } from './crisis-lexicon';

/**
 * A small classifier beside the lexicon: nlp.js's single-layer network over the stems and stem
 * pairs of a message (the lexicon's own normalisation), trained on the development sets by
 * `npm run cli -- safety:train`, its weights committed in safety-classifier.weights.json. It
 * only ever asks (a concern, Clari's check-in) where the lexicon found nothing and set nothing
 * aside; docs/decisions/0001-safety-classifier.md has the measurement that chose it.
 */
export interface SafetyTrainingItem {
  text: string;
  language: Language;
  risk: boolean;
}

/** Above this, the classifier asks. Chosen on a held-out set: indirect signs +15 points, no look-alike lost. */
export const CLASSIFIER_THRESHOLD = 0.7;
/** Weights are stored rounded: the file stays small, the scores move by less than 0.001. */
const WEIGHT_DECIMALS = 4;

export function classifierFeatures(text: string, lexicon: CompiledLexicon): Record<string, number> {
  const words = normalise(text, lexicon)
    .trim()
    .split(' ')
    .filter((word) => word && word !== '|');
  const features: Record<string, number> = {};
  words.forEach((word, index) => {
    features[word] = 1;
    if (index + 1 < words.length) features[`${word}_${words[index + 1]}`] = 1;
  });
  return features;
}

/** Trains the network from scratch; the same items give the same weights. */
export function trainSafetyClassifier(
  items: readonly SafetyTrainingItem[],
  lexicons: Record<Language, CompiledLexicon>,
): NeuralNetworkJson {
  const network = new NeuralNetwork({ log: false });
  network.train(
    items.map((item) => ({
      input: classifierFeatures(item.text, lexicons[item.language]),
      output: { [item.risk ? 'risk' : 'none']: 1 },
    })),
  );
  const json = network.toJSON();
  const factor = 10 ** WEIGHT_DECIMALS;
  return {
    ...json,
    perceptrons: json.perceptrons?.map((weights) => weights.map((weight) => Math.round(weight * factor) / factor)),
  };
}

export interface SafetyClassifier {
  /** How sure the network is that the message is a warning sign (0 when it leans to none). */
  score(text: string, lexicon: CompiledLexicon): number;
}

export function loadSafetyClassifier(json: NeuralNetworkJson): SafetyClassifier {
  const network = new NeuralNetwork();
  network.fromJSON(json);
  return {
    score(text, lexicon) {
      const output = network.run(classifierFeatures(text, lexicon)) ?? {};
      const risk = output.risk ?? 0;
      return risk > (output.none ?? 0) ? risk : 0;
    },
  };
}
