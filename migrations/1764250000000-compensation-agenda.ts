import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A review-committee meeting decides compensations (代偿) beside loans: an agenda item that is a
 * loan's compensation keeps its total in fen, as it stood when allocated (no event changes it while it
 * awaits its decision). NULL: the loan itself is on the agenda. The meeting page and the minutes show
 * the item as a compensation even after a refusal has cleared it from the loan's snapshot.
 */
export class CompensationAgenda1764250000000 implements MigrationInterface {
  name = 'CompensationAgenda1764250000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE meeting_loan ADD COLUMN compensation_fen bigint CHECK (compensation_fen > 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE meeting_loan DROP COLUMN compensation_fen`);
  }
}
