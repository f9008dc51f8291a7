import sharp from 'sharp';

/** Pictures larger than this (width x height) are refused rather than decoded: a scan at 600 dpi of A3 is about 70 million. */
const MAX_PIXELS = 100_000_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The picture could not be decoded: the bytes only look like one. */
export class ImageUnreadable extends Error {}

/**
 * Decodes a picture and encodes it again, so that what is kept and served is only the picture: no
 * bytes appended after its end (an HTML page after IEND), no metadata (EXIF with the place it was
 * taken), no chunks a browser might interpret. JPEG is turned upright by its EXIF orientation first,
 * since that tag goes with the metadata.
 */
export async function reencodeImage(type: 'png' | 'jpg' | 'ico', bytes: Buffer): Promise<Buffer> {
  try {
    if (type === 'ico') return await reencodeIcon(bytes);
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS });
    return type === 'png' ? await image.png().toBuffer() : await image.rotate().jpeg({ quality: 90 }).toBuffer();
  } catch (error) {
    throw error instanceof ImageUnreadable ? error : new ImageUnreadable(String(error));
  }
}

/**
 * An icon is kept as an icon holding one PNG (valid since Windows Vista and in every browser): its
 * largest picture, decoded whether it was stored as PNG or as a bitmap (1, 4, 8, 24 or 32 bits).
 */
async function reencodeIcon(bytes: Buffer): Promise<Buffer> {
  const entry = largestIconEntry(bytes);
  const data = bytes.subarray(entry.offset, entry.offset + entry.size);
  if (data.length !== entry.size) throw new ImageUnreadable('icon entry outside the file');
  const png = data.subarray(0, 8).equals(PNG_SIGNATURE)
    ? await sharp(data, { failOn: 'error', limitInputPixels: 1024 * 1024 })
        .png()
        .toBuffer()
    : await bitmapToPng(data);
  const { width, height } = await sharp(png).metadata();
  if (!width || !height || width > 256 || height > 256) throw new ImageUnreadable('icons are at most 256 x 256');
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one picture
  header.writeUInt8(width === 256 ? 0 : width, 6);
  header.writeUInt8(height === 256 ? 0 : height, 7);
  header.writeUInt16LE(1, 10); // planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

function largestIconEntry(bytes: Buffer): { offset: number; size: number } {
  if (bytes.length < 6 || bytes.readUInt16LE(0) !== 0 || bytes.readUInt16LE(2) !== 1) throw new ImageUnreadable('not an icon');
  const count = bytes.readUInt16LE(4);
  if (count === 0 || bytes.length < 6 + 16 * count) throw new ImageUnreadable('icon directory truncated');
  let best: { offset: number; size: number; area: number } | null = null;
  for (let i = 0; i < count; i++) {
    const at = 6 + 16 * i;
    const area = (bytes[at] || 256) * (bytes[at + 1] || 256) * 64 + bytes.readUInt16LE(at + 6);
    const entry = { size: bytes.readUInt32LE(at + 8), offset: bytes.readUInt32LE(at + 12), area };
    if (!best || entry.area > best.area) best = entry;
  }
  return best!;
}

/** A Windows bitmap as icons hold it (BITMAPINFOHEADER, height doubled for the transparency mask) to PNG. */
async function bitmapToPng(dib: Buffer): Promise<Buffer> {
  if (dib.length < 40 || dib.readUInt32LE(0) < 40) throw new ImageUnreadable('bitmap header');
  const headerSize = dib.readUInt32LE(0);
  const width = dib.readInt32LE(4);
  const height = dib.readInt32LE(8) / 2;
  const bits = dib.readUInt16LE(14);
  const compression = dib.readUInt32LE(16);
  if (width <= 0 || width > 256 || height <= 0 || height > 256 || !Number.isInteger(height)) throw new ImageUnreadable('bitmap size');
  if (compression !== 0 || ![1, 4, 8, 24, 32].includes(bits)) throw new ImageUnreadable(`bitmap of ${bits} bits, compression ${compression}`);
  const colours = bits <= 8 ? dib.readUInt32LE(32) || 1 << bits : 0;
  const palette = headerSize;
  const pixels = palette + colours * 4;
  const stride = Math.ceil((width * bits) / 32) * 4;
  const maskStride = Math.ceil(width / 32) * 4;
  const mask = pixels + stride * height;
  if (dib.length < mask + (bits === 32 ? 0 : maskStride * height)) throw new ImageUnreadable('bitmap truncated');
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const row = pixels + (height - 1 - y) * stride; // rows are stored bottom-up
    for (let x = 0; x < width; x++) {
      const out = (y * width + x) * 4;
      let b: number, g: number, r: number;
      let a = 255;
      if (bits >= 24) {
        const at = row + x * (bits / 8);
        [b, g, r] = [dib[at], dib[at + 1], dib[at + 2]];
        if (bits === 32) a = dib[at + 3];
      } else {
        const bit = x * bits;
        const index = (dib[row + (bit >> 3)] >> (8 - bits - (bit & 7))) & ((1 << bits) - 1);
        if (index >= colours) throw new ImageUnreadable('bitmap colour index');
        const at = palette + index * 4;
        [b, g, r] = [dib[at], dib[at + 1], dib[at + 2]];
      }
      if (bits !== 32) {
        const maskRow = mask + (height - 1 - y) * maskStride;
        if ((dib[maskRow + (x >> 3)] >> (7 - (x & 7))) & 1) a = 0;
      }
      rgba[out] = r;
      rgba[out + 1] = g;
      rgba[out + 2] = b;
      rgba[out + 3] = a;
    }
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}
