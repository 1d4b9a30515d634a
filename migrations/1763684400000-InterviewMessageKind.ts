import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a participant's interview message was: an answer, a skip, a pause, or a question or
 * small talk that answers nothing. The research export lines answers up with their questions
 * and marks skipped and paused questions by it. Earlier messages stay NULL (read as answers).
 */
export class InterviewMessageKind1763684400000 implements MigrationInterface {
  name = 'InterviewMessageKind1763684400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "interview_messages" ADD COLUMN "kind" varchar(10) CHECK ("kind" IN ('answer', 'skip', 'pause', 'question', 'chat'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "interview_messages" DROP COLUMN "kind"`);
  }
}
