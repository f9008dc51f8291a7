import ExcelJS from 'exceljs';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { bootTestApp, TestApp, tokenOf } from './support/app';

/**
 * Compressed answers: JSON and the web's files come back brotli- or gzip-encoded when the
 * client asks for it and plain when it does not; downloads are never encoded. Raw HTTP on purpose:
 * supertest would decode the body and hide what was on the wire.
 */

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent. */
  wire: Buffer;
}

/** The bytes decoded the way the answer's Content-Encoding says. */
function decoded(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.wire);
  if (encoding === 'gzip') return zlib.gunzipSync(answer.wire);
  if (encoding === undefined) return answer.wire;
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}

describe('compression of answers and web files', () => {
  let t: TestApp;
  let server: http.Server;
  let port: number;
  let web: string;
  let admin: string;
  // A script big enough to be worth compressing, with the twins the web build writes beside it.
  const script = Buffer.from(Array.from({ length: 800 }, (_, i) => `export const value${i} = ${i} * 2; // line ${i}\n`).join(''));
  const style = Buffer.from(Array.from({ length: 300 }, (_, i) => `.row-${i} { margin: ${i}px; color: #333; }\n`).join(''));

  function get(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      // No Accept-Encoding unless the test names one: node sends none by default.
      const req = http.get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, wire: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  }

  beforeAll(async () => {
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(
      path.join(web, 'index.html'),
      `<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body>${'<p>页</p>'.repeat(300)}</body></html>`,
    );
    fs.writeFileSync(path.join(web, 'assets', 'app.js'), script);
    fs.writeFileSync(path.join(web, 'assets', 'app.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(web, 'assets', 'app.js.gz'), zlib.gzipSync(script));
    // A style sheet without twins: compressed when it is sent.
    fs.writeFileSync(path.join(web, 'assets', 'app.css'), style);
    t = await bootTestApp({ webDist: web });
    admin = await tokenOf(t, 'admin');
    server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('compresses a JSON answer with brotli or gzip as asked, and not when not asked', async () => {
    const url = '/server/loans?pageSize=20';
    const auth = { 'X-Platform-Token': admin };
    const plain = await get(url, auth);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const body = JSON.parse(plain.wire.toString('utf8'));
    expect(body.code).toBe('A00000');
    expect(body.data.list.length).toBeGreaterThan(0);
    expect(plain.wire.length).toBeGreaterThan(1024);

    const br = await get(url, { ...auth, 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.wire.length).toBeLessThan(plain.wire.length / 3);
    expect(JSON.parse(decoded(br).toString('utf8'))).toEqual(body);

    const gzip = await get(url, { ...auth, 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip).toString('utf8'))).toEqual(body);

    const identity = await get(url, { ...auth, 'Accept-Encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.wire.toString('utf8'))).toEqual(body);
  });

  it('sends a built asset from its precompressed twin, and the plain file to a client that asks for none', async () => {
    const br = await get('/assets/app.js', { 'Accept-Encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.wire.equals(fs.readFileSync(path.join(web, 'assets', 'app.js.br')))).toBe(true);
    expect(decoded(br).equals(script)).toBe(true);

    // brotli refused (q=0): the gzip twin.
    const gzip = await get('/assets/app.js', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip).equals(script)).toBe(true);

    const plain = await get('/assets/app.js');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/javascript/);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.wire.equals(script)).toBe(true);

    // A file without twins, and the page itself: compressed as they are sent.
    const css = await get('/assets/app.css', { 'Accept-Encoding': 'gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(decoded(css).equals(style)).toBe(true);
    const page = await get('/company/loanList', { 'Accept-Encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(decoded(page).toString('utf8')).toContain('/assets/app.js');
  });

  it('sends an Excel download unencoded and intact even to a client that accepts compression', async () => {
    const answer = await get('/server/companies/export', { 'X-Platform-Token': admin, 'Accept-Encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/spreadsheetml/);
    expect(answer.headers['content-disposition']).toMatch(/^attachment;/);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.wire.subarray(0, 2).toString('latin1')).toBe('PK');
    if (answer.headers['content-length']) expect(Number(answer.headers['content-length'])).toBe(answer.wire.length);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(answer.wire as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBeGreaterThan(1);
    // Every company the list shows is a row of the sheet.
    const listed = JSON.parse((await get('/server/companies?pageSize=1', { 'X-Platform-Token': admin })).wire.toString('utf8'));
    expect(sheet.rowCount - 1).toBe(listed.data.total);
  });
});
