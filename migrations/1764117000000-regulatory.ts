import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Regulatory figures. The administrator's settings are kept as a history: every change is a
 * new row with who and when, the newest row is the one in force (the first row is the default the
 * company starts with). Related-company groups (concentration: a client with its related parties) and
 * each company's regulatory class (small/micro, farmer household) that decides its balance's weight.
 */
export class Regulatory1764117000000 implements MigrationInterface {
  name = 'Regulatory1764117000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE regulatory_settings (
        id                  bigserial PRIMARY KEY,
        net_assets_fen      bigint NOT NULL CHECK (net_assets_fen > 0),
        leverage_limit      numeric(8, 4) NOT NULL CHECK (leverage_limit > 0),
        single_client_limit numeric(8, 4) NOT NULL CHECK (single_client_limit > 0 AND single_client_limit <= 1),
        group_limit         numeric(8, 4) NOT NULL CHECK (group_limit > 0 AND group_limit <= 1),
        changed_by          uuid REFERENCES app_user(id),
        changed_at          timestamptz NOT NULL DEFAULT now()
      )`);
    // The regulation's limits and a placeholder net assets of 200,000,000.00 yuan until the administrator sets the real one.
    await q.query(`INSERT INTO regulatory_settings (net_assets_fen, leverage_limit, single_client_limit, group_limit) VALUES (20000000000, 10, 0.10, 0.15)`);
    await q.query(`
      CREATE TABLE related_group (
        id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name        varchar(100) NOT NULL,
        created_by  uuid REFERENCES app_user(id),
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX related_group_name_uq ON related_group (lower(name))`);
    // A company belongs to one group at most: the groups partition the clients for the 15% check.
    await q.query(`
      CREATE TABLE related_group_member (
        company_id  uuid PRIMARY KEY REFERENCES company(id),
        group_id    uuid NOT NULL REFERENCES related_group(id) ON DELETE CASCADE,
        added_by    uuid REFERENCES app_user(id),
        added_at    timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX related_group_member_group_idx ON related_group_member (group_id)`);
    await q.query(`
      CREATE TABLE regulatory_client_class (
        company_id    uuid PRIMARY KEY REFERENCES company(id),
        small_micro   boolean NOT NULL DEFAULT false,
        agricultural  boolean NOT NULL DEFAULT false,
        updated_by    uuid REFERENCES app_user(id),
        updated_at    timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE regulatory_client_class`);
    await q.query(`DROP TABLE related_group_member`);
    await q.query(`DROP TABLE related_group`);
    await q.query(`DROP TABLE regulatory_settings`);
  }
}
