import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The safety check answers at three levels: an interview message may now be flagged as a
 * concern (Clari asked directly whether the person is thinking of ending their life) or as
 * urgent (an attempt made or under way), besides crisis. None of them is ever an answer.
 */
export class SafetyLevels1763684700000 implements MigrationInterface {
  name = 'SafetyLevels1763684700000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "interview_messages" DROP CONSTRAINT IF EXISTS "interview_messages_risk_check"`,
    );
    await queryRunner.query(
      `ALTER TABLE "interview_messages" ADD CONSTRAINT "interview_messages_risk_check" CHECK ("risk" IN ('concern', 'crisis', 'urgent'))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "interview_messages" SET "risk" = 'crisis' WHERE "risk" IN ('concern', 'urgent')`);
    await queryRunner.query(`ALTER TABLE "interview_messages" DROP CONSTRAINT "interview_messages_risk_check"`);
    await queryRunner.query(
      `ALTER TABLE "interview_messages" ADD CONSTRAINT "interview_messages_risk_check" CHECK ("risk" IN ('crisis'))`,
    );
  }
}
