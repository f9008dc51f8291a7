// Benchmark of the operations console's stuck-loan list (prints figures, asserts nothing). Run with
// `npm run bench:stuck` (BENCH_LOANS, default 20000), which starts fresh services and the built server
// and sets APP_URL and DATABASE_URL; or at `npm run bench -- --scale N --only stuck`, on the shared
// data set of N loans (BENCH_SEEDED_LOANS: already seeded, nothing written here).
//
// Seeds BENCH_LOANS loans with seed:scale's code unless they are there (their last events lie months
// back, so most active loans are past their stage's limit), then measures through the API the first
// page (unmovable loans first, then the oldest: who can act on each row, the last event, the limit),
// the next page by its cursor, and one stage's first page, each beside the raw keyset SQL of the same
// rows (stuckKeysetStatement with the same cutoffs and movable states, sent unnamed and so planned on
// each call: ids alone, no last event, no one asked who can act, no HTTP), and prints the ratio. The demo accounts can act in every state, so last it
// withdraws the pre-review approval keys from every role but the administrators' (restored at the end)
// and measures the first page again with unmovable loans in front.
import { loadavg } from 'node:os';
import { Pool } from 'pg';
import { STAGE_KEYS, type StageKey } from '@app/workflow';
import { authorityList, isAdmin } from '../../server/src/auth/auth-user';
import { DEFAULT_STUCK_HOURS, movableStatesOf, stuckKeysetStatement, type MovableStates } from '../../server/src/operations/stuck-query';
import { MACHINE_VERSIONS } from '@app/workflow';
import { benchLoans } from './bench-data';
import { reportFigure } from './figures';
import { apiClient, signIn, timedP95 } from './http';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 30);
const PAGE_SIZE = 20;
const timed = (op: () => Promise<unknown>) => timedP95(op, REPEAT);

