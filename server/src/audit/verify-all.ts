import type { DataSource } from 'typeorm';
import type { AuditKeys } from './audit-keys';
import { CheckpointHeads, CheckpointProblem, verifyCheckpoints } from './checkpoint';
import { Head, ReplayEvent, ReplayInstance, verifyLoan } from './replay';

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

/**
 * The whole audit: every checkpoint's signature, digest and link; then every instance (soft-deleted
 * loans too) replayed and compared with the latest valid checkpoint; then every loan of that
 * checkpoint that has no instance any more. Loans are read by loan id in batches and merged with the
 * checkpoint's sorted heads, so memory stays flat in the number of loans but for the heads themselves.
 */
export async function verifyAll(
  db: DataSource,
  keys: AuditKeys,
  checkpointDir: string,
  opts: { maxFailures?: number; onlyLoan?: string } = {},
): Promise<AuditReport> {
  const maxFailures = opts.maxFailures ?? 1000;
  const cps = verifyCheckpoints(checkpointDir, keys.publicKey);
  const latest = cps.valid.length ? cps.valid[cps.valid.length - 1] : null;
  const heads = latest ? CheckpointHeads.load(checkpointDir, latest) : null;
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

  let h = 0; // the next checkpoint head not yet matched with an instance
  const missing = (loanId: string, head: Head) => {
    report.loans.missing++;
    fail({ loanId, firstBadSeq: null, reason: `the instance is missing: the signed checkpoint holds it at event ${head.version}` });
  };
  /** Heads of the checkpoint (sorted like the instances) that no instance matched, up to `loanId` (null: to the end). */
  const missingBefore = (loanId: string | null) => {
    for (; heads && h < heads.count && (loanId === null || heads.loanAt(h) < loanId); h++) missing(heads.loanAt(h), heads.headAt(h));
  };
  const one = opts.onlyLoan?.toLowerCase();

  let after: string | null = null;
  for (;;) {
    const rows: ReplayInstance[] = one
      ? after
        ? []
        : await loadInstances(db, 'loan_id = $1', [one])
      : await loadInstances(db, after ? 'loan_id > $1' : 'true', after ? [after] : []);
    if (!rows.length) break;
    const events = await loadEvents(
      db,
      rows.map((r) => r.loanId),
    );
    for (const row of rows) {
      let head: Head | null = null;
      if (one) head = heads?.find(row.loanId) ?? null;
      else {
        missingBefore(row.loanId);
        if (heads && h < heads.count && heads.loanAt(h) === row.loanId) head = heads.headAt(h++);
      }
      const list = events.get(row.loanId) ?? [];
      report.events += list.length;
      report.loans.checked++;
      const verdict = verifyLoan(row, list, head, keys.hmacKey);
      if (verdict.ok) report.loans.ok++;
      else fail({ loanId: row.loanId, firstBadSeq: verdict.firstBadSeq, reason: verdict.reason ?? 'failed' });
    }
    after = rows[rows.length - 1].loanId;
  }
  if (!one) missingBefore(null);
  else if (report.loans.checked === 0 && heads?.find(one)) missing(one, heads.find(one)!);
  report.ok = report.loans.failed === 0 && cps.problems.length === 0;
  return report;
}
