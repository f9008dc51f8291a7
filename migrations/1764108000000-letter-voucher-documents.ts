import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two more kinds of loan document: the sealed guarantee letter (LETTER_UPLOAD_SEALED requires one) and
 * the disbursement voucher (VOUCHER_UPLOAD requires one). The column's inline CHECK is replaced.
 */
export class LetterVoucherDocuments1764108000000 implements MigrationInterface {
  name = 'LetterVoucherDocuments1764108000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE loan_document DROP CONSTRAINT loan_document_kind_check`);
    await q.query(`ALTER TABLE loan_document ADD CONSTRAINT loan_document_kind_check
      CHECK (kind IN ('CONTRACT', 'SIGNED_CONTRACT', 'GUARANTEE_LETTER', 'SEALED_LETTER', 'DISBURSEMENT_VOUCHER'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM loan_document WHERE kind IN ('SEALED_LETTER', 'DISBURSEMENT_VOUCHER')`);
    await q.query(`ALTER TABLE loan_document DROP CONSTRAINT loan_document_kind_check`);
    await q.query(`ALTER TABLE loan_document ADD CONSTRAINT loan_document_kind_check CHECK (kind IN ('CONTRACT', 'SIGNED_CONTRACT', 'GUARANTEE_LETTER'))`);
  }
}
