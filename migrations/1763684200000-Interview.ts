import { MigrationInterface, QueryRunner } from 'typeorm';

/** The demo interview's fixed id: its link, /interview/c1a41e55-7d2b-4e8a-9f3c-5b6d7e8f9a01, is in the README. */
export const DEMO_INTERVIEW_ID = 'c1a41e55-7d2b-4e8a-9f3c-5b6d7e8f9a01';

const DEMO = {
  title: { en: 'Everyday wellbeing', sv: 'Välmående i vardagen' },
  description: {
    en: 'A short, anonymous interview about how you look after your wellbeing in everyday life. Clari, an AI interviewer, asks five questions, one at a time. It takes about ten minutes.',
    sv: 'En kort, anonym intervju om hur du tar hand om ditt välmående i vardagen. Clari, en AI-intervjuare, ställer fem frågor, en i taget. Det tar ungefär tio minuter.',
  },
  guide: {
    goal: {
      en: 'Understand how people look after their everyday wellbeing, what gets in the way, and what support they would find useful.',
      sv: 'Förstå hur människor tar hand om sitt välmående i vardagen, vad som står i vägen och vilket stöd de skulle ha nytta av.',
    },
    tone: {
      en: 'Warm, curious and non-judgemental. Short questions in plain language, one at a time.',
      sv: 'Varm, nyfiken och icke-dömande. Korta frågor på enkel svenska, en i taget.',
    },
    questions: [
      {
        en: 'To begin with: what does an ordinary good day look like for you?',
        sv: 'Till att börja med: hur ser en vanlig bra dag ut för dig?',
      },
      {
        en: 'What do you usually do when you feel stressed or low?',
        sv: 'Vad brukar du göra när du känner dig stressad eller nere?',
      },
      {
        en: 'Which habits or routines help you feel well, and how did they start?',
        sv: 'Vilka vanor eller rutiner hjälper dig att må bra, och hur kom de till?',
      },
      {
        en: 'What makes it hard to look after your wellbeing in everyday life?',
        sv: 'Vad gör det svårt att ta hand om ditt välmående i vardagen?',
      },
      {
        en: 'If a digital tool could support you, what would you want it to help you with?',
        sv: 'Om ett digitalt verktyg kunde stötta dig, vad skulle du vilja att det hjälpte dig med?',
      },
    ],
  },
};

/**
 * The anonymous AI Interview: interviews (defined here and by `npm run cli -- interview:create`),
 * their sessions (6-digit resume code, status only forward) and each session's messages.
 * None of these rows belongs to a user account; a session and its messages are deleted when
 * the interview's retention (days since the session started) has passed, or with the interview.
 */
export class Interview1763684200000 implements MigrationInterface {
  name = 'Interview1763684200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "interviews" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "title" jsonb NOT NULL CHECK (jsonb_typeof("title") = 'object'),
        "description" jsonb NOT NULL CHECK (jsonb_typeof("description") = 'object'),
        "guide" jsonb NOT NULL CHECK (jsonb_typeof("guide") = 'object' AND jsonb_typeof("guide" -> 'questions') = 'array'),
        "active" boolean NOT NULL DEFAULT true,
        "retention_days" integer NOT NULL DEFAULT 30 CHECK ("retention_days" BETWEEN 1 AND 3650),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "interview_sessions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "interview_id" uuid NOT NULL REFERENCES "interviews" ("id") ON DELETE CASCADE,
        "token" char(6) NOT NULL CHECK ("token" ~ '^[0-9]{6}$'),
        "status" varchar(20) NOT NULL DEFAULT 'not_started' CHECK ("status" IN ('not_started', 'in_progress', 'completed')),
        "language" varchar(2) NOT NULL CHECK ("language" IN ('en', 'sv')),
        "answered" smallint NOT NULL DEFAULT 0 CHECK ("answered" >= 0),
        "probed" boolean NOT NULL DEFAULT false,
        "suggestions" jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof("suggestions") = 'array'),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "completed_at" timestamptz
      )`);
    // Tokens are unique among the sessions that exist (expired ones are deleted by the retention sweep).
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_interview_sessions_token" ON "interview_sessions" ("token")`);
    await queryRunner.query(
      `CREATE INDEX "IDX_interview_sessions_interview_created" ON "interview_sessions" ("interview_id", "created_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "interview_messages" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "session_id" uuid NOT NULL REFERENCES "interview_sessions" ("id") ON DELETE CASCADE,
        "role" varchar(10) NOT NULL CHECK ("role" IN ('user', 'assistant')),
        "content" text NOT NULL CHECK (char_length("content") <= 8000),
        "question_index" smallint,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_interview_messages_session" ON "interview_messages" ("session_id", "id")`,
    );
    await queryRunner.query(
      `INSERT INTO "interviews" ("id", "title", "description", "guide", "active", "retention_days") VALUES ($1, $2::jsonb, $3::jsonb, $4::jsonb, true, 30)`,
      [DEMO_INTERVIEW_ID, JSON.stringify(DEMO.title), JSON.stringify(DEMO.description), JSON.stringify(DEMO.guide)],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "interview_messages"`);
    await queryRunner.query(`DROP TABLE "interview_sessions"`);
    await queryRunner.query(`DROP TABLE "interviews"`);
  }
}
