import { StreamableFile } from '@nestjs/common';
import type { Label } from '@app/workflow';
import ExcelJS from 'exceljs';
import { contentDisposition } from './content-disposition';
import { pickLabel, type Lang } from './i18n';
import { companyDateTime, companyTimeZone } from './company-time';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Largest number of rows an export writes (a filter narrows it). */
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
  rows: readonly T[];
}

/** Adds one sheet: a bold header row in the request's language, then one line per row. */
export function addSheet<T>(book: ExcelJS.Workbook, sheet: Sheet<T>, lang: Lang): ExcelJS.Worksheet {
  const ws = book.addWorksheet(pickLabel(sheet.name, lang).slice(0, 31));
  ws.columns = sheet.columns.map((c, i) => ({ header: pickLabel(c.time ? timeHeader(c.header) : c.header, lang), key: `c${i}`, width: c.width ?? 18 }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of sheet.rows) ws.addRow(sheet.columns.map((c) => c.value(row, lang) ?? ''));
  return ws;
}

export async function workbookBuffer(build: (book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'guarantee back office';
  build(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A one-sheet export of a list, answered as a download named after the list and the day. */
export async function exportSheet<T>(sheet: Sheet<T>, lang: Lang, fileName: Label, now = new Date()): Promise<StreamableFile> {
  const buffer = await workbookBuffer((book) => addSheet(book, sheet, lang));
  return downloadFile(buffer, XLSX_MIME, `${pickLabel(fileName, lang)}-${now.toISOString().slice(0, 10)}.xlsx`);
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
