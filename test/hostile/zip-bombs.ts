import { crc32, deflateRawSync } from 'node:zlib';
import PizZip from 'pizzip';

/**
 * Zips built at run time for the decompression-bomb tests: a real .docx or .xlsx
 * (its parts read with PizZip) written again by hand, with a bomb part or thousands of extra entries.
 * Written here rather than by PizZip so that 100 MB of repeated bytes deflates in a fraction of a
 * second (zlib) and 20,000 entries take no time.
 */
export interface ZipPart {
  name: string;
  content: Buffer;
}

/** A zip of the parts, each deflated (sizes and CRC as any zip tool writes them). */
export function writeZip(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const data = deflateRawSync(part.content, { level: 9 });
    const crc = crc32(part.content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(part.content.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(part.content.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts of a zip (a .docx or .xlsx made by PizZip or Word). */
export function partsOf(zip: Buffer): ZipPart[] {
  const read = new PizZip(zip);
  return Object.values(read.files)
    .filter((f) => !f.dir)
    .map((f) => ({ name: f.name, content: Buffer.from(f.asUint8Array()) }));
}

/** The document with one part replaced (or added): `word/document.xml` of `megabytes` MB of one repeated byte. */
export function withBombPart(zip: Buffer, part: string, megabytes: number): Buffer {
  const bomb = Buffer.alloc(megabytes * 1024 * 1024, 0x61);
  return writeZip([...partsOf(zip).filter((p) => p.name !== part), { name: part, content: bomb }]);
}

/** The document with `count` more entries (tiny parts under `extra/`). */
export function withManyEntries(zip: Buffer, count: number): Buffer {
  const extra = Array.from({ length: count }, (_, i) => ({ name: `extra/${i}.xml`, content: Buffer.from(`<x>${i}</x>`) }));
  return writeZip([...partsOf(zip), ...extra]);
}
