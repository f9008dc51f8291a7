import sharp from 'sharp';
import { ImageUnreadable, reencodeImage } from './image-reencode';
import { bitmapIcon, jpeg, png, TRAILING_HTML } from '../../../test/support/images';

const IEND = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

describe('reencodeImage: only the picture is kept', () => {
  it('drops what was appended after a PNG and keeps its pixels', async () => {
    const clean = await png(3, 2);
    const polyglot = Buffer.concat([clean, TRAILING_HTML]);
    const out = await reencodeImage('png', polyglot);
    expect(out.equals(polyglot)).toBe(false);
    expect(out.includes(Buffer.from('<script>'))).toBe(false);
    expect(out.subarray(-IEND.length).equals(IEND)).toBe(true); // nothing after the end chunk
    const before = await sharp(clean).raw().toBuffer();
    expect((await sharp(out).raw().toBuffer()).equals(before)).toBe(true);
  });

  it('drops what was appended after a JPEG and its metadata', async () => {
    const withExif = await sharp(await jpeg())
      .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
      .jpeg()
      .toBuffer();
    const out = await reencodeImage('jpg', Buffer.concat([withExif, TRAILING_HTML]));
    expect(out.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    expect(out.includes(Buffer.from('<script>'))).toBe(false);
    expect(out.includes(Buffer.from('secret place'))).toBe(false);
    expect((await sharp(out).metadata()).format).toBe('jpeg');
  });

  it('refuses bytes that only start like a picture', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    await expect(reencodeImage('png', fake)).rejects.toBeInstanceOf(ImageUnreadable);
    await expect(reencodeImage('jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))).rejects.toBeInstanceOf(ImageUnreadable);
    await expect(reencodeImage('ico', Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0]), Buffer.alloc(64, 2)]))).rejects.toBeInstanceOf(ImageUnreadable);
  });

  it.each([24, 32] as const)('keeps an icon of %i-bit bitmaps as an icon holding one PNG, pixels intact', async (bits) => {
    const out = await reencodeImage('ico', Buffer.concat([bitmapIcon(bits), TRAILING_HTML]));
    expect([...out.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    expect(out.readUInt32LE(18)).toBe(22);
    expect(out.length).toBe(22 + out.readUInt32LE(14)); // nothing after the one picture
    const { data, info } = await sharp(out.subarray(22)).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([2, 2, 4]);
    // top row red, white; bottom row blue, green; all opaque
    expect([...data]).toEqual([255, 0, 0, 255, 255, 255, 255, 255, 0, 0, 255, 255, 0, 255, 0, 255]);
  });

  it('keeps an icon holding a PNG, re-encoded', async () => {
    const inner = await png(16, 16);
    const header = Buffer.alloc(22);
    header.writeUInt16LE(1, 2);
    header.writeUInt16LE(1, 4);
    header.writeUInt8(16, 6);
    header.writeUInt8(16, 7);
    header.writeUInt32LE(inner.length, 14);
    header.writeUInt32LE(22, 18);
    const out = await reencodeImage('ico', Buffer.concat([header, inner]));
    expect((await sharp(out.subarray(22)).metadata()).width).toBe(16);
  });
});
