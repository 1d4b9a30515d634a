import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Year Compass: one row per saved box, and one picture per image box (bytes in PostgreSQL,
 * like portraits, so any API process can serve them). Both cascade from users.
 */
export class YearCompass1763683800000 implements MigrationInterface {
  name = 'YearCompass1763683800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "year_compass_boxes" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "section_number" smallint NOT NULL CHECK ("section_number" BETWEEN 1 AND 19),
        "box_id" varchar(40) NOT NULL,
        "content" text NOT NULL DEFAULT '' CHECK (char_length("content") <= 10000),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "section_number", "box_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "year_compass_images" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "section_number" smallint NOT NULL CHECK ("section_number" BETWEEN 1 AND 19),
        "box_id" varchar(40) NOT NULL,
        "data" bytea NOT NULL,
        "mime_type" varchar(40) NOT NULL,
        "width" integer NOT NULL,
        "height" integer NOT NULL,
        "source" varchar(10) NOT NULL CHECK ("source" IN ('generated', 'uploaded')),
        "generation_id" uuid,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "section_number", "box_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "year_compass_images"`);
    await queryRunner.query(`DROP TABLE "year_compass_boxes"`);
  }
}
