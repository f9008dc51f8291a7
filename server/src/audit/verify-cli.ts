import 'reflect-metadata';
import { cpus } from 'node:os';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/config';
import { dataSourceOptions } from '../database/database.module';
import { loadAuditKeys } from './audit-keys';
import { checkpointStore } from './checkpoint-store';
import { AuditReport, verifyAll } from './verify-all';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the auditor reads: counts first, then every failure with its loan and reason, then one verdict line. */
export function formatReport(r: AuditReport): string {
  const lines = [
    `checkpoints: ${r.checkpoints.total} found, ${r.checkpoints.valid} valid (signature, heads digest, link to the previous)` +
      (r.checkpoints.latest ? `; latest ${r.checkpoints.latest} holds ${r.checkpoints.latestLoans} loans` : '; none to compare with'),
    ...r.checkpoints.problems.map((p) => `FAIL checkpoint ${p.id}: ${p.reason}`),
    `loans: ${r.loans.checked} checked (${r.events} events), ${r.loans.ok} ok, ${r.loans.failed} failed` +
      (r.loans.missing ? ` (${r.loans.missing} missing entirely)` : ''),
    ...r.failures.map((f) => `FAIL loan ${f.loanId}${f.firstBadSeq !== null ? ` at event ${f.firstBadSeq}` : ''}: ${f.reason}`),
  ];
  if (r.failures.length < r.loans.failed) lines.push(`… and ${r.loans.failed - r.failures.length} more failed loans`);
  lines.push(r.ok ? 'OK: every checkpoint and every loan verified' : 'FAILED: the audit history does not verify');
  return `${lines.join('\n')}\n`;
}

/**
 * `verify --all [--workers N]` or `verify <loanId>`: exit 0 when everything verifies, 1 on any failure, 2 when it
 * cannot run. --all replays on N worker threads (default: one per core; 0: in this thread).
 */
async function main(args: string[]): Promise<number> {
  const all = args.includes('--all');
  const w = args.indexOf('--workers');
  const workers = w >= 0 ? Number(args[w + 1]) : cpus().length;
  const loanId = args.find((a, i) => !a.startsWith('--') && !(w >= 0 && i === w + 1));
  if (all === !!loanId || (loanId && !UUID.test(loanId)) || !Number.isSafeInteger(workers) || workers < 0 || workers > 64) {
    process.stderr.write('usage: npm run verify -- --all [--workers N] | <loanId>\n');
    return 2;
  }
  const started = Date.now();
  const config = loadConfig();
  // Never generates keys: without the real ones nothing could verify.
  const keys = loadAuditKeys(config, { create: false });
  const db = new DataSource({ ...dataSourceOptions(config), migrations: [] });
  await db.initialize();
  try {
    // The bucket with FILE_STORAGE=s3: any machine verifies against the checkpoints every machine wrote.
    const report = await verifyAll(db, keys, checkpointStore(config), {
      maxFailures: 100_000,
      onlyLoan: loanId,
      parallel: { databaseUrl: config.databaseUrl, workers },
    });
    if (loanId && report.loans.checked === 0 && report.loans.missing === 0) {
      process.stderr.write(`no loan ${loanId} in this database\n`);
      return 1;
    }
    process.stdout.write(formatReport(report));
    if (all) {
      const seconds = (Date.now() - started) / 1000;
      // CPU of every thread of this process (not PostgreSQL's): what the replay costs whatever else the machine runs
      const cpu = process.cpuUsage();
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      process.stdout.write(
        `${report.loans.checked} loans in ${seconds.toFixed(1)} s (${(report.loans.checked / seconds).toFixed(0)} loans/s, ${workers} workers, ${cpuSeconds.toFixed(1)} s CPU)\n`,
      );
    }
    return report.ok ? 0 : 1;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`verify could not run: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
