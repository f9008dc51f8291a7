import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The company record in full (spec section 3: its enumerations are validated by the server from
 * @app/workflow's company-enums, so the columns hold plain keys) and who deleted a company or a loan.
 */
export class CompaniesLoans1763900000000 implements MigrationInterface {
  name = 'CompaniesLoans1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE company
        ADD COLUMN legal_representative  varchar(50),
        ADD COLUMN registered_capital    numeric(12, 2) CHECK (registered_capital > 0),
        ADD COLUMN established_date      date,
        ADD COLUMN registered_address    varchar(200),
        ADD COLUMN district_code         varchar(10),
        ADD COLUMN contact_person        varchar(50),
        ADD COLUMN contact_phone         varchar(11) CHECK (contact_phone ~ '^[0-9]{11}$'),
        ADD COLUMN enterprise_kinds      varchar(40)[] NOT NULL DEFAULT '{}',
        ADD COLUMN qualifications        varchar(40)[] NOT NULL DEFAULT '{}',
        ADD COLUMN property_type         varchar(40),
        ADD COLUMN bank_category         varchar(40),
        ADD COLUMN listing_type          varchar(40),
        ADD COLUMN strategic_industries  varchar(40)[] NOT NULL DEFAULT '{}',
        ADD COLUMN honours               varchar(40)[] NOT NULL DEFAULT '{}',
        ADD COLUMN employee_count        integer CHECK (employee_count >= 0),
        ADD COLUMN main_business         varchar(500),
        ADD COLUMN updated_by            uuid REFERENCES app_user(id),
        ADD COLUMN deleted_by            uuid REFERENCES app_user(id)`);
    await q.query(`CREATE INDEX company_created_idx ON company (created_at DESC) WHERE deleted_at IS NULL`);
    await q.query(`ALTER TABLE loan ADD COLUMN deleted_by uuid REFERENCES app_user(id)`);
    await q.query(`CREATE INDEX loan_created_idx ON loan (created_at DESC) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX loan_a_post_idx ON loan (a_post_officer_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX loan_a_post_idx`);
    await q.query(`DROP INDEX loan_created_idx`);
    await q.query(`ALTER TABLE loan DROP COLUMN deleted_by`);
    await q.query(`DROP INDEX company_created_idx`);
    for (const column of [
      'legal_representative',
      'registered_capital',
      'established_date',
      'registered_address',
      'district_code',
      'contact_person',
      'contact_phone',
      'enterprise_kinds',
      'qualifications',
      'property_type',
      'bank_category',
      'listing_type',
      'strategic_industries',
      'honours',
      'employee_count',
      'main_business',
      'updated_by',
      'deleted_by',
    ]) {
      await q.query(`ALTER TABLE company DROP COLUMN ${column}`);
    }
  }
}
