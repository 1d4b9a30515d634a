import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reflect: a user's reflections and their takeaways. A takeaway carries its user too and
 * references (reflection, user) together, so it can never hang under another user's
 * reflection; it goes with its reflection and with its user (ON DELETE CASCADE on both).
 * Limits mirror REFLECT_LIMITS in libs/contracts as a last line of defence.
 */
export class Reflect1763683700000 implements MigrationInterface {
  name = 'Reflect1763683700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "reflections" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "title" varchar(200) NOT NULL DEFAULT '',
        "content" text NOT NULL DEFAULT '' CHECK (char_length("content") <= 20000),
        "topic" varchar(40) NOT NULL DEFAULT 'open_ended'
          CHECK ("topic" IN ('open_ended', 'your_day', 'meeting', 'life_goal', 'philosophical_idea', 'problem', 'conflict', 'emotion', 'habit')),
        "life_areas" jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof("life_areas") = 'array'),
        "tags" jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof("tags") = 'array'),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_reflections_id_user" UNIQUE ("id", "user_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_reflections_user_created" ON "reflections" ("user_id", "created_at" DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE "reflection_takeaways" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "reflection_id" uuid NOT NULL,
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "title" varchar(200) NOT NULL CHECK (char_length(btrim("title")) > 0),
        "content" varchar(2000) NOT NULL DEFAULT '',
        "position" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "FK_reflection_takeaways_reflection" FOREIGN KEY ("reflection_id", "user_id")
          REFERENCES "reflections" ("id", "user_id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_reflection_takeaways_reflection" ON "reflection_takeaways" ("reflection_id", "position")`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_reflection_takeaways_user" ON "reflection_takeaways" ("user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "reflection_takeaways"`);
    await queryRunner.query(`DROP TABLE "reflections"`);
  }
}
