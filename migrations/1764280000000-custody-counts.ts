import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The vault inventory's tab counts without counting certificates on each page: at a million loans
 * (470,000 certificates) the bounded count of each state took 270 ms (the planner read the table once
 * per state) where the page itself takes 2.5 ms. `custody_state_count` holds how many certificates
 * stand in each state, `custody_lent_due_count` how many lent ones are due back on each day (the
 * overdue tab: the days before today, summed). Statement triggers keep both in the writing
 * transaction; the rows of a statement are added in state (day) order, so two moves never wait on each
 * other's counter rows in opposite orders.
 */
export class CustodyCounts1764280000000 implements MigrationInterface {
  name = 'CustodyCounts1764280000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE custody_state_count (state varchar(20) PRIMARY KEY, n bigint NOT NULL)`);
    await q.query(`CREATE TABLE custody_lent_due_count (due_on date PRIMARY KEY, n bigint NOT NULL)`);
    await q.query(`
      CREATE FUNCTION custody_counts_apply(deltas jsonb) RETURNS void LANGUAGE sql AS $$
        INSERT INTO custody_state_count (state, n)
        SELECT d->>'state', sum((d->>'n')::bigint) FROM jsonb_array_elements(deltas) d WHERE d->>'state' IS NOT NULL
         GROUP BY 1 HAVING sum((d->>'n')::bigint) <> 0 ORDER BY 1
        ON CONFLICT (state) DO UPDATE SET n = custody_state_count.n + EXCLUDED.n;
        INSERT INTO custody_lent_due_count (due_on, n)
        SELECT (d->>'due')::date, sum((d->>'n')::bigint) FROM jsonb_array_elements(deltas) d WHERE d->>'due' IS NOT NULL
         GROUP BY 1 HAVING sum((d->>'n')::bigint) <> 0 ORDER BY 1
        ON CONFLICT (due_on) DO UPDATE SET n = custody_lent_due_count.n + EXCLUDED.n;
      $$`);
    // one delta per row: +1 for its state (and its return day when lent) after, -1 before
    const deltas = (rows: string, sign: string) => `
      SELECT jsonb_build_object('state', state, 'n', ${sign}1) FROM ${rows}
      UNION ALL SELECT jsonb_build_object('due', return_due_on, 'n', ${sign}1) FROM ${rows} WHERE state = 'LENT' AND return_due_on IS NOT NULL`;
    await q.query(`
      CREATE FUNCTION custody_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM custody_counts_apply(COALESCE((SELECT jsonb_agg(x) FROM (${deltas('new_rows', '')}) t(x)), '[]'));
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION custody_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM custody_counts_apply(COALESCE((SELECT jsonb_agg(x) FROM (${deltas('new_rows', '')} UNION ALL ${deltas('old_rows', '-')}) t(x)), '[]'));
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION custody_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM custody_counts_apply(COALESCE((SELECT jsonb_agg(x) FROM (${deltas('old_rows', '-')}) t(x)), '[]'));
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION custody_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM custody_state_count;
        DELETE FROM custody_lent_due_count;
        RETURN NULL;
      END $$`);
    await q.query(
      `CREATE TRIGGER custody_counts_ins AFTER INSERT ON custody_certificate REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION custody_counts_insert()`,
    );
    await q.query(
      `CREATE TRIGGER custody_counts_upd AFTER UPDATE ON custody_certificate REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION custody_counts_update()`,
    );
    await q.query(
      `CREATE TRIGGER custody_counts_del AFTER DELETE ON custody_certificate REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION custody_counts_delete()`,
    );
    await q.query(`CREATE TRIGGER custody_counts_trunc AFTER TRUNCATE ON custody_certificate FOR EACH STATEMENT EXECUTE FUNCTION custody_counts_truncate()`);
    await q.query(`INSERT INTO custody_state_count (state, n) SELECT state, count(*) FROM custody_certificate GROUP BY state`);
    await q.query(
      `INSERT INTO custody_lent_due_count (due_on, n) SELECT return_due_on, count(*) FROM custody_certificate WHERE state = 'LENT' AND return_due_on IS NOT NULL GROUP BY return_due_on`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['ins', 'upd', 'del', 'trunc']) await q.query(`DROP TRIGGER custody_counts_${t} ON custody_certificate`);
    for (const f of ['insert', 'update', 'delete', 'truncate', 'apply']) await q.query(`DROP FUNCTION custody_counts_${f}`);
    await q.query(`DROP TABLE custody_lent_due_count`);
    await q.query(`DROP TABLE custody_state_count`);
  }
}
