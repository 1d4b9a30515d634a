import type { Language } from '@clari/contracts';
import { classifyMessage } from '../../assistant/dialogue/dialogue-act';

/** The offline interviewer's words, per language. */
export interface InterviewGuideTexts {
  opening(title: string, count: number, firstQuestion: string): string;
  question(number: number, count: number, text: string): string;
  acknowledgements: readonly string[];
  mirror(quote: string): string;
  probes: readonly string[];
  skipped: string;
  explain(question: string): string;
  pause: string;
  smallTalk: string;
  identifying: string;
  closing(count: number): string;
  chips: { skip: string; explain: string };
  /** Said when the stored guide cannot be read (should not happen). */
  unavailable: string;
}

export const INTERVIEW_GUIDE: Record<Language, InterviewGuideTexts> = {
  en: {
    opening: (title, count, first) =>
      `Welcome to the interview **${title}**. I’m Clari, an AI interviewer. I will ask you ${count} ${count === 1 ? 'question' : 'questions'}, one at a time. There are no right or wrong answers, and you can skip any question. Please don’t share your name or anything else that could identify you or someone else.\n\n${first}`,
    question: (number, count, text) => `**Question ${number} of ${count}:** ${text}`,
    acknowledgements: ['Thank you for sharing that.', 'Thank you, that is helpful.', 'I appreciate you telling me.', 'Thanks, that gives a clear picture.'],
    mirror: (quote) => `You mentioned “${quote}”.`,
    probes: [
      'Could you tell me a little more about that? For example, what it looks like for you in practice?',
      'Could you say a bit more? An example from your own everyday life would help.',
      'What makes you say that? A few more words would help me understand.',
    ],
    skipped: 'That’s fine, let’s skip that one.',
    explain: (question) => `Of course. Answer in your own words, as much or as little as you like; there are no right or wrong answers. The question is: *${question}*`,
    smallTalk: 'Hello, and thank you for taking part. Whenever you are ready:',
    pause: 'Of course, take a break whenever you need. You can close this page and continue later with the 6-digit code shown on it; I will pick up where we left off.',
    identifying: 'Please leave out names and contact details: the interview is anonymous, so I have removed them from what is saved.',
    closing: (count) => `Thank you, that was the last of the ${count} questions, and the interview is complete. Your answers have been saved anonymously. You can close this page now.`,
    chips: { skip: 'Skip this question', explain: 'What do you mean?' },
    unavailable: 'I’m sorry, this interview cannot continue right now. Please try again later.',
  },
  sv: {
    opening: (title, count, first) =>
      `Välkommen till intervjun **${title}**. Jag är Clari, en AI-intervjuare. Jag kommer att ställa ${count} ${count === 1 ? 'fråga' : 'frågor'}, en i taget. Det finns inga rätta eller felaktiga svar, och du kan hoppa över vilken fråga som helst. Dela gärna inte ditt namn eller något annat som kan identifiera dig eller någon annan.\n\n${first}`,
    question: (number, count, text) => `**Fråga ${number} av ${count}:** ${text}`,
    acknowledgements: ['Tack för att du delar det.', 'Tack, det är till hjälp.', 'Tack för att du berättar.', 'Tack, det ger en tydlig bild.'],
    mirror: (quote) => `Du nämnde ”${quote}”.`,
    probes: [
      'Kan du berätta lite mer om det? Till exempel hur det ser ut för dig i praktiken?',
      'Kan du säga lite mer? Ett exempel från din egen vardag skulle hjälpa.',
      'Vad får dig att säga så? Några ord till skulle hjälpa mig att förstå.',
    ],
    skipped: 'Det går bra, vi hoppar över den.',
    explain: (question) => `Självklart. Svara med dina egna ord, så mycket eller lite du vill; det finns inga rätta eller felaktiga svar. Frågan är: *${question}*`,
    smallTalk: 'Hej, och tack för att du är med. När du är redo:',
    pause: 'Självklart, ta en paus när du behöver. Du kan stänga sidan och fortsätta senare med den sexsiffriga koden som står på den; då fortsätter vi där vi slutade.',
    identifying: 'Lämna gärna bort namn och kontaktuppgifter: intervjun är anonym, så jag har tagit bort dem ur det som sparas.',
    closing: (count) => `Tack, det var den sista av de ${count} frågorna, och intervjun är klar. Dina svar har sparats anonymt. Du kan stänga sidan nu.`,
    chips: { skip: 'Hoppa över frågan', explain: 'Vad menar du?' },
    unavailable: 'Förlåt, intervjun kan inte fortsätta just nu. Försök igen senare.',
  },
};

