import type { DataSource } from 'typeorm';
import type { AuditKeys } from './audit-keys';
import { CheckpointHeads, CheckpointProblem, verifyCheckpoints } from './checkpoint';
import type { CheckpointStore } from './checkpoint-store';
import { Head, LoanVerdict, ReplayEvent, ReplayInstance, verifyLoan } from './replay';
import { VerifyWorkers } from './verify-workers';

export interface LoanFailure {
  loanId: string;
  firstBadSeq: number | null;
  reason: string;
}

export interface AuditReport {
  ok: boolean;
  checkpoints: { total: number; valid: number; problems: CheckpointProblem[]; latest: string | null; latestLoans: number };
  loans: { checked: number; ok: number; failed: number; missing: number };
  events: number;
  /** Every failing loan (capped at `maxFailures`; the counts above are complete). */
  failures: LoanFailure[];
}

const BATCH = 200;

export async function loadInstances(db: DataSource, where: string, params: unknown[]): Promise<ReplayInstance[]> {
  return db.query(
    `SELECT loan_id AS "loanId", machine_version AS "machineVersion", input, snapshot, version, last_hash AS "lastHash"
       FROM workflow_instance WHERE ${where} ORDER BY loan_id LIMIT ${BATCH}`,
    params,
  );
}

export async function loadEvents(db: DataSource, loanIds: string[]): Promise<Map<string, ReplayEvent[]>> {
  const rows: (ReplayEvent & { loanId: string })[] = await db.query(
    `SELECT loan_id AS "loanId", seq, type, payload, actor_id AS "actorId", at, state_from AS "from", state_to AS "to",
            machine_version AS "machineVersion", prev_hash AS "prevHash", hash
       FROM workflow_event WHERE loan_id = ANY($1::uuid[]) ORDER BY loan_id, seq`,
    [loanIds],
  );
  const byLoan = new Map<string, ReplayEvent[]>(loanIds.map((id) => [id, []]));
  for (const r of rows) byLoan.get(r.loanId)!.push({ ...r, at: new Date(r.at).toISOString() });
  return byLoan;
}

/** What a page of loans answers: each loan found, its events counted, its verdict. */
export interface PageResult {
  loanId: string;
  events: number;
  verdict: LoanVerdict;
}

/** Loads and verifies one page of loans (ids sorted, at most BATCH), each against its checkpoint head when it has one. */
export async function verifyPage(db: DataSource, key: Buffer, loanIds: string[], heads: (Head | null)[]): Promise<PageResult[]> {
  const [rows, events] = await Promise.all([loadInstances(db, 'loan_id = ANY($1::uuid[])', [loanIds]), loadEvents(db, loanIds)]);
  const headOf = new Map(loanIds.map((id, i) => [id, heads[i]]));
  return rows.map((row) => {
    const list = events.get(row.loanId) ?? [];
    return { loanId: row.loanId, events: list.length, verdict: verifyLoan(row, list, headOf.get(row.loanId) ?? null, key) };
  });
}

export interface VerifyAllOptions {
  maxFailures?: number;
  onlyLoan?: string;
  /**
   * Worker threads replaying pages side by side, each with its own connection to `databaseUrl`; the
   * pages' results are still taken in loan order. Only from the built server (a worker runs the compiled
   * verify-worker.js); elsewhere, or with 0 workers, pages are verified in this thread one after another.
   */
  parallel?: { databaseUrl: string; workers: number };
}

/**
 * The whole audit: every checkpoint's signature, digest and link; then every instance (soft-deleted
 * loans too) replayed and compared with the latest valid checkpoint; then every loan of that
 * checkpoint that has no instance any more. Loan ids are listed in pages and merged with the
 * checkpoint's sorted heads, so memory stays flat in the number of loans but for the heads themselves.
 */
