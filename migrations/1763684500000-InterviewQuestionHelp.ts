import { MigrationInterface, QueryRunner } from 'typeorm';
import { DEMO_INTERVIEW_ID } from './1763684200000-Interview';

/**
 * The demo interview's questions get the optional help a guide may now carry: a rephrasing and
 * an example for "what do you mean?", and the follow-up asked after a short or vague answer.
 * Only the five demo questions as first written are extended; an edited guide is left alone.
 */
const HELP = [
  {
    rephrase: {
      en: 'Think of a day that felt good, even if nothing special happened. What did you do, and with whom?',
      sv: 'Tänk på en dag som kändes bra, även om inget särskilt hände. Vad gjorde du, och med vem?',
    },
    example: {
      en: 'I slept well, took a walk before work and had dinner with a friend.',
      sv: 'Jag sov gott, tog en promenad före jobbet och åt middag med en vän.',
    },
    probe: {
      en: 'What is one small thing that makes such a day good for you?',
      sv: 'Vad är en liten sak som gör en sådan dag bra för dig?',
    },
  },
  {
    rephrase: {
      en: 'When you are under pressure or feel down, what helps you, or what do you tend to do?',
      sv: 'När du är pressad eller känner dig nere, vad hjälper dig, eller vad brukar du göra?',
    },
    example: {
      en: 'I call my sister, or I go for a run to clear my head.',
      sv: 'Jag ringer min syster, eller så springer jag en runda för att rensa huvudet.',
    },
    probe: {
      en: 'Could you describe the last time that happened, and what you did?',
      sv: 'Kan du beskriva senaste gången det hände, och vad du gjorde då?',
    },
  },
  {
    rephrase: {
      en: 'Which regular things in your week are good for you, and how did you begin doing them?',
      sv: 'Vilka återkommande saker i din vecka är bra för dig, och hur började du med dem?',
    },
    example: {
      en: 'A short walk every lunch, which I started when I changed jobs.',
      sv: 'En kort promenad varje lunch, som jag började med när jag bytte jobb.',
    },
    probe: {
      en: 'What keeps that habit going on busy weeks?',
      sv: 'Vad gör att vanan håller i sig under stressiga veckor?',
    },
  },
  {
    rephrase: {
      en: 'What gets in the way when you try to take care of yourself?',
      sv: 'Vad kommer i vägen när du försöker ta hand om dig själv?',
    },
    example: {
      en: 'Long workdays and looking after the children leave little time for me.',
      sv: 'Långa arbetsdagar och barnen gör att det blir lite tid över till mig.',
    },
    probe: { en: 'When does that get in the way the most?', sv: 'När står det i vägen som mest?' },
  },
  {
    rephrase: {
      en: 'Imagine an app or a tool that supports your wellbeing. What should it do for you?',
      sv: 'Tänk dig en app eller ett verktyg som stöttar ditt välmående. Vad ska det göra för dig?',
    },
    example: {
      en: 'Remind me to take breaks and help me notice what drains my energy.',
      sv: 'Påminna mig om att ta pauser och hjälpa mig att se vad som tar min energi.',
    },
    probe: {
      en: 'What would make you keep using such a tool after the first week?',
      sv: 'Vad skulle få dig att fortsätta använda ett sådant verktyg efter första veckan?',
    },
  },
];

export class InterviewQuestionHelp1763684500000 implements MigrationInterface {
  name = 'InterviewQuestionHelp1763684500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Each question object is merged with its help, only while the guide still has exactly the five original questions.
    await queryRunner.query(
      `UPDATE "interviews" SET "guide" = jsonb_set("guide", '{questions}', (
         SELECT jsonb_agg(question || COALESCE($2::jsonb -> (position::int - 1), '{}'::jsonb) ORDER BY position)
         FROM jsonb_array_elements("guide" -> 'questions') WITH ORDINALITY AS item(question, position)))
       WHERE "id" = $1 AND jsonb_array_length("guide" -> 'questions') = 5 AND "guide" #>> '{questions,0,en}' = 'To begin with: what does an ordinary good day look like for you?'`,
      [DEMO_INTERVIEW_ID, JSON.stringify(HELP)],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "interviews" SET "guide" = jsonb_set("guide", '{questions}', (
         SELECT jsonb_agg(question - 'rephrase' - 'example' - 'probe' ORDER BY position)
         FROM jsonb_array_elements("guide" -> 'questions') WITH ORDINALITY AS item(question, position)))
       WHERE "id" = $1`,
      [DEMO_INTERVIEW_ID],
    );
  }
}
