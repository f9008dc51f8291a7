/** Image kinds told apart by their first bytes, never by the name or the declared type. */
export type ImageKind = 'png' | 'jpg' | 'ico';

export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 6 && bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 1 && bytes[3] === 0 && bytes.readUInt16LE(4) > 0) return 'ico';
  return null;
}

export const IMAGE_MIME: Record<ImageKind, string> = { png: 'image/png', jpg: 'image/jpeg', ico: 'image/x-icon' };
