/**
 * The language library's front door: what the feature modules (the tools' guides, the Journal,
 * the Interview) may use of the offline assistant's reading of English and Swedish. Its parts (the
 * pattern engine in lexicon.ts, the stemmers, the dialogue acts, the phrase sets, the crisis
 * check, the guides' word knowledge) stay inside `modules/assistant`; eslint.config.mjs refuses
 * imports of them from the other modules, so the library can change inside without its users
 * changing.
 */
export {
  askedPart,
  asksAnything,
  classifyMessage,
  comparable,
  isContent,
  isQuestion,
  type DialogueAct,
} from '../dialogue/dialogue-act';
export { compilePhraseSet, findPhrases, mentionsAny, type PhraseSet } from '../dialogue/phrase-set';
export { assessCrisis, isCrisis, type CrisisAssessment } from '../safety/crisis-detector';
export { areasMentioned, feelingOf, signalsCrisis, type Feeling } from '../handlers/guide-language';
export {
  capitalise,
  fill,
  firstSentence,
  joinList,
  limit,
  pluralOf,
  quote,
  sentencesOf,
  shorten,
  vary,
  wordCount,
} from './text-helpers';
