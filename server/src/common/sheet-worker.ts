/**
 * The worker thread of a streamed export (spreadsheet.ts): it builds the workbook from the rows the
 * request's thread sends (cell values, a batch at a time) and sends back the file's bytes. exceljs
 * allocates several objects and buffers per cell; in a thread of its own with a small heap, that garbage
 * is collected within the thread's limits instead of growing the API's heap by a hundred megabytes or
 * more over a million rows (test/bench/PROFILES.md).
 *
 * Messages in: { rows: Cell[][] } (answered { ack: true } once written), { end: true } (answered
 * { done: true } after the last bytes). Out besides: { chunk: Uint8Array } (the file's bytes, in order),
 * { error: string }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Writable } from 'node:stream';
import { createSheetWriter, type Cell, type SheetLayout } from './sheet-writer';

const port = parentPort!;
const out = new Writable({
  write(chunk: Buffer, _encoding, done) {
    // A copy the thread can give away: exceljs' chunks may share a pooled buffer.
    const bytes = new Uint8Array(chunk);
    port.postMessage({ chunk: bytes }, [bytes.buffer]);
    done();
  },
});
const sheet = createSheetWriter(out, workerData as SheetLayout);

// Messages are handled one at a time, in order: a batch is written before the next one is read.
let queue = Promise.resolve();
port.on('message', (message: { rows?: Cell[][]; end?: boolean }) => {
  queue = queue
    .then(async () => {
      if (message.rows) {
        await sheet.add(message.rows);
        port.postMessage({ ack: true });
      }
      if (message.end) {
        await sheet.end();
        port.postMessage({ done: true });
      }
    })
    .catch((error: unknown) => port.postMessage({ error: error instanceof Error ? error.message : String(error) }));
});
