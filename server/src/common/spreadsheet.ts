import { Logger, StreamableFile } from '@nestjs/common';
import type { Label } from '@app/workflow';
import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import type { DataSource } from 'typeorm';
import { contentDisposition } from './content-disposition';
import { pickLabel, type Lang } from './i18n';
import { companyDateTime, companyTimeZone } from './company-time';

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

/** Rows written between two looks at the response's backlog (and a turn of the event loop for the zip). */
const ROWS_PER_TURN = 500;
/** XML waiting for the compressor beyond which writing pauses. */
const ZIP_BACKLOG_BYTES = 1024 * 1024;

/**
 * A one-sheet export of a list, answered as a download named after the list and the day. The rows are
 * written as they come (exceljs' streaming writer, no shared strings) straight into the response, so
 * memory stays flat whatever the row count. The first row is read before answering: a query that fails
 * at once still gets its JSON error and status. A failure after the headers went out destroys the
 * connection (Nest's StreamableFile does), so the client sees a broken transfer, never a short file
 * that looks complete.
 */
export async function exportSheet<T>(sheet: Sheet<T>, lang: Lang, fileName: Label, now = new Date()): Promise<StreamableFile> {
  const rows = (Array.isArray(sheet.rows) ? arrayRows(sheet.rows as readonly T[]) : sheet.rows) as AsyncIterable<T>;
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  void writeSheet(out, sheet, lang, first, iterator);
  return new StreamableFile(out, { type: XLSX_MIME, disposition: contentDisposition(`${pickLabel(fileName, lang)}-${now.toISOString().slice(0, 10)}.xlsx`) });
}

/** exceljs' zip entry is a readable-stream v2 PassThrough (no writableLength): read its states. */
interface BufferedStream {
  _writableState?: { length: number };
  _readableState?: { length: number };
}
const buffered = (stream: BufferedStream | undefined) => (stream?._writableState?.length ?? 0) + (stream?._readableState?.length ?? 0);

async function* arrayRows<T>(rows: readonly T[]): AsyncGenerator<T> {
  yield* rows;
}

async function writeSheet<T>(out: PassThrough, sheet: Sheet<T>, lang: Lang, first: IteratorResult<T>, iterator: AsyncIterator<T>): Promise<void> {
  try {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    book.creator = 'guarantee back office';
    const ws = book.addWorksheet(pickLabel(sheet.name, lang).slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.columns.map((c, i) => ({ header: pickLabel(c.time ? timeHeader(c.header) : c.header, lang), key: `c${i}`, width: c.width ?? 18 }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    let written = 0;
    for (let next = first; !next.done; next = await iterator.next()) {
      ws.addRow(sheet.columns.map((c) => c.value(next.value, lang) ?? '')).commit();
      if (++written % ROWS_PER_TURN === 0) {
        if (out.destroyed) throw new Error('export abandoned by the client');
        // exceljs hands the sheet's XML to the zip without backpressure: wait while the compressor
        // holds a backlog (the query is faster than deflate), then while the client is slower than the zip.
        const zipInput = (ws as unknown as { stream?: { pipes?: BufferedStream[] } }).stream?.pipes?.[0];
        do await new Promise((resolve) => setImmediate(resolve));
        while (buffered(zipInput) > ZIP_BACKLOG_BYTES && !out.destroyed);
        while (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      }
    }
    ws.commit();
    await book.commit();
  } catch (error) {
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
