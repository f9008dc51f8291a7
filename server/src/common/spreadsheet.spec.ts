import ExcelJS from 'exceljs';
import type { Readable } from 'node:stream';
import { AppError } from './errors';
import { exportPool } from './export-pool';
import { exportSheet, pagedRows, type Sheet } from './spreadsheet';

const columns: Sheet<number>['columns'] = [
  { header: { zh: '序号', en: 'No.' }, value: (n) => n },
  { header: { zh: '名称', en: 'Name' }, value: (n, lang) => (lang === 'en' ? `row ${n}` : `第${n}行`) },
];

function collect(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

async function* failingAfter(count: number) {
  for (let n = 1; n <= count; n++) yield n;
  throw new Error('connection lost');
}

// The export thread runs from its TypeScript source here (export-pool.ts), started once for the file.
beforeAll(() => exportPool.configure({ workers: 1, queue: 4, databaseUrl: '' }));

describe('streamed exports, the sheet written in the export thread', () => {
  it('writes every row of an in-memory list past the old 10,000 cap, read back with exceljs', async () => {
    const rows = Array.from({ length: 25_000 }, (_, i) => i + 1);
    const file = await exportSheet({ name: { zh: '测试', en: 'Test' }, columns, rows }, 'en', { zh: '测试', en: 'test' }, new Date('2026-11-24T00:00:00Z'));
    expect(file.getHeaders().disposition).toContain('test-2026-11-24.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await collect(file.getStream())) as never);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Test');
    expect(sheet.getRow(1).values).toEqual([undefined, 'No.', 'Name']);
    expect(sheet.rowCount).toBe(25_001);
    expect(sheet.getRow(25_001).values).toEqual([undefined, 25_000, 'row 25000']);
    // Writing and reading back 25,000 rows takes 2-3 s alone and past jest's 5 s on a shared, loaded machine.
  }, 30_000);

  it('writes the small sheets given after the streamed one, each with its own header, in the language', async () => {
    const extra = {
      name: { zh: '附表', en: 'Appendix' },
      columns: [{ header: { zh: '日期', en: 'Day' }, value: (d: string) => d }],
      rows: ['2026-01-02', '2026-03-04'],
    };
    const file = await exportSheet({ name: { zh: '测试', en: 'Test' }, columns, rows: [1, 2, 3] }, 'zh-CN', { zh: '测试', en: 'test' }, new Date(), [extra]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await collect(file.getStream())) as never);
    expect(book.worksheets.map((ws) => ws.name)).toEqual(['测试', '附表']);
    expect(book.worksheets[0].rowCount).toBe(4);
    const appendix = book.worksheets[1];
    expect([1, 2, 3].map((n) => appendix.getRow(n).values)).toEqual([
      [undefined, '日期'],
      [undefined, '2026-01-02'],
      [undefined, '2026-03-04'],
    ]);
  });

  it('fails the stream (never ends it as if complete) when the rows fail midway', async () => {
    const file = await exportSheet({ name: { zh: '测试', en: 'Test' }, columns, rows: failingAfter(5_000) }, 'zh-CN', { zh: '测试', en: 'test' });
    await expect(collect(file.getStream())).rejects.toThrow('connection lost');
  });

  it('rejects before answering when the first row already fails (the caller gets its error status)', async () => {
    await expect(exportSheet({ name: { zh: '测试', en: 'Test' }, columns, rows: failingAfter(0) }, 'zh-CN', { zh: '测试', en: 'test' })).rejects.toThrow(
      'connection lost',
    );
  });

  it('writes times and empty cells as the columns give them', async () => {
    const at = new Date('2026-11-24T08:00:00Z');
    const sheet: Sheet<{ n: number; at: Date | null; note?: string }> = {
      name: { zh: '时间', en: 'Times' },
      columns: [
        { header: { zh: '序号', en: 'No.' }, value: (r) => r.n },
        { header: { zh: '时间', en: 'At' }, value: (r) => r.at },
        { header: { zh: '备注', en: 'Note' }, value: (r) => r.note },
      ],
      rows: [
        { n: 1, at, note: '备注' },
        { n: 2, at: null },
      ],
    };
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await collect((await exportSheet(sheet, 'zh-CN', { zh: '时间', en: 'times' })).getStream())) as never);
    const ws = book.worksheets[0];
    expect(ws.name).toBe('时间');
    expect(ws.getRow(2).values).toEqual([undefined, 1, at, '备注']);
    expect(ws.getRow(3).getCell(1).value).toBe(2);
    expect([null, '']).toContain(ws.getRow(3).getCell(2).value);
  });
});

