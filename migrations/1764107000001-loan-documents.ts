import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Documents of a loan's during-guarantee stages: contracts generated from a bank template (which id
 * and version they came from), and signed copies uploaded by staff (no template). The bytes are an
 * `uploaded_file` of kind `document`; deleting a document deletes its file row too.
 */
export class LoanDocuments1764107000001 implements MigrationInterface {
  name = 'LoanDocuments1764107000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE loan_document (
        id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        loan_id           uuid NOT NULL REFERENCES loan(id),
        kind              varchar(30) NOT NULL CHECK (kind IN ('CONTRACT', 'SIGNED_CONTRACT', 'GUARANTEE_LETTER')),
        contract_type     varchar(30) CHECK (contract_type IN
                            ('BANK_LOAN', 'BANK_GUARANTEE', 'COUNTER_GUARANTEE', 'ENTRUSTED_GUARANTEE', 'MORTGAGE', 'PLEDGE', 'GUARANTEE_LETTER')),
        file_id           uuid NOT NULL UNIQUE REFERENCES uploaded_file(id),
        template_id       uuid REFERENCES bank_template(id),
        template_version  integer,
        created_by        uuid REFERENCES app_user(id),
        created_at        timestamptz NOT NULL DEFAULT now(),
        CHECK ((template_id IS NULL) = (template_version IS NULL))
      )`);
    await q.query(`CREATE INDEX loan_document_loan_idx ON loan_document (loan_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE loan_document`);
  }
}
