import { isQuestion } from '../assistant/language';
import type { Utterance } from './journal-summary';

/**
 * The facts clinicians record from a session, found in the transcript's own sentences:
 * ratings ("4 out of 10, down from 6–7"), substances with amounts, and homework that was
 * proposed and agreed. Each fact is a sentence as it was said (with its speaker); nothing is
 * inferred. Every pattern is bounded (no backtracking on long input), and the transcript's
 * length is limited before this runs.
 */
export interface JournalFacts {
  ratings: Utterance[];
  substances: Utterance[];
  /** Homework proposed by one speaker and agreed by the other, or stated as a plan by the client. */
  homework: Array<{ proposed: Utterance; agreed?: Utterance }>;
}

const NUMBER =
  '(?:\\d{1,2}(?:[.,]5)?|zero|one|two|three|four|five|six|seven|eight|nine|ten|noll|ett|en|två|tre|fyra|fem|sex|sju|åtta|nio|tio)';
/** "4 out of 10", "4/10", "fyra av tio", "a 6 on a scale", "7 på en skala". */
const RATING = new RegExp(
  `(?:^|[^\\p{L}\\p{N}])${NUMBER}\\s*(?:out of|of|av|\\/)\\s*(?:10|ten|tio)(?![\\p{L}\\p{N}])|(?:^|[^\\p{L}\\p{N}])(?:a|an|en|ett)?\\s*${NUMBER}\\s+(?:on|of|på)\\s+(?:a|the|en|ett)?\\s*(?:scale|skala|skalan)(?![\\p{L}])`,
  'iu',
);

const SUBSTANCE =
  /(?:^|[^\p{L}])(?:alcohol|drink(?:s|ing)?|drank|wine|beers?|vodka|whisky|spirits|glass(?:es)? of|bottles? of|cannabis|weed|joints?|cocaine|smok(?:e|es|ed|ing)|cigarettes?|snus|vap(?:e|ing)|pills?|tablets?|sleeping pills|painkillers|medication|sertraline|mg|alkohol|dricker|drack|druckit|vin|vinet|öl|ölen|sprit|glas|flask(?:a|or)|cannabis|röker|rökte|cigaretter|snusar|tabletter|sömntabletter|värktabletter|medicin(?:en)?)(?![\p{L}])/iu;
const AMOUNT =
  /(?:^|[^\p{L}])(?:\d+(?:[.,]\d+)?\s*(?:mg|ml|cl|l)?|one|two|three|four|five|six|seven|eight|nine|ten|a couple of|a few|several|every (?:day|night|evening)|daily|nightly|each (?:day|night)|en|ett|två|tre|fyra|fem|sex|sju|åtta|nio|tio|ett par|några|varje (?:dag|kväll|natt)|dagligen)(?![\p{L}])/iu;

const HOMEWORK =
  /(?:^|[^\p{L}])(?:homework|until (?:our )?next (?:time|session|week|appointment)|till next time|before (?:our )?next (?:session|time|week|appointment)|this week,? (?:try|could you|would you)|try to|could you try|would you try|hemuppgift(?:en)?|till nästa (?:gång|samtal|vecka)|innan nästa (?:gång|samtal)|den här veckan,? (?:prova|försök)|prova att|försök att|kan du prova|skulle du kunna prova)(?![\p{L}])/iu;
const AGREES =
  /^(?:yes|yeah|yep|ok(?:ay)?|sure|of course|definitely|absolutely|i will|i'll|i can (?:do|try) that|i'll try|i will try|that sounds good|sounds good|let's do (?:that|it)|ja|japp|jo|okej|visst|absolut|det ska jag|det kan jag|jag ska|jag ska försöka|det låter bra|gärna)(?![\p{L}])/iu;
const CLIENT_PLAN =
  /(?:^|[^\p{L}])(?:i will|i'll|i am going to|i'm going to|jag ska|jag tänker|jag lovar att)(?![\p{L}])/iu;

export function journalFacts(utterances: readonly Utterance[]): JournalFacts {
  const ratings = utterances.filter((u) => RATING.test(u.sentence));
  const substances = utterances.filter((u) => SUBSTANCE.test(u.sentence) && AMOUNT.test(u.sentence));
  const homework: JournalFacts['homework'] = [];
  utterances.forEach((utterance, index) => {
    if (!HOMEWORK.test(utterance.sentence)) return;
    // The answer is the next thing the other speaker said (or the next sentence when there are no labels).
    const reply = utterances
      .slice(index + 1, index + 4)
      .find((candidate) => utterance.speaker === null || candidate.speaker !== utterance.speaker);
    if (reply && AGREES.test(reply.sentence.trim())) homework.push({ proposed: utterance, agreed: reply });
    else if (!isQuestion(utterance.sentence) && CLIENT_PLAN.test(utterance.sentence))
      homework.push({ proposed: utterance });
  });
  return { ratings, substances, homework };
}
