import { MigrationInterface, QueryRunner } from 'typeorm';

/** One Value Explorer document per user: chosen areas, per-area maps and the summary. */
export class ValueExplorer1763683500000 implements MigrationInterface {
  name = 'ValueExplorer1763683500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "value_explorer_data" (
        "user_id" uuid PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
        "life_areas" jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof("life_areas") = 'array'),
        "selected_values" jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof("selected_values") = 'object'),
        "goals" jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof("goals") = 'object'),
        "obstacles" jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof("obstacles") = 'object'),
        "summary" text NOT NULL DEFAULT '',
        "summary_generated_at" timestamptz,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "value_explorer_data"`);
  }
}
