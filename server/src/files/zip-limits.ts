import { inflateRawSync } from 'node:zlib';

/**
 * Limits of the zips we read (.docx templates, Office documents among uploads), checked before any
 * zip library sees the bytes: a 100 KB .docx whose document.xml inflated to 100 MB took 3 s
 * on the event loop, 1.5 MB -> 1.5 GB took 51 s and 4.4 GB of memory, and a zip of 20,000 entries 5 s.
 * The central directory is read by hand (no inflation); each part is then inflated with zlib's
 * maxOutputLength, which stops inflating as soon as the part's budget is spent, so a bomb costs at
 * most its budget, never its declared or real size.
 */
export interface ZipLimits {
  /** Entries in the central directory; a contract .docx has about 15-30. */
  entries: number;
  /** Inflated bytes of any one part. */
  partBytes: number;
  /** Inflated bytes of all parts together. */
  totalBytes: number;
  /** Inflated / compressed size of a part, checked once a part is larger than ratioFloorBytes. */
  ratio: number;
  ratioFloorBytes: number;
}

/** Word XML of a long contract compresses about 10:1; a table of repeated rows perhaps 50:1. */
export const OFFICE_ZIP_LIMITS: ZipLimits = {
  entries: 1000,
  // above the largest upload (attachments 20 MB): a picture stored in a document inflates to about its own size
  partBytes: 24 * 1024 * 1024,
  totalBytes: 64 * 1024 * 1024,
  ratio: 200,
  ratioFloorBytes: 1024 * 1024,
};

export type ZipFault = 'corrupt' | 'entries' | 'partSize' | 'totalSize' | 'ratio';

/** A zip refused by its structure or its limits (zipRefusal in office-thread.ts words it for the user). */
export class ZipRefused extends Error {
  constructor(readonly fault: ZipFault) {
    super(`zip refused: ${fault}`);
  }
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused when inflated. */
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The end-of-central-directory record: within the last 22 + 65,535 bytes (its comment). */
function findEnd(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === EOCD) return at;
  }
  throw new ZipRefused('corrupt');
}

/**
 * The entries of a zip from its central directory alone (nothing inflated): more than `maxEntries`
 * is refused as soon as the count passes it. ZIP64 (sizes or counts beyond 32/16 bits) is refused: an
 * Office document within our size limits never needs it.
 */
export function listZipEntries(bytes: Buffer, maxEntries: number = OFFICE_ZIP_LIMITS.entries): ZipEntry[] {
  if (bytes.length < 22) throw new ZipRefused('corrupt');
  const end = findEnd(bytes);
  const declared = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  if (declared === 0xffff || offset === 0xffffffff) throw new ZipRefused('corrupt');
  if (declared > maxEntries) throw new ZipRefused('entries');
  if (offset + size > end) throw new ZipRefused('corrupt');
  const entries: ZipEntry[] = [];
  let at = offset;
  while (at < offset + size) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw new ZipRefused('corrupt');
    if (entries.length >= maxEntries) throw new ZipRefused('entries');
    const nameLength = bytes.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (entry.compressedSize === 0xffffffff || entry.size === 0xffffffff || entry.localOffset === 0xffffffff) throw new ZipRefused('corrupt');
    entries.push(entry);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** The compressed bytes of an entry, located through its local header. */
function dataOf(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw new ZipRefused('corrupt');
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length) throw new ZipRefused('corrupt');
  return bytes.subarray(start, start + entry.compressedSize);
}

/**
 * Inflates every part within the limits, and throws ZipRefused at the first one that passes any:
 * entries, a part's inflated size, the whole's, the ratio. Each part's inflation stops at the
 * smallest budget that applies to it, so no more than that is ever allocated. Answers the entries.
 */
export function checkZip(bytes: Buffer, limits: ZipLimits = OFFICE_ZIP_LIMITS): ZipEntry[] {
  const entries = listZipEntries(bytes, limits.entries);
  let total = 0;
  for (const entry of entries) {
    // bit 0: encrypted; we cannot look inside, and Office documents of ours never are
    if (entry.flags & 1) throw new ZipRefused('corrupt');
    const data = dataOf(bytes, entry);
    const budgets: [number, ZipFault][] = [
      [limits.partBytes, 'partSize'],
      [limits.totalBytes - total, 'totalSize'],
      [Math.max(limits.ratioFloorBytes, data.length * limits.ratio), 'ratio'],
    ];
    const [budget, fault] = budgets.reduce((a, b) => (b[0] < a[0] ? b : a));
    let inflated: number;
    if (entry.method === 0) inflated = data.length;
    else if (entry.method === 8) {
      try {
        inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipRefused(fault);
        throw new ZipRefused('corrupt');
      }
    } else throw new ZipRefused('corrupt');
    if (inflated > budget) throw new ZipRefused(fault);
    // a part whose real size differs from what the directory says is not one a zip library would read the same way
    if (inflated !== entry.size) throw new ZipRefused('corrupt');
    total += inflated;
  }
  return entries;
}
