import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the worklists filter and sort on, as real indexed columns of the workflow instance rather
 * than paths inside its snapshot:
 * - active_paths: every active state of the snapshot's value as a dotted path, ancestors included
 *   (a loan in the parallel duringGuarantee stands in one state of each region at once), GIN-indexed
 *   for `active_paths && $1::text[]`;
 * - amount_fen: the machine's current amount (context.amount, yuan) in whole fen;
 * - b_post_officer_id: the machine's current B-post officer (it changes with TRANSFER_DATA).
 * The application writes them with every event, in the statement that commits it. Existing rows are
 * filled here from their snapshots, in SQL only: this migration holds everything it needs.
 */
export class WorklistColumns1763930000000 implements MigrationInterface {
  name = 'WorklistColumns1763930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE workflow_instance ADD COLUMN active_paths text[], ADD COLUMN amount_fen bigint, ADD COLUMN b_post_officer_id uuid`);
    // The state value is a string (an atomic state) or an object of child values (compound and
    // parallel states): walk it, each key a path below its parent, each string a leaf.
    await q.query(`
      WITH RECURSIVE walk (loan_id, path, node) AS (
        SELECT loan_id, NULL::text, snapshot->'value' FROM workflow_instance
        UNION ALL
        SELECT w.loan_id, CASE WHEN w.path IS NULL THEN e.key ELSE w.path || '.' || e.key END, e.value
          FROM walk w CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(w.node) = 'object' THEN w.node ELSE '{}'::jsonb END) e
      ), paths AS (
        SELECT loan_id, path FROM walk WHERE path IS NOT NULL
        UNION
        SELECT loan_id, CASE WHEN path IS NULL THEN node #>> '{}' ELSE path || '.' || (node #>> '{}') END
          FROM walk WHERE jsonb_typeof(node) = 'string'
      )
      UPDATE workflow_instance wi SET active_paths = p.paths
        FROM (SELECT loan_id, array_agg(path ORDER BY path) AS paths FROM paths GROUP BY loan_id) p
       WHERE p.loan_id = wi.loan_id`);
    await q.query(`
      UPDATE workflow_instance SET
        amount_fen = round((snapshot->'context'->>'amount')::numeric * 100)::bigint,
        b_post_officer_id = CASE WHEN snapshot->'context'->>'bPostOfficerId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                 THEN (snapshot->'context'->>'bPostOfficerId')::uuid END`);
    await q.query(`ALTER TABLE workflow_instance ALTER COLUMN active_paths SET NOT NULL, ALTER COLUMN amount_fen SET NOT NULL`);
    await q.query(`CREATE INDEX workflow_instance_active_paths_idx ON workflow_instance USING gin (active_paths)`);
    await q.query(`CREATE INDEX workflow_instance_amount_idx ON workflow_instance (amount_fen)`);
    await q.query(`CREATE INDEX workflow_instance_b_post_idx ON workflow_instance (b_post_officer_id)`);
    await q.query(`CREATE INDEX workflow_instance_status_idx ON workflow_instance (status)`);
    await q.query(`CREATE INDEX workflow_instance_updated_idx ON workflow_instance (updated_at DESC)`);
    // Few loans are ever deleted: a count over instances leaves them out through this small index.
    await q.query(`CREATE INDEX loan_deleted_idx ON loan (id) WHERE deleted_at IS NOT NULL`);
    // The lists' company-name filter (a substring, ILIKE) and sort.
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE INDEX company_name_trgm_idx ON company USING gin (name gin_trgm_ops)`);
    await q.query(`CREATE INDEX company_name_idx ON company (name)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of [
      'company_name_idx',
      'company_name_trgm_idx',
      'loan_deleted_idx',
      'workflow_instance_updated_idx',
      'workflow_instance_status_idx',
      'workflow_instance_b_post_idx',
      'workflow_instance_amount_idx',
      'workflow_instance_active_paths_idx',
    ]) {
      await q.query(`DROP INDEX ${index}`);
    }
    await q.query(`ALTER TABLE workflow_instance DROP COLUMN b_post_officer_id, DROP COLUMN amount_fen, DROP COLUMN active_paths`);
  }
}