/** Whole short messages that ask to skip the question or to pause (so "Next week I…" or "Break-ups…" are answers). */
const SKIP = /^(?:skip(?: (?:it|this(?: one| question)?))?|pass|next(?: question)?|(?:i(?:'d|’d| would) )?rather not(?: (?:answer|say))?|no comment|hoppa över(?: (?:den|den här|frågan))?|nästa(?: fråga)?|jag vill inte svara(?: på den)?|vill inte svara|det vill jag inte svara på|avstår)$/i;
const PAUSE = /^(?:(?:can i |could i |i need (?:to take )?|let'?s |let’s )?(?:take )?a? ?(?:break|pause)(?: please)?|pause|(?:kan jag |jag behöver |jag vill )?(?:ta )?en paus|paus|pausa)$/i;
const EXPLAIN = /\b(?:what do you mean|what does that mean|explain|i don'?t understand|i do not understand|rephrase|vad menar du|vad betyder|förklara|förstår inte|omformulera)\b/i;

/** The message without surrounding spaces and closing punctuation, for whole-message matching. */
function bare(message: string): string {
  return message.trim().replace(/[\s.!?…]+$/u, '').replace(/\s+/g, ' ');
}
const NAME_INTRODUCTION = /\b(?:[Mm]y name is|[Ii] am called|[Ii]['’]m called|[Cc]all me|[Jj]ag heter|[Mm]itt namn är)\s+([\p{Lu}][\p{L}'’-]*(?:\s+[\p{Lu}][\p{L}'’-]*)?)/gu;

/** A question about the question is short; a longer one is the participant thinking aloud (an answer). */
const EXPLAIN_MAX_WORDS = 12;

export function asksToSkip(message: string): boolean {
  const text = bare(message);
  return SKIP.test(text) || classifyMessage(message) === 'skip' || Object.values(INTERVIEW_GUIDE).some((guide) => bare(guide.chips.skip).toLowerCase() === text.toLowerCase());
}

export function asksToExplain(message: string): boolean {
  const short = (message.match(/[\p{L}\p{N}]+/gu) ?? []).length <= EXPLAIN_MAX_WORDS;
  return EXPLAIN.test(message) || (short && classifyMessage(message) === 'question') || Object.values(INTERVIEW_GUIDE).some((guide) => bare(guide.chips.explain).toLowerCase() === bare(message).toLowerCase());
}

/** "I'd like to take a break now", "kan vi pausa", "jag behöver en paus nu": the dialogue layer's pause, or the short forms. */
export function asksForPause(message: string): boolean {
  return PAUSE.test(bare(message)) || classifyMessage(message) === 'pause';
}

/** Small talk that answers nothing ("hi", "thanks"): the question is asked again. */
export function isSmallTalk(message: string): boolean {
  const act = classifyMessage(message);
  return act === 'greeting' || act === 'thanks';
}

/** Replaces a name the participant introduces themselves with ("my name is Anna Berg") by [name]. */
export function removeIntroducedNames(message: string): string {
  return message.replace(NAME_INTRODUCTION, (whole, name: string) => whole.slice(0, whole.length - name.length) + '[name]');
}
