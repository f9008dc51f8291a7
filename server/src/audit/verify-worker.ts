// A worker thread of VerifyWorkers: verifies the pages of loans it is sent, with its own connection.
import { parentPort, workerData } from 'node:worker_threads';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import type { Head } from './replay';
import { verifyPage } from './verify-all';

const { databaseUrl, hmacKey } = workerData as { databaseUrl: string; hmacKey: Uint8Array };
const key = Buffer.from(hmacKey);
const client = new Client({ connectionString: databaseUrl });
const connected = client.connect();
// verifyPage asks only for query(sql, params) and the rows back, as TypeORM's DataSource answers
const source = { query: (sql: string, params?: unknown[]) => client.query(sql, params).then((r) => r.rows) } as unknown as DataSource;

parentPort!.on('message', (msg: 'stop' | { id: number; loanIds: string[]; heads: (Head | null)[] }) => {
  if (msg === 'stop') {
    void connected.then(() => client.end()).finally(() => process.exit(0));
    return;
  }
  connected
    .then(() => verifyPage(source, key, msg.loanIds, msg.heads))
    .then(
      (results) => parentPort!.postMessage({ id: msg.id, results }),
      (error) => parentPort!.postMessage({ id: msg.id, error: error instanceof Error ? error.message : String(error) }),
    );
});