export async function verifyAll(db: DataSource, keys: AuditKeys, checkpoints: CheckpointStore, opts: VerifyAllOptions = {}): Promise<AuditReport> {
  const maxFailures = opts.maxFailures ?? 1000;
  const cps = await verifyCheckpoints(checkpoints, keys.publicKey);
  const latest = cps.valid.length ? cps.valid[cps.valid.length - 1] : null;
  const heads = latest ? await CheckpointHeads.load(checkpoints, latest) : null;
  const report: AuditReport = {
    ok: true,
    checkpoints: {
      total: cps.total,
      valid: cps.valid.length,
      problems: cps.problems,
      latest: latest?.manifest.id ?? null,
      latestLoans: heads?.count ?? 0,
    },
    loans: { checked: 0, ok: 0, failed: 0, missing: 0 },
    events: 0,
    failures: [],
  };
  const fail = (f: LoanFailure) => {
    report.loans.failed++;
    if (report.failures.length < maxFailures) report.failures.push(f);
  };
  const tally = ({ loanId, events, verdict }: PageResult) => {
    report.events += events;
    report.loans.checked++;
    if (verdict.ok) report.loans.ok++;
    else fail({ loanId, firstBadSeq: verdict.firstBadSeq, reason: verdict.reason ?? 'failed' });
  };
  const missing = (loanId: string, head: Head) => {
    report.loans.missing++;
    fail({ loanId, firstBadSeq: null, reason: `the instance is missing: the signed checkpoint holds it at event ${head.version}` });
  };

  const one = opts.onlyLoan?.toLowerCase();
  if (one) {
    const found = await loadInstances(db, 'loan_id = $1', [one]);
    if (found.length) (await verifyPage(db, keys.hmacKey, [one], [heads?.find(one) ?? null])).forEach(tally);
    else if (heads?.find(one)) missing(one, heads.find(one)!);
    report.ok = report.loans.failed === 0 && cps.problems.length === 0;
    return report;
  }

  const pool = opts.parallel && opts.parallel.workers > 0 ? VerifyWorkers.start(opts.parallel, keys.hmacKey) : null;
  const verify = pool
    ? (ids: string[], hs: (Head | null)[]) => pool.verify(ids, hs)
    : (ids: string[], hs: (Head | null)[]) => verifyPage(db, keys.hmacKey, ids, hs);
  // Pages in flight, taken in order, each loan after the checkpoint's missing ones before it: the
  // failures come out in loan order however many workers.
  interface Page {
    ids: string[];
    /** Per loan, the checkpoint's heads before it that no instance matched. */
    missingBefore: [string, Head][][];
    results: Promise<PageResult[]>;
  }
  const take = async (page: Page) => {
    const byLoan = new Map((await page.results).map((r) => [r.loanId, r]));
    page.ids.forEach((loanId, i) => {
      for (const [id, head] of page.missingBefore[i]) missing(id, head);
      const result = byLoan.get(loanId);
      if (result) tally(result);
    });
  };
  const inFlight: Page[] = [];
  const depth = pool ? pool.size * 2 : 1;
  let h = 0; // the next checkpoint head not yet matched with an instance
  try {
    let after: string | null = null;
    for (;;) {
      const ids: string[] = (
        await db.query(
          `SELECT loan_id AS "loanId" FROM workflow_instance WHERE ${after ? 'loan_id > $1' : 'true'} ORDER BY loan_id LIMIT ${BATCH}`,
          after ? [after] : [],
        )
      ).map((r: { loanId: string }) => r.loanId);
      if (!ids.length) break;
      const missingBefore: [string, Head][][] = [];
      const pageHeads = ids.map((loanId) => {
        // heads of the checkpoint (sorted like the instances) that no instance matched, up to this loan
        const gone: [string, Head][] = [];
        for (; heads && h < heads.count && heads.loanAt(h) < loanId; h++) gone.push([heads.loanAt(h), heads.headAt(h)]);
        missingBefore.push(gone);
        return heads && h < heads.count && heads.loanAt(h) === loanId ? heads.headAt(h++) : null;
      });
      const results = verify(ids, pageHeads);
      // handled here so a page failing before its turn is not an unhandled rejection; it throws when its turn comes
      results.catch(() => undefined);
      inFlight.push({ ids, missingBefore, results });
      if (inFlight.length >= depth) await take(inFlight.shift()!);
      after = ids[ids.length - 1];
    }
    while (inFlight.length) await take(inFlight.shift()!);
  } finally {
    await Promise.allSettled(inFlight.map((p) => p.results));
    await pool?.stop();
  }
  for (; heads && h < heads.count; h++) missing(heads.loanAt(h), heads.headAt(h));
  report.ok = report.loans.failed === 0 && cps.problems.length === 0;
  return report;
}
