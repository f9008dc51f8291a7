// `npm run verify -- --all` (or `-- <loanId>`): the auditor's check of the event log against its keyed
// chain, the machine's replay and the signed checkpoints. Exit 0: everything verified; 1: a failure; 2: could not run.
// Uses DATABASE_URL and DATA_DIR when set; otherwise the project-local cluster of `npm start` (.data/pg),
// the one running now or started for the check.
import { runServerCli, shutdown } from './lib.mjs';

await shutdown(await runServerCli('verify', 'server/dist/server/src/audit/verify-cli.js', process.argv.slice(2)));