async function main() {
  const loans = await benchLoans();
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  const client = apiClient(4);
  try {
    // The raw query's parameters, as the service makes them: the limits' cutoffs, and the movable states from the accounts.
    const now = Date.now();
    const { rows: limitRows } = await pool.query(`SELECT stage, hours FROM stuck_limit`);
    const hours = new Map<string, number>(limitRows.map((r: { stage: string; hours: number }) => [r.stage, r.hours]));
    const cutoffs = Object.fromEntries(
      STAGE_KEYS.filter((s) => s !== 'closed' && s !== 'discontinued').map((s) => [
        s,
        new Date(now - (hours.get(s) ?? DEFAULT_STUCK_HOURS[s as StageKey]) * 3_600_000).toISOString(),
      ]),
    );
    const { rows: accounts } = await pool.query(
      `SELECT u.id,
              COALESCE((SELECT array_agg(r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
              COALESCE((SELECT array_agg(DISTINCT rp.permission_key) FROM user_role ur JOIN role_permission rp ON rp.role_id = ur.role_id
                         WHERE ur.user_id = u.id), '{}') AS permissions
         FROM app_user u WHERE NOT u.disabled AND u.deleted_at IS NULL`,
    );
    const movable = movableStatesOf(
      accounts.filter((a: { roles: string[] }) => !isAdmin(a)).map((a: any) => ({ id: a.id, roles: a.roles, authorityList: authorityList(a) })),
    );
    const raw =
      (stage: string | null, after: { unmovable: boolean; at: string; id: string } | null, states: MovableStates = movable) =>
      () => {
        const { text, values } = stuckKeysetStatement({ cutoffs, stage, after, size: PAGE_SIZE, movable: states, versions: MACHINE_VERSIONS });
        return pool.query(text, values);
      };

    const { rows: counts } = await pool.query(
      `SELECT count(*)::int AS n FROM workflow_instance wi WHERE wi.stage NOT IN ('closed', 'discontinued') AND wi.updated_at < ($1::jsonb ->> wi.stage)::timestamptz`,
      [JSON.stringify(cutoffs)],
    );
    const stuck = counts[0].n as number;
    console.log(`${stuck.toLocaleString('en')} stuck loans; ${movable.dead.length} leaf states nobody can move (${movable.dead.join(', ') || 'none'})`);
    const token = await signIn('admin');
    const dataSet = `${loans.toLocaleString('en')} loans, ${stuck.toLocaleString('en')} stuck`;
    const row = (what: string, api: number, base: number) => {
      reportFigure('stuck', {
        figure: `stuck loans at ${dataSet}: ${what}, p95 (baseline: raw keyset SQL, same rows)`,
        value: api,
        baseline: base,
        unit: 'ms',
        target: '<= 5x raw',
      });
      console.log(`  stuck loans · ${what}: API p95 ${api.toFixed(1)} ms, raw ${base.toFixed(1)} ms, ${(api / base).toFixed(2)}x`);
    };

    const first = await client.get(`/operations/stuck?pageSize=${PAGE_SIZE}`, token);
    const ids = (await raw(null, null)()).rows.map((r: { loan_id: string }) => r.loan_id);
    const same = JSON.stringify(first.list.map((r: { loanId: string }) => r.loanId)) === JSON.stringify(ids);
    console.log(
      `  first page: ${first.list.length} rows, ${first.list.filter((r: { unmovable: boolean }) => r.unmovable).length} unmovable; ` +
        `the raw query's rows ${same ? 'are the same' : 'DIFFER'}`,
    );
    row('first page', await timed(() => client.get(`/operations/stuck?pageSize=${PAGE_SIZE}`, token)), await timed(raw(null, null)));
    // the next page, by the first page's cursor
    if (first.nextCursor) {
      const [flag, at, id] = JSON.parse(Buffer.from(first.nextCursor, 'base64url').toString('utf8')) as [number, string, string];
      row(
        'the next page by cursor',
        await timed(() => client.get(`/operations/stuck?pageSize=${PAGE_SIZE}&cursor=${first.nextCursor}`, token)),
        await timed(raw(null, { unmovable: flag === 1, at, id })),
      );
    }
    // one stage's first page: the stage holding the most stuck loans after guarantee, where visits wait
    row(
      'first page of one stage (afterGuarantee)',
      await timed(() => client.get(`/operations/stuck?pageSize=${PAGE_SIZE}&stage=afterGuarantee`, token)),
      await timed(raw('afterGuarantee', null)),
    );
    // With the demo accounts every state has someone: withdraw the pre-review approval keys from every role
    // but the administrators' for a moment (restored below), so that the unmovable part of the query has rows.
    const { rows: withdrawn } = await pool.query(
      `DELETE FROM role_permission rp USING role r WHERE r.id = rp.role_id AND r.code NOT IN ('ROOT', 'ROLE_ADMIN')
          AND rp.permission_key IN ('sys:review-vote:approve', 'sys:review:discontinue', 'sys:review:modify-amount', 'sys:review:resubmit', 'sys:review:submit-general-office')
        RETURNING rp.role_id, rp.permission_key`,
    );
    try {
      const { rows: left } = await pool.query(
        `SELECT u.id, COALESCE((SELECT array_agg(r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
                COALESCE((SELECT array_agg(DISTINCT rp.permission_key) FROM user_role ur JOIN role_permission rp ON rp.role_id = ur.role_id
                           WHERE ur.user_id = u.id), '{}') AS permissions
           FROM app_user u WHERE NOT u.disabled AND u.deleted_at IS NULL`,
      );
      const without = movableStatesOf(
        left.filter((a: { roles: string[] }) => !isAdmin(a)).map((a: any) => ({ id: a.id, roles: a.roles, authorityList: authorityList(a) })),
      );
      const page = await client.get(`/operations/stuck?pageSize=${PAGE_SIZE}`, token);
      const unmovable = page.list.filter((r: { unmovable: boolean }) => r.unmovable).length;
      console.log(`  without pre-review approvers: nobody can move ${without.dead.join(', ')}; the first page holds ${unmovable} unmovable loans`);
      row(
        'first page, unmovable loans first (pre-review approvers withdrawn)',
        await timed(() => client.get(`/operations/stuck?pageSize=${PAGE_SIZE}`, token)),
        await timed(raw(null, null, without)),
      );
    } finally {
      for (const r of withdrawn)
        await pool.query(`INSERT INTO role_permission (role_id, permission_key) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [r.role_id, r.permission_key]);
    }
    console.log(`load average ${loadavg()[0].toFixed(2)}`);
  } finally {
    // Everything this process opened, closed: its kept-alive sockets and its pool (nothing left to hold it at exit).
    client.agent.destroy();
    await pool.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