/** Rows that wait for `gate` after the first one (an export that holds its thread until told). */
async function* heldAfterFirst(gate: Promise<void>) {
  yield 1;
  await gate;
  for (let n = 2; n <= 1_000; n++) yield n;
}

const exportOf = (rows: Sheet<number>['rows']) => exportSheet({ name: { zh: '测试', en: 'Test' }, columns, rows }, 'en', { zh: '测试', en: 'test' });
const rowCount = async (file: Awaited<ReturnType<typeof exportSheet>>) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await collect(file.getStream())) as never);
  return book.worksheets[0].rowCount;
};

describe('the warm export thread', () => {
  afterEach(() => exportPool.configure({ workers: 1, queue: 4, databaseUrl: '' }));

  it('serves exports one after the other on the same thread, started once', async () => {
    await rowCount(await exportOf([1, 2, 3]));
    const started = exportPool.started;
    const before = exportPool.threadIds.length;
    expect(await rowCount(await exportOf([1, 2, 3]))).toBe(4);
    expect(await rowCount(await exportOf([4, 5]))).toBe(3);
    const [a, b] = exportPool.threadIds.slice(before);
    expect(a).toBe(b);
    expect(exportPool.started).toBe(started);
  }, 60_000);

  it('starts a thread again after it stopped, for the next export', async () => {
    await rowCount(await exportOf([1]));
    const started = exportPool.started;
    await exportPool.stopIdle();
    expect(await rowCount(await exportOf([1, 2]))).toBe(3);
    expect(exportPool.started).toBe(started + 1);
  }, 60_000);

  it('frees the thread when a download is abandoned midway: the next export is served by it', async () => {
    const abandoned = await exportOf(Array.from({ length: 200_000 }, (_, i) => i));
    const stream = abandoned.getStream();
    await new Promise((resolve) => stream.once('data', resolve));
    const thread = exportPool.threadIds[exportPool.threadIds.length - 1];
    stream.destroy();
    expect(await rowCount(await exportOf([1, 2, 3]))).toBe(4);
    expect(exportPool.threadIds[exportPool.threadIds.length - 1]).toBe(thread);
    expect(exportPool.stats()).toEqual({ running: 0, waiting: 0 });
  }, 60_000);

  it('queues exports while the thread is busy, and refuses past the queue with exportBusy (429)', async () => {
    exportPool.configure({ workers: 1, queue: 1, databaseUrl: '' });
    let open!: () => void;
    const held = await exportOf(heldAfterFirst(new Promise<void>((resolve) => (open = resolve))));
    const queued = exportOf([1, 2]);
    expect(exportPool.stats()).toEqual({ running: 1, waiting: 1 });
    const refused = await exportOf([1]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, messageKey: 'exportBusy' });
    open();
    expect(await rowCount(held)).toBe(1_001);
    expect(await rowCount(await queued)).toBe(3);
  }, 60_000);
});

describe('paged rows', () => {
  it('reads a list page by page until a short page', async () => {
    const asked: number[] = [];
    const all: number[] = [];
    for await (const n of pagedRows(async (limit, offset) => {
      asked.push(offset);
      return Array.from({ length: Math.max(0, Math.min(limit, 25 - offset)) }, (_, i) => offset + i);
    }, 10))
      all.push(n);
    expect(asked).toEqual([0, 10, 20]);
    expect(all).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });
});
