import type { Language } from '@clari/contracts';
import type { NeuralNetworkJson } from '@nlpjs/neural';
import { featuresOf, loadStemNetwork, trainStemNetwork, type StemFeatures } from '../language/stem-network';
import { normalise, type CompiledLexicon } from '../language/lexicon';

/**
 * A small classifier beside the lexicon: the stem network (language/stem-network.ts) over the
 * lexicon's own normalisation, trained on the development sets by
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
/**
 * Above this it asks about a message with no word of the net's topics (scopes.topic): such a message is
 * far likelier an exercise answer. Chosen on sets T, U, V (held out from training) and the guides' messages
 * held out in turn: Swedish indirect signs +19 of 120, no look-alike or ordinary message more.
 */
export const OFF_TOPIC_THRESHOLD = 0.9;
/** Above this, a sign already seen is answered as urgent (emergency first). Chosen on held-out sets H and I. */
export const URGENT_THRESHOLD = 0.5;

export function classifierFeatures(text: string, lexicon: CompiledLexicon): StemFeatures {
  return featuresOf(normalise(text, lexicon));
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
  const train = (label: (item: SafetyTrainingItem) => string, among = items) =>
    trainStemNetwork(
      among.map((item) => ({ features: classifierFeatures(item.text, lexicons[item.language]), label: label(item) })),
    );
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
  score(features: StemFeatures): number;
  /** How sure it is that the message tells of an attempt made, under way or announced for now. */
  urgency(features: StemFeatures): number;
}

export function loadSafetyClassifier(json: SafetyClassifierJson): SafetyClassifier {
  const risk = loadStemNetwork(json.risk);
  const urgency = loadStemNetwork(json.urgency);
  return {
    score(features) {
      const output = risk(features);
      const score = output.risk ?? 0;
      return score > (output.none ?? 0) ? score : 0;
    },
    urgency(features) {
      const output = urgency(features);
      const score = output.urgent ?? 0;
      return score > (output.other ?? 0) ? score : 0;
    },
  };
}
