import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Clari's conversations: one row per user, domain and thread, its messages as a JSON array
 * and the suggestions of the last reply (shown again when the thread is reopened).
 * Rows are deleted 24 h after their last message (index on updated_at for that sweep).
 */
export class AssistantConversations1763683400000 implements MigrationInterface {
  name = 'AssistantConversations1763683400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "assistant_conversations" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "domain" varchar(40) NOT NULL,
        "thread_id" varchar(200) NOT NULL,
        "messages" jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof("messages") = 'array'),
        "phase" varchar(40) NOT NULL,
        "suggestions" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_assistant_conversations_thread" ON "assistant_conversations" ("user_id", "domain", "thread_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_assistant_conversations_updated_at" ON "assistant_conversations" ("updated_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "assistant_conversations"`);
  }
}
