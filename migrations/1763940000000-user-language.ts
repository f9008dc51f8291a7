import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each user's language (zh-CN or en), set at sign-in from the request's Accept-Language (the web's
 * language switch sends it): what the worker writes a user's to-do messages in.
 */
export class UserLanguage1763940000000 implements MigrationInterface {
  name = 'UserLanguage1763940000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE app_user ADD COLUMN language varchar(5) NOT NULL DEFAULT 'zh-CN' CHECK (language IN ('zh-CN', 'en'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE app_user DROP COLUMN language`);
  }
}
