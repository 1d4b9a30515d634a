import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Clari's safety net: a count of crisis events per domain and day for operators (no text, no
 * user), and the interview's flag on a participant's crisis message and Clari's answer to it,
 * which are kept out of the answers and the research export.
 */
export class Safety1763684300000 implements MigrationInterface {
  name = 'Safety1763684300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "safety_events" (
        "domain" varchar(40) NOT NULL,
        "day" date NOT NULL,
        "crisis_count" integer NOT NULL DEFAULT 0 CHECK ("crisis_count" >= 0),
        PRIMARY KEY ("domain", "day")
      )`);
    await queryRunner.query(
      `ALTER TABLE "interview_messages" ADD COLUMN "risk" varchar(10) CHECK ("risk" IN ('crisis'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "interview_messages" DROP COLUMN "risk"`);
    await queryRunner.query(`DROP TABLE "safety_events"`);
  }
}
