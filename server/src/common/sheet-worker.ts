/**
 * The export worker thread (export-pool.ts): kept warm and reused, one export at a time. exceljs
 * allocates several objects and buffers per cell; in a thread of its own with a small heap, that garbage
 * is collected within the thread's limits instead of growing the API's heap (test/bench/PROFILES.md).
 *
 * An export is one of two kinds:
 * - a query: the thread opens its own PostgreSQL connection, reads the query from a cursor and makes
 *   each row's cells from the columns' rules (sheet-cells.ts); the request's thread only forwards bytes;
 * - cells: the request's thread sends each batch of cells (lists read page by page through services).
 *
 * Messages in, each with the export's `id`: { start: ExportJob }, { rows: Cell[][] } (cells; answered
 * { ack }), { end } (cells), { credit: bytes } (bytes the response took), { cancel }. Out: { chunk }
 * (the file's bytes, in order), { ack }, { ready } (the first row was read, or there was none), and one
 * last message: { done }, { error: string } or { cancelled }.
 */
import { parentPort } from 'node:worker_threads';
import { Writable } from 'node:stream';
import { Client } from 'pg';
import QueryStream from 'pg-query-stream';
import { setCompanyTimeZone } from './company-time';
import type { Lang } from './i18n';
import { cellMaker, type CellRule } from './sheet-cells';
import { createSheetWriter, type Cell, type SheetLayout } from './sheet-writer';

export interface ExportQuery {
  databaseUrl: string;
  sql: string;
  params: unknown[];
  rules: CellRule[];
}

export interface ExportJob {
  layout: SheetLayout;
  lang: Lang;
  /** The company's time zone (the request's thread's, set from the configuration). */
  zone: string;
  /** The rows read here; none: the request's thread sends the cells. */
  query?: ExportQuery;
}

export type ToWorker =
  { id: number; start: ExportJob } | { id: number; rows: Cell[][] } | { id: number; end: true } | { id: number; credit: number } | { id: number; cancel: true };

export type FromWorker =
  | { id: number; chunk: Uint8Array }
  | { id: number; ack: true }
  | { id: number; ready: true }
  | { id: number; done: true }
  | { id: number; error: string }
  | { id: number; cancelled: true };

/** Bytes sent to the request's thread and not yet taken by its response, beyond which writing waits. */
export const BYTES_IN_FLIGHT = 1024 * 1024;
/** Rows made into cells and written at a time (between two looks at the compressor's backlog). */
const ROWS_PER_BATCH = 500;
/** Rows the cursor reads at a time. */
const CURSOR_BATCH = 1000;

const port = parentPort!;
const post = (message: FromWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

/** The export running now (one at a time: the pool gives this thread the next only after its last message). */
class Export {
  cancelled = false;
  /** Its last message was sent: whatever is still queued for it is dropped. */
  over = false;
  private inFlight = 0;
  private wake: (() => void) | null = null;
  /** Messages of the cells kind, handled one at a time, in order. */
  queue = Promise.resolve();
  readonly out: Writable;
  readonly sheet: ReturnType<typeof createSheetWriter>;

  constructor(
    readonly id: number,
    readonly job: ExportJob,
  ) {
    this.out = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        // Once cancelled the bytes go nowhere, so that exceljs finishes its step without waiting.
        if (this.cancelled) return done();
        // A copy the thread can give away: exceljs' chunks may share a pooled buffer.
        const bytes = new Uint8Array(chunk);
        post({ id, chunk: bytes }, [bytes.buffer]);
        this.inFlight += bytes.byteLength;
        void this.room().then(() => done());
      },
    });
    this.sheet = createSheetWriter(this.out, job.layout);
  }

  /** Resolves once the response has taken enough of the bytes sent (or the export was cancelled). */
  private async room(): Promise<void> {
    while (this.inFlight > BYTES_IN_FLIGHT && !this.cancelled) await new Promise<void>((resolve) => (this.wake = resolve));
  }

  credit(bytes: number) {
    this.inFlight -= bytes;
    this.wake?.();
  }

  cancel() {
    this.cancelled = true;
    this.wake?.();
  }

  /** The last message of this export; the thread is free after it. */
  finish(message: FromWorker) {
    this.over = true;
    if (current === this) current = null;
    post(message);
  }

  fail(error: unknown) {
    this.finish(this.cancelled ? { id: this.id, cancelled: true } : { id: this.id, error: error instanceof Error ? error.message : String(error) });
  }

  /** The query kind: the cursor read here, each row's cells made here. */
  async runQuery(query: ExportQuery): Promise<void> {
    const client = new Client({ connectionString: query.databaseUrl, application_name: 'export worker' });
    await client.connect();
    const rows = client.query(new QueryStream(query.sql, query.params, { batchSize: CURSOR_BATCH }));
    try {
      const cells = cellMaker(query.rules, this.job.lang);
      let batch: Cell[][] = [];
      let ready = false;
      for await (const row of rows) {
        if (this.cancelled) break;
        batch.push(cells(row as Record<string, unknown>));
        if (!ready) {
          ready = true;
          post({ id: this.id, ready: true });
        }
        if (batch.length === ROWS_PER_BATCH) {
          await this.sheet.add(batch);
          batch = [];
        }
      }
      if (this.cancelled) return this.finish({ id: this.id, cancelled: true });
      if (!ready) post({ id: this.id, ready: true });
      if (batch.length) await this.sheet.add(batch);
      await this.sheet.end();
      this.finish(this.cancelled ? { id: this.id, cancelled: true } : { id: this.id, done: true });
    } finally {
      if (!rows.destroyed) rows.destroy();
      await client.end().catch(() => undefined);
    }
  }
}

let current: Export | null = null;

port.on('message', (message: ToWorker) => {
  if ('start' in message) {
    setCompanyTimeZone(message.start.zone);
    const job = new Export(message.id, message.start);
    current = job;
    if (message.start.query) job.runQuery(message.start.query).catch((error: unknown) => job.fail(error));
    return;
  }
  // A message of an export already over (its last message crossed this one) is dropped.
  const job = current;
  if (!job || job.id !== message.id) return;
  if ('credit' in message) job.credit(message.credit);
  else if ('cancel' in message) {
    job.cancel();
    // The cells kind ends here, after the step under way; the query kind ends in its loop.
    if (!job.job.query) job.queue = job.queue.then(() => job.finish({ id: job.id, cancelled: true }));
  } else if ('rows' in message) {
    const rows = message.rows;
    job.queue = job.queue
      .then(async () => {
        if (job.cancelled || job.over) return;
        await job.sheet.add(rows);
        post({ id: job.id, ack: true });
      })
      .catch((error: unknown) => job.fail(error));
  } else if ('end' in message) {
    job.queue = job.queue
      .then(async () => {
        if (job.cancelled || job.over) return;
        await job.sheet.end();
        job.finish({ id: job.id, done: true });
      })
      .catch((error: unknown) => job.fail(error));
  }
});
