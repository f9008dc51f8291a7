import { Logger, StreamableFile } from '@nestjs/common';
import type { Label } from '@app/workflow';
import ExcelJS from 'exceljs';
import { once } from 'node:events';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import type { DataSource } from 'typeorm';
import { contentDisposition } from './content-disposition';
import { pickLabel, type Lang } from './i18n';
import { companyDateTime, companyTimeZone } from './company-time';
import { createSheetWriter, type Cell, type SheetLayout } from './sheet-writer';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Rows one page of an in-memory list query may hold. Exports no longer stop here: they stream every
 * row (exportSheet over cursorRows or pagedRows); this is only the size of the pages pagedRows reads.
 */
export const EXPORT_MAX_ROWS = 10_000;

export interface SheetColumn<T> {
  header: Label;
  /** A column of times (formatTime): its header names the company's zone. */
  time?: boolean;
  width?: number;
  value: (row: T, lang: Lang) => string | number | Date | null | undefined;
}

export interface Sheet<T> {
  name: Label;
  columns: SheetColumn<T>[];
  /** In memory, or read as written (cursorRows, pagedRows): the workbook never holds them all. */
  rows: readonly T[] | AsyncIterable<T>;
}

/** Adds one sheet: a bold header row in the request's language, then one line per row. */
export function addSheet<T>(book: ExcelJS.Workbook, sheet: Sheet<T>, lang: Lang): ExcelJS.Worksheet {
  const ws = book.addWorksheet(pickLabel(sheet.name, lang).slice(0, 31));
  ws.columns = sheet.columns.map((c, i) => ({ header: pickLabel(c.time ? timeHeader(c.header) : c.header, lang), key: `c${i}`, width: c.width ?? 18 }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  if (!Array.isArray(sheet.rows)) throw new Error('addSheet takes rows in memory; stream with exportSheet');
  for (const row of sheet.rows as readonly T[]) ws.addRow(sheet.columns.map((c) => c.value(row, lang) ?? ''));
  return ws;
}

export async function workbookBuffer(build: (book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'guarantee back office';
  build(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const logger = new Logger('Export');

/** Rows sent to the sheet's writer at a time (and between two looks at the response's backlog). */
const ROWS_PER_BATCH = 500;
/** Batches the worker may hold at once: the next is read from the cursor while one is written. */
const BATCHES_IN_FLIGHT = 2;
/**
 * The worker thread's heap: room for a batch and exceljs' state, small enough that its garbage is
 * collected long before it amounts to much (a million-row export grew the API's memory by 165 MB with
 * exceljs in the request's thread, by 120 MB with it here: test/bench/PROFILES.md).
 */
const SHEET_WORKER_LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 4 };

/** Where the sheet is written: a worker thread (its compiled file and, for tests, the node options that load it). */
export interface SheetThread {
  file: string;
  execArgv?: string[];
}
/** The compiled worker beside this file; none when running from TypeScript sources (tests): the request's thread writes then. */
const BUILT_SHEET_WORKER = path.join(__dirname, 'sheet-worker.js');
let sheetThread: SheetThread | null = fs.existsSync(BUILT_SHEET_WORKER) ? { file: BUILT_SHEET_WORKER } : null;

/** Test hook: write sheets in this worker (or, null, in the caller's thread). */
export function useSheetThread(thread: SheetThread | null): void {
  sheetThread = thread;
}

/**
 * A one-sheet export of a list, answered as a download named after the list and the day. The rows are
 * written as they come (exceljs' streaming writer, in a worker thread, no shared strings) straight into
 * the response, so memory stays flat whatever the row count. The first row is read before answering: a
 * query that fails at once still gets its JSON error and status. A failure after the headers went out
 * destroys the connection (Nest's StreamableFile does), so the client sees a broken transfer, never a
 * short file that looks complete.
 */
export async function exportSheet<T>(
  sheet: Sheet<T>,
  lang: Lang,
  fileName: Label,
  now = new Date(),
  appended: readonly AppendedSheet[] = [],
): Promise<StreamableFile> {
  const rows = (Array.isArray(sheet.rows) ? arrayRows(sheet.rows as readonly T[]) : sheet.rows) as AsyncIterable<T>;
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  void writeSheet(out, sheet, lang, first, iterator, appended);
  return new StreamableFile(out, { type: XLSX_MIME, disposition: contentDisposition(`${pickLabel(fileName, lang)}-${now.toISOString().slice(0, 10)}.xlsx`) });
}

/** A small sheet after the streamed one (its rows in memory), e.g. a report's second table. */
export interface AppendedSheet {
  name: Label;
  /** Columns of any row type (each reads the rows given beside it). */
  columns: SheetColumn<never>[];
  rows: readonly unknown[];
}

/** A sheet's name as Excel allows it (31 characters) and its header row, in the language. */
function layoutOf(sheet: { name: Label; columns: SheetColumn<never>[] }, lang: Lang): SheetLayout {
  return {
    name: pickLabel(sheet.name, lang).slice(0, 31),
    columns: sheet.columns.map((c) => ({ header: pickLabel(c.time ? timeHeader(c.header) : c.header, lang), width: c.width ?? 18 })),
  };
}

async function* arrayRows<T>(rows: readonly T[]): AsyncGenerator<T> {
  yield* rows;
}

interface SheetTarget {
  add(rows: Cell[][]): Promise<void>;
  end(): Promise<void>;
  abort(): void;
}

/** The sheet written in a worker thread (sheet-worker.ts), its bytes written to `out` as they come back. */
function threadSheet(out: PassThrough, layout: SheetLayout, thread: SheetThread): SheetTarget {
  const worker = new Worker(thread.file, { workerData: layout, resourceLimits: SHEET_WORKER_LIMITS, execArgv: thread.execArgv });
  let inFlight = 0;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  let finished: (() => void) | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    wake?.();
    finished?.();
  };
  worker.on('message', (message: { chunk?: Uint8Array; ack?: boolean; done?: boolean; error?: string }) => {
    if (message.chunk) {
      if (!out.destroyed) out.write(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength));
    } else if (message.ack) {
      inFlight--;
      wake?.();
    } else if (message.done) finished?.();
    else if (message.error) fail(new Error(message.error));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the export's worker thread stopped (exit code ${code})`)));
  return {
    async add(rows) {
      if (failure) throw failure;
      worker.postMessage({ rows });
      inFlight++;
      while (inFlight >= BATCHES_IN_FLIGHT && !failure) await new Promise<void>((resolve) => (wake = resolve));
      if (failure) throw failure;
    },
    async end() {
      if (failure) throw failure;
      const done = new Promise<void>((resolve) => (finished = resolve));
      worker.postMessage({ end: true });
      await done;
      if (failure) throw failure;
      // Its work is done: the thread's exit is not a failure any more. In the caller's thread exceljs
      // ends the stream it writes to; here the bytes came back in messages, so the end is said here.
      worker.removeAllListeners('exit');
      await worker.terminate();
      if (!out.destroyed) out.end();
    },
    abort() {
      worker.removeAllListeners('exit');
      void worker.terminate();
    },
  };
}

/** The sheet written in the caller's thread (no built worker: tests on the sources). */
function ownThreadSheet(out: PassThrough, layout: SheetLayout): SheetTarget {
  const writer = createSheetWriter(out, layout);
  return { add: (rows) => writer.add(rows), end: () => writer.end(), abort: () => undefined };
}

async function writeSheet<T>(
  out: PassThrough,
  sheet: Sheet<T>,
  lang: Lang,
  first: IteratorResult<T>,
  iterator: AsyncIterator<T>,
  appended: readonly AppendedSheet[],
): Promise<void> {
  const layout: SheetLayout = {
    ...layoutOf(sheet as unknown as AppendedSheet, lang),
    appended: appended.map((more) => ({
      ...layoutOf(more, lang),
      rows: more.rows.map((row) => more.columns.map((c) => c.value(row as never, lang) ?? '')),
    })),
  };
  let target: SheetTarget | null = null;
  try {
    target = sheetThread ? threadSheet(out, layout, sheetThread) : ownThreadSheet(out, layout);
    let batch: Cell[][] = [];
    for (let next = first; !next.done; next = await iterator.next()) {
      batch.push(sheet.columns.map((c) => c.value(next.value, lang) ?? ''));
      if (batch.length === ROWS_PER_BATCH) {
        if (out.destroyed) throw new Error('export abandoned by the client');
        await target.add(batch);
        batch = [];
        // Then while the client is slower than the sheet.
        while (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      }
    }
    if (batch.length) await target.add(batch);
    await target.end();
  } catch (error) {
    target?.abort();
    // Close the cursor (and free its connection) before failing the response.
    await iterator.return?.().catch(() => undefined);
    if (!out.destroyed) {
      logger.error(`export of ${sheet.name.en} failed midway: ${(error as Error).message}`);
      out.destroy(error as Error);
    }
  }
}

/**
 * Rows read from a PostgreSQL cursor (pg-query-stream) on a connection of its own, released when the
 * rows end, fail, or the reader stops early. Only `batchSize` rows are in memory at a time.
 */
export async function* cursorRows<R = Record<string, any>>(db: DataSource, sql: string, params: unknown[] = [], batchSize = 1000): AsyncGenerator<R> {
  const runner = db.createQueryRunner();
  const client = (await runner.connect()) as PoolClient;
  const stream = client.query(new QueryStream(sql, params, { batchSize }));
  try {
    for await (const row of stream) yield row as R;
  } finally {
    if (!stream.destroyed) stream.destroy();
    await runner.release();
  }
}

/**
 * Rows of a list query read page by page (for the small lists whose query is built for pages): no cap,
 * at most one page in memory. Big lists (loans, companies, regulator exports) use cursorRows.
 */
export async function* pagedRows<T>(page: (limit: number, offset: number) => Promise<readonly T[]>, pageSize = EXPORT_MAX_ROWS): AsyncGenerator<T> {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await page(pageSize, offset);
    yield* rows;
    if (rows.length < pageSize) return;
  }
}

export function downloadFile(buffer: Buffer, type: string, name: string): StreamableFile {
  return new StreamableFile(buffer, { type, disposition: contentDisposition(name), length: buffer.length });
}

/** A time as people read it in the company's zone: 2026-11-21 09:30 (headers name the zone: timeHeader). */
export function formatTime(value: string | Date | null | undefined): string {
  return companyDateTime(value);
}

/** A time column's header with the zone its times are in: 创建时间（Asia/Shanghai）. */
export function timeHeader(header: Label): Label {
  const zone = companyTimeZone();
  return { zh: `${header.zh}（${zone}）`, en: `${header.en} (${zone})` };
}

export function formatAmount(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return '';
  return amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
