import { StreamableFile } from '@nestjs/common';
import type { Label } from '@app/workflow';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import type { PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import type { DataSource } from 'typeorm';
import { contentDisposition } from './content-disposition';
import { pickLabel, type Lang } from './i18n';
import { companyDateTime, companyTimeZone } from './company-time';
import { exportPool, type ExportRun } from './export-pool';
import type { CellRule } from './sheet-cells';
import type { Cell, SheetLayout } from './sheet-writer';

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

/** Rows sent to the export's thread at a time (the cells kind). */
const ROWS_PER_BATCH = 500;

/** The download's headers: the list's name and the day. */
function download(out: PassThrough, lang: Lang, fileName: Label, now: Date): StreamableFile {
  return new StreamableFile(out, { type: XLSX_MIME, disposition: contentDisposition(`${pickLabel(fileName, lang)}-${now.toISOString().slice(0, 10)}.xlsx`) });
}

/** The response's side of an export: a stream the thread's bytes are written to (export-pool.ts). */
const responseStream = () => new PassThrough({ highWaterMark: 256 * 1024 });

/**
 * A one-sheet export of a list, answered as a download named after the list and the day. The rows are
 * read here (in memory, or page by page through a service: pagedRows) and their cells sent to the
 * export's thread (export-pool.ts), which writes the workbook (exceljs' streaming writer, no shared
 * strings) and sends back its bytes for the response, so memory stays flat whatever the row count. A
 * big list read from one query is exported with exportQuery instead: its rows never enter this thread.
 * The first row is read before answering: a query that fails at once still gets its JSON error and
 * status. A failure after the headers went out destroys the connection (Nest's StreamableFile does), so
 * the client sees a broken transfer, never a short file that looks complete.
 */
export async function exportSheet<T>(
  sheet: Sheet<T>,
  lang: Lang,
  fileName: Label,
  now = new Date(),
  appended: readonly AppendedSheet[] = [],
): Promise<StreamableFile> {
  const rows = (Array.isArray(sheet.rows) ? arrayRows(sheet.rows as readonly T[]) : sheet.rows) as AsyncIterable<T>;
  const layout: SheetLayout = {
    ...layoutOf(sheet as unknown as AppendedSheet, lang),
    appended: appended.map((more) => ({
      ...layoutOf(more, lang),
      rows: more.rows.map((row) => more.columns.map((c) => c.value(row as never, lang) ?? '')),
    })),
  };
  const out = responseStream();
  const run = await exportPool.run(out, { layout, lang, zone: companyTimeZone() });
  const iterator = rows[Symbol.asyncIterator]();
  let first: IteratorResult<T>;
  try {
    first = await iterator.next();
  } catch (error) {
    run.abort(error as Error);
    throw error;
  }
  void sendCells(run, sheet, lang, first, iterator);
  return download(out, lang, fileName, now);
}

/** A column of exportQuery: its header, and its cell described as data (sheet-cells.ts). */
export interface QueryColumn {
  header: Label;
  time?: boolean;
  width?: number;
  cell: CellRule;
}

/** A sheet of every row of one query, read and written in the export's thread. */
export interface QuerySheet {
  name: Label;
  columns: readonly QueryColumn[];
  sql: string;
  params: unknown[];
}

/**
 * exportSheet for a list read from one query: the export's thread opens its own connection, reads the
 * query from a cursor and makes each row's cells from the columns' rules; this thread only forwards
 * the bytes to the response. Answered once the first row was read (a query that fails at once gets its
 * JSON error). Permissions and filters are the caller's, checked before (the query holds them).
 */
export async function exportQuery(sheet: QuerySheet, lang: Lang, fileName: Label, now = new Date()): Promise<StreamableFile> {
  const out = responseStream();
  const run = await exportPool.run(out, {
    layout: layoutOf(sheet as unknown as AppendedSheet, lang),
    lang,
    zone: companyTimeZone(),
    query: { databaseUrl: exportPool.databaseUrl, sql: sheet.sql, params: sheet.params, rules: sheet.columns.map((c) => c.cell) },
  });
  await run.ready;
  return download(out, lang, fileName, now);
}

/** A small sheet after the streamed one (its rows in memory), e.g. a report's second table. */
export interface AppendedSheet {
  name: Label;
  /** Columns of any row type (each reads the rows given beside it). */
  columns: SheetColumn<never>[];
  rows: readonly unknown[];
}

/** A sheet's name as Excel allows it (31 characters) and its header row, in the language. */
function layoutOf(sheet: { name: Label; columns: readonly { header: Label; time?: boolean; width?: number }[] }, lang: Lang): SheetLayout {
  return {
    name: pickLabel(sheet.name, lang).slice(0, 31),
    columns: sheet.columns.map((c) => ({ header: pickLabel(c.time ? timeHeader(c.header) : c.header, lang), width: c.width ?? 18 })),
  };
}

async function* arrayRows<T>(rows: readonly T[]): AsyncGenerator<T> {
  yield* rows;
}

/** The cells kind: each row's cells made here, sent to the thread a batch at a time. */
async function sendCells<T>(run: ExportRun, sheet: Sheet<T>, lang: Lang, first: IteratorResult<T>, iterator: AsyncIterator<T>): Promise<void> {
  try {
    let batch: Cell[][] = [];
    for (let next = first; !next.done; next = await iterator.next()) {
      batch.push(sheet.columns.map((c) => c.value(next.value, lang) ?? ''));
      if (batch.length === ROWS_PER_BATCH) {
        await run.add(batch);
        batch = [];
      }
    }
    if (batch.length) await run.add(batch);
    await run.end();
  } catch (error) {
    run.abort(error as Error);
    // Close the cursor (and free its connection).
    await iterator.return?.().catch(() => undefined);
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
