import { MigrationInterface, QueryRunner } from 'typeorm';

/** Visit due-day reminders: a reminder may be of kind VISIT, the day the next after-guarantee visit falls due. */
export class VisitReminders1764114000000 implements MigrationInterface {
  name = 'VisitReminders1764114000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE reminder DROP CONSTRAINT reminder_kind_check`);
    await q.query(`ALTER TABLE reminder ADD CONSTRAINT reminder_kind_check CHECK (kind IN ('REPAYMENT', 'MATURITY', 'VISIT'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM reminder WHERE kind = 'VISIT'`);
    await q.query(`ALTER TABLE reminder DROP CONSTRAINT reminder_kind_check`);
    await q.query(`ALTER TABLE reminder ADD CONSTRAINT reminder_kind_check CHECK (kind IN ('REPAYMENT', 'MATURITY'))`);
  }
}
