import {
  INTERVIEW_DEFAULT_RETENTION_DAYS,
  INTERVIEW_LIMITS as L,
  LANGUAGES,
  type LocalizedText,
} from '@clari/contracts';

/** What Clari follows in an interview: its goal, its tone and the questions, in both languages. */
export interface InterviewGuide {
  goal: LocalizedText;
  tone: LocalizedText;
  /** In order; Clari asks them one at a time. */
  questions: InterviewQuestion[];
}

/**
 * A question in both languages, and optionally what Clari says when it is not understood (a
 * rephrasing and an example answer) and the follow-up it asks after a short or vague answer.
 */
export type InterviewQuestion = LocalizedText & Partial<Record<(typeof QUESTION_EXTRAS)[number], LocalizedText>>;

/** The optional texts a question may carry besides its en and sv wording. */
export const QUESTION_EXTRAS = ['rephrase', 'example', 'probe'] as const;

/** An interview as `npm run cli -- interview:create --file guide.json` reads it. */
export interface InterviewDefinition {
  title: LocalizedText;
  description: LocalizedText;
  guide: InterviewGuide;
  active: boolean;
  retentionDays: number;
}

export type DefinitionResult = { ok: true; definition: InterviewDefinition } | { ok: false; errors: string[] };

/** An example file, printed by the CLI's usage and documented in docs/architecture.md. */
export const EXAMPLE_DEFINITION: InterviewDefinition = {
  title: { en: 'Study habits', sv: 'Studievanor' },
  description: {
    en: 'A short anonymous interview about how you study.',
    sv: 'En kort anonym intervju om hur du studerar.',
  },
  guide: {
    goal: {
      en: 'Learn what helps students plan and keep up their studies.',
      sv: 'Förstå vad som hjälper studenter att planera och hålla igång sina studier.',
    },
    tone: { en: 'Friendly and curious, plain language.', sv: 'Vänlig och nyfiken, enkelt språk.' },
    questions: [
      {
        en: 'How do you usually plan your study week?',
        sv: 'Hur brukar du planera din studievecka?',
        rephrase: {
          en: 'When a new week of studies starts, what do you do to decide what to study and when?',
          sv: 'När en ny studievecka börjar, hur bestämmer du vad du ska plugga och när?',
        },
        example: {
          en: 'I write a list on Sunday evening and block two hours each morning.',
          sv: 'Jag skriver en lista på söndagskvällen och bokar in två timmar varje förmiddag.',
        },
        probe: {
          en: 'What does that look like in a typical week, for example on a Monday?',
          sv: 'Hur ser det ut en vanlig vecka, till exempel en måndag?',
        },
      },
      { en: 'What gets in the way of studying as planned?', sv: 'Vad gör det svårt att plugga som planerat?' },
    ],
  },
  active: true,
  retentionDays: INTERVIEW_DEFAULT_RETENTION_DAYS,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Validates an interview definition (parsed JSON): texts in en and sv within INTERVIEW_LIMITS,
 * 1–30 questions, `active` (default true) and `retentionDays` (default 30, 1–3650). Every
 * problem is reported, with its path, so a file can be fixed in one go. Texts are trimmed.
 */
export function parseInterviewDefinition(input: unknown): DefinitionResult {
  const errors: string[] = [];
  const localized = (value: unknown, path: string, max: number): LocalizedText => {
    const result: LocalizedText = { en: '', sv: '' };
    if (!isRecord(value)) {
      errors.push(`${path} must be an object with "en" and "sv" texts`);
      return result;
    }
    for (const language of LANGUAGES) {
      const text = value[language];
      if (typeof text !== 'string' || !text.trim()) errors.push(`${path}.${language} must be a non-empty text`);
      else if (text.trim().length > max) errors.push(`${path}.${language} can be at most ${max} characters long`);
      else result[language] = text.trim();
    }
    return result;
  };
  if (!isRecord(input)) return { ok: false, errors: ['The file must hold a JSON object'] };
  const known = new Set(['title', 'description', 'guide', 'active', 'retentionDays']);
  for (const key of Object.keys(input)) if (!known.has(key)) errors.push(`Unknown field "${key}"`);

  const title = localized(input.title, 'title', L.titleMax);
  const description = localized(input.description, 'description', L.descriptionMax);
  const guideInput = isRecord(input.guide) ? input.guide : null;
  const empty: LocalizedText = { en: '', sv: '' };
  let goal = empty;
  let tone = empty;
  const questions: InterviewQuestion[] = [];
  if (!guideInput) {
    errors.push('guide must be an object with goal, tone and questions');
  } else {
    goal = localized(guideInput.goal, 'guide.goal', L.goalMax);
    tone = localized(guideInput.tone, 'guide.tone', L.toneMax);
    const rawQuestions = guideInput.questions;
    if (!Array.isArray(rawQuestions) || rawQuestions.length < L.questionsMin || rawQuestions.length > L.questionsMax) {
      errors.push(
        `guide.questions must be a list of ${L.questionsMin} to ${L.questionsMax} questions, each {"en": …, "sv": …}`,
      );
    } else {
      rawQuestions.forEach((raw, index) => {
        const path = `guide.questions[${index}]`;
        const question: InterviewQuestion = localized(raw, path, L.questionMax);
        if (!isRecord(raw)) return questions.push(question);
        for (const key of Object.keys(raw))
          if (!['en', 'sv', ...QUESTION_EXTRAS].includes(key))
            errors.push(
              `Unknown field "${path}.${key}" (a question has en, sv and optionally ${QUESTION_EXTRAS.join(', ')})`,
            );
        for (const extra of QUESTION_EXTRAS)
          if (raw[extra] !== undefined) question[extra] = localized(raw[extra], `${path}.${extra}`, L.questionMax);
        questions.push(question);
      });
    }
  }

  let active = true;
  if (input.active !== undefined) {
    if (typeof input.active !== 'boolean') errors.push('active must be true or false');
    else active = input.active;
  }
  let retentionDays: number = INTERVIEW_DEFAULT_RETENTION_DAYS;
  if (input.retentionDays !== undefined) {
    const days = input.retentionDays;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < L.retentionDaysMin || days > L.retentionDaysMax) {
      errors.push(`retentionDays must be a whole number from ${L.retentionDaysMin} to ${L.retentionDaysMax}`);
    } else {
      retentionDays = days;
    }
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, definition: { title, description, guide: { goal, tone, questions }, active, retentionDays } };
}

/** A stored guide, checked again when read (the database holds what a migration or the CLI wrote). */
export function isInterviewGuide(value: unknown): value is InterviewGuide {
  const text = (item: unknown): item is Record<string, unknown> =>
    isRecord(item) && typeof item.en === 'string' && typeof item.sv === 'string';
  const question = (item: unknown) =>
    text(item) && QUESTION_EXTRAS.every((extra) => item[extra] === undefined || text(item[extra]));
  return (
    isRecord(value) &&
    text(value.goal) &&
    text(value.tone) &&
    Array.isArray(value.questions) &&
    value.questions.length > 0 &&
    value.questions.every(question)
  );
}
