import ExcelJS from 'exceljs';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { exportSheet, pagedRows, useSheetThread, type Sheet } from './spreadsheet';

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

/** The worker thread from its TypeScript source (the built server runs the compiled sheet-worker.js). */
const SOURCE_WORKER = { file: path.join(__dirname, 'sheet-worker.ts'), execArgv: ['--require', 'tsx/cjs'] };

describe.each([
  ['in a worker thread', SOURCE_WORKER],
  ["in the request's thread", null],
])('streamed exports, the sheet written %s', (_where, thread) => {
  beforeAll(() => useSheetThread(thread));
  afterAll(() => useSheetThread(null));

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

describe('the worker thread of an export', () => {
  afterAll(() => useSheetThread(null));

  it('fails the stream when the thread cannot run (never a short file that looks complete)', async () => {
    useSheetThread({ file: path.join(__dirname, 'no-such-sheet-worker.js') });
    const file = await exportSheet({ name: { zh: '测试', en: 'Test' }, columns, rows: [1, 2, 3] }, 'zh-CN', { zh: '测试', en: 'test' });
    await expect(collect(file.getStream())).rejects.toThrow();
  });
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
