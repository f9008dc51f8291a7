import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The repayment voucher of an instalment: the attachment (kind REPAYMENT_VOUCHER,
 * stored through the file storage) last uploaded for it. A new upload replaces the reference; the
 * older attachment rows stay for audit.
 */
export class InstalmentVoucher1764113000000 implements MigrationInterface {
  name = 'InstalmentVoucher1764113000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE repayment_instalment ADD COLUMN voucher_attachment_id uuid REFERENCES attachment(id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE repayment_instalment DROP COLUMN voucher_attachment_id`);
  }
}
