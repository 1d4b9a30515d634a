import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reflection list pages by keyset in its own order (created_at DESC, id ASC): the index
 * carries the id as well, so a page after a cursor is one index range scan per user.
 */
export class ReflectionsListKeyset1763684600000 implements MigrationInterface {
  name = 'ReflectionsListKeyset1763684600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_reflections_user_created_id" ON "reflections" ("user_id", "created_at" DESC, "id")`,
    );
    await queryRunner.query(`DROP INDEX "IDX_reflections_user_created"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_reflections_user_created" ON "reflections" ("user_id", "created_at" DESC)`,
    );
    await queryRunner.query(`DROP INDEX "IDX_reflections_user_created_id"`);
  }
}
