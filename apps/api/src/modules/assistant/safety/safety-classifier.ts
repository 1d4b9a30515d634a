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
  /** An attempt made or under way, or an act announced for now (a risk too). */
  urgent?: boolean;
}

/** Above this, the classifier asks. Chosen on a held-out set: indirect signs +15 points, no look-alike lost. */
export const CLASSIFIER_THRESHOLD = 0.7;
/** Above this, a sign already seen is answered as urgent (emergency first). Chosen on held-out sets H and I. */
export const URGENT_THRESHOLD = 0.5;
/** Weights are stored rounded: the file stays small, the scores move by less than 0.001. */
const WEIGHT_DECIMALS = 4;

export function classifierFeatures(text: string, lexicon: CompiledLexicon): Record<string, number> {
  return featuresOf(normalise(text, lexicon));
}

/** The stems and stem pairs of a text the lexicon has already normalised. */
export function featuresOf(normalised: string): Record<string, number> {
  const words = normalised
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

/** The two networks, stored together: whether a message is a sign, and whether it tells of acting now. */
export interface SafetyClassifierJson {
  risk: NeuralNetworkJson;
  urgency: NeuralNetworkJson;
}

/** Trains both networks from scratch; the same items give the same weights. */
export function trainSafetyClassifier(
  items: readonly SafetyTrainingItem[],
  lexicons: Record<Language, CompiledLexicon>,
): SafetyClassifierJson {
  const train = (label: (item: SafetyTrainingItem) => string, among = items) => {
    const network = new NeuralNetwork({ log: false });
    network.train(
      among.map((item) => ({
        input: classifierFeatures(item.text, lexicons[item.language]),
        output: { [label(item)]: 1 },
      })),
    );
    const json = network.toJSON();
    const factor = 10 ** WEIGHT_DECIMALS;
    return {
      ...json,
      perceptrons: json.perceptrons?.map((weights) => weights.map((weight) => Math.round(weight * factor) / factor)),
    };
  };
  return {
    risk: train((item) => (item.risk ? 'risk' : 'none')),
    // Learned on the signs only: what tells an attempt made or under way from the other signs.
    urgency: train(
      (item) => (item.urgent ? 'urgent' : 'other'),
      items.filter((item) => item.risk),
    ),
  };
}

/** Both score a message's features (`featuresOf`). */
export interface SafetyClassifier {
  /** How sure the network is that the message is a warning sign (0 when it leans to none). */
  score(features: Record<string, number>): number;
  /** How sure it is that the message tells of an attempt made, under way or announced for now. */
  urgency(features: Record<string, number>): number;
}

export function loadSafetyClassifier(json: SafetyClassifierJson): SafetyClassifier {
  const load = (weights: NeuralNetworkJson) => {
    const network = new NeuralNetwork();
    network.fromJSON(weights);
    return network;
  };
  const risk = load(json.risk);
  const urgency = load(json.urgency);
  return {
    score(features) {
      const output = risk.run(features) ?? {};
      const score = output.risk ?? 0;
      return score > (output.none ?? 0) ? score : 0;
    },
    urgency(features) {
      const output = urgency.run(features) ?? {};
      const score = output.urgent ?? 0;
      return score > (output.other ?? 0) ? score : 0;
    },
  };
}
