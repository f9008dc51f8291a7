import { randomBytes } from 'node:crypto';
import PizZip from 'pizzip';
import { writeZip } from '../../../test/hostile/zip-bombs';
import { checkZip, listZipEntries, OFFICE_ZIP_LIMITS, ZipRefused, type ZipFault } from './zip-limits';

const zipOf = (files: Record<string, string | Buffer>, compression: 'DEFLATE' | 'STORE' = 'DEFLATE') => {
  const zip = new PizZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content);
  return zip.generate({ type: 'nodebuffer', compression });
};

const faultOf = (fn: () => unknown): ZipFault | null => {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof ZipRefused) return error.fault;
    throw error;
  }
};

const small = { entries: 10, partBytes: 1000, totalBytes: 1500, ratio: 20, ratioFloorBytes: 100 };

describe('zip limits', () => {
  it('lists the entries from the central directory and passes an ordinary zip', () => {
    const bytes = zipOf({ 'word/document.xml': '<w:document>hello</w:document>', '[Content_Types].xml': '<Types/>' });
    expect(listZipEntries(bytes).map((e) => e.name)).toEqual(['word/document.xml', '[Content_Types].xml']);
    expect(checkZip(bytes, small).map((e) => e.size)).toEqual([30, 8]);
  });

  it('refuses each limit by name: entries, a part, the whole, the ratio', () => {
    expect(faultOf(() => checkZip(zipOf(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}`, 'x']))), small))).toBe('entries');
    expect(faultOf(() => checkZip(zipOf({ a: Buffer.from(Array.from({ length: 1001 }, (_, i) => i % 251)) }), small))).toBe('partSize');
    const random = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7919 + seed * 104729) % 251));
    expect(faultOf(() => checkZip(zipOf({ a: random(900, 1), b: random(900, 2) }, 'STORE'), small))).toBe('totalSize');
    expect(faultOf(() => checkZip(zipOf({ a: 'a'.repeat(900) }), small))).toBe('ratio');
  });

  it('stops a 200 MB bomb at its budget, quickly and without allocating it', () => {
    // written with zlib (test/hostile/zip-bombs.ts): pako would take seconds over 200 MB
    const bomb = writeZip([{ name: 'word/document.xml', content: Buffer.alloc(200 * 1024 * 1024, 0x61) }]);
    expect(bomb.length).toBeLessThan(300 * 1024);
    const began = Date.now();
    const rss = process.memoryUsage().rss;
    // ~1000:1, its ratio's budget (200 x ~200 KB) larger than a part's: the part's limit stops it
    expect(faultOf(() => checkZip(bomb))).toBe('partSize');
    expect(Date.now() - began).toBeLessThan(1000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(OFFICE_ZIP_LIMITS.partBytes * 2);
  });

  it('passes a document carrying a picture as large as the largest upload (18 MB, incompressible)', () => {
    const picture = randomBytes(18 * 1024 * 1024);
    const bytes = zipOf({ 'word/document.xml': '<w:document/>', 'word/media/scan.jpg': picture });
    expect(checkZip(bytes).map((e) => e.size)).toEqual([13, picture.length]);
  });

  it('refuses what is not a zip, a truncated one, and a part whose size the directory misstates', () => {
    expect(faultOf(() => checkZip(Buffer.from('PK\x03\x04 not really')))).toBe('corrupt');
    const bytes = zipOf({ a: 'hello world' });
    expect(faultOf(() => checkZip(bytes.subarray(0, bytes.length - 30)))).toBe('corrupt');
    const lying = Buffer.from(bytes);
    const central = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(5, central + 24); // the central directory says 5 bytes, the part inflates to 11
    expect(faultOf(() => checkZip(lying))).toBe('corrupt');
  });
});
