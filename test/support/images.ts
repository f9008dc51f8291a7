import sharp from 'sharp';

/** Small real pictures for the tests of the storage (made here, not shipped). */
export function png(width = 4, height = 4, background = '#c0392b'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

export function jpeg(width = 8, height = 8, background = '#2980b9'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** An icon holding one 2 x 2 bitmap of `bits` (24 or 32) bits, with its transparency mask. */
export function bitmapIcon(bits: 24 | 32): Buffer {
  const width = 2;
  const height = 2;
  const stride = Math.ceil((width * bits) / 32) * 4;
  const maskStride = 4;
  const dib = Buffer.alloc(40 + stride * height + maskStride * height);
  dib.writeUInt32LE(40, 0);
  dib.writeInt32LE(width, 4);
  dib.writeInt32LE(height * 2, 8);
  dib.writeUInt16LE(1, 12);
  dib.writeUInt16LE(bits, 14);
  // bottom row first: blue, green; top row: red, white (BGR order)
  const colours = [
    [255, 0, 0],
    [0, 255, 0],
    [0, 0, 255],
    [255, 255, 255],
  ];
  colours.forEach(([b, g, r], i) => {
    const at = 40 + Math.floor(i / 2) * stride + (i % 2) * (bits / 8);
    dib[at] = b;
    dib[at + 1] = g;
    dib[at + 2] = r;
    if (bits === 32) dib[at + 3] = 255;
  });
  const header = Buffer.alloc(22);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(width, 6);
  header.writeUInt8(height, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(bits, 12);
  header.writeUInt32LE(dib.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, dib]);
}

/** A picture with an HTML page appended after its end: what a polyglot upload looks like. */
export const TRAILING_HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
