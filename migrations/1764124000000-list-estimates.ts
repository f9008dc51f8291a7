import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The planner's row estimate of a worklist (workflow instances standing in any of `states`, and in
 * any of `also_in` when given) as a value inside a statement, so that the dashboard asks for every
 * list's estimate and the exact counts of the small ones in one round trip. EXPLAIN reads no rows.
 * With `also_in` (a to-do), the smaller of the two conditions' estimates: the planner multiplies their
 * selectivities as if independent, but they are nested states of one machine, and an underestimate
 * would send a large to-do list to be counted row by row.
 */
export class ListEstimates1764124000000 implements MigrationInterface {
  name = 'ListEstimates1764124000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION worklist_rows_estimate(states text[], also_in text[]) RETURNS bigint
      LANGUAGE plpgsql VOLATILE AS $fn$
      DECLARE
        plan json;
        rows bigint;
      BEGIN
        EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM workflow_instance wi WHERE wi.active_paths && %L::text[]', states) INTO plan;
        rows := round((plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric)::bigint;
        IF also_in IS NOT NULL THEN
          EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM workflow_instance wi WHERE wi.active_paths && %L::text[]', also_in) INTO plan;
          rows := least(rows, round((plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric)::bigint);
        END IF;
        RETURN rows;
      END
      $fn$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION worklist_rows_estimate(text[], text[])`);
  }
}
