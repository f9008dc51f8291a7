import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';

/** A cell as a sheet holds it: what a column's value function answers, blank for none. */
export type Cell = string | number | Date;

export interface SheetLayout {
  /** The worksheet's name (at most 31 characters, as Excel allows). */
  name: string;
  columns: { header: string; width: number }[];
  /** Small sheets written after the streamed one, their rows known from the start (a report's second table). */
  appended?: { name: string; columns: { header: string; width: number }[]; rows: Cell[][] }[];
}

/** XML waiting for the compressor beyond which writing pauses. */
const ZIP_BACKLOG_BYTES = 1024 * 1024;

/** exceljs' zip entry is a readable-stream v2 PassThrough (no writableLength): read its states. */
interface BufferedStream {
  _writableState?: { length: number };
  _readableState?: { length: number };
}
const buffered = (stream: BufferedStream | undefined) => (stream?._writableState?.length ?? 0) + (stream?._readableState?.length ?? 0);

/**
 * One streamed worksheet (exceljs' streaming writer, no shared strings) into `out`: a bold, frozen
 * header row, then rows as they are added, each committed at once. Used in the export's worker thread
 * (sheet-worker.ts) and, where that is not built (tests on the sources), in the request's own thread.
 */
export function createSheetWriter(out: Writable, layout: SheetLayout) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = 'guarantee back office';
  const addSheet = (name: string, columns: SheetLayout['columns']) => {
    const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    return sheet;
  };
  const ws = addSheet(layout.name, layout.columns);
  return {
    /**
     * Adds rows, then waits a turn of the event loop and, while the compressor holds a backlog
     * (exceljs hands it the XML without backpressure, and the rows come faster than deflate), more.
     */
    async add(rows: readonly Cell[][]): Promise<void> {
      for (const cells of rows) ws.addRow(cells).commit();
      const zipInput = (ws as unknown as { stream?: { pipes?: BufferedStream[] } }).stream?.pipes?.[0];
      do await new Promise((resolve) => setImmediate(resolve));
      while (buffered(zipInput) > ZIP_BACKLOG_BYTES && !out.destroyed);
    },
    async end(): Promise<void> {
      ws.commit();
      for (const more of layout.appended ?? []) {
        const sheet = addSheet(more.name, more.columns);
        for (const cells of more.rows) sheet.addRow(cells).commit();
        sheet.commit();
      }
      await book.commit();
    },
  };
}
