import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts. Every table holding a user's data references users(id) ON DELETE CASCADE, so
 * deleting the user row removes everything; a test checks that every table either has such
 * a key or is listed as holding no user data.
 */
export class Accounts1763683300000 implements MigrationInterface {
  name = 'Accounts1763683300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "users" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "email" varchar(254) NOT NULL,
        "full_name" varchar(100) NOT NULL,
        "language" varchar(2) NOT NULL DEFAULT 'en' CHECK ("language" IN ('en', 'sv')),
        "password_hash" text NOT NULL,
        "role" varchar(10) NOT NULL DEFAULT 'user' CHECK ("role" IN ('user', 'admin')),
        "is_clinician" boolean NOT NULL DEFAULT false,
        "email_verified_at" timestamptz,
        "pending_email" varchar(254),
        "terms_accepted_at" timestamptz NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_email" ON "users" ("email")`);
    // The admin view searches names and e-mails.
    await queryRunner.query(`CREATE INDEX "IDX_users_full_name_lower" ON "users" (lower("full_name"))`);

    await queryRunner.query(`
      CREATE TABLE "auth_tokens" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "purpose" varchar(20) NOT NULL CHECK ("purpose" IN ('verify_email', 'change_email', 'reset_password')),
        "token_hash" bytea NOT NULL,
        "email" varchar(254) NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_auth_tokens_hash" ON "auth_tokens" ("token_hash")`);
    await queryRunner.query(`CREATE INDEX "IDX_auth_tokens_user" ON "auth_tokens" ("user_id", "purpose")`);

    await queryRunner.query(`
      CREATE TABLE "user_portraits" (
        "user_id" uuid PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
        "data" bytea NOT NULL,
        "mime_type" varchar(40) NOT NULL,
        "version" integer NOT NULL DEFAULT 1,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);

    // Sessions name their user so that password changes and deletion can end them all.
    await queryRunner.query(`
      ALTER TABLE "session"
        ADD COLUMN "user_id" uuid GENERATED ALWAYS AS ((("sess"::jsonb) ->> 'userId')::uuid) STORED
        REFERENCES "users"("id") ON DELETE CASCADE`);
    await queryRunner.query(`CREATE INDEX "IDX_session_user" ON "session" ("user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "session" DROP COLUMN "user_id"`);
    await queryRunner.query(`DROP TABLE "user_portraits"`);
    await queryRunner.query(`DROP TABLE "auth_tokens"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
