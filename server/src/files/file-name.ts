/**
 * The name of an uploaded file as it is kept and served: the multipart name in
 * UTF-8 (decodeName), NFC, with no bidirectional controls (`invoice\u202Efdp.exe.pdf` shows as
 * "invoicexe.pdf" ... in a list, hiding what it is) and no control characters (C0 with CR and LF, DEL,
 * C1), spaces trimmed, and at most MAX_NAME_BYTES bytes of UTF-8 (the column holds 255 characters;
 * bytes are the stricter of the two and what file systems count), shortened before the extension so
 * that `.pdf` stays. Never empty: `fallback` then.
 */
export const MAX_NAME_BYTES = 255;

/** U+202A-202E (embeddings, overrides), U+2066-2069 (isolates), U+200E/U+200F (marks), U+061C (Arabic letter mark). */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;
/** An extension worth keeping: a dot and 1-16 letters or digits at the end. */
const EXTENSION = /\.[\p{L}\p{N}]{1,16}$/u;

const utf8Length = (text: string) => Buffer.byteLength(text, 'utf8');

/** The longest start of `text` (whole code points) within `bytes` bytes of UTF-8. */
function cutToBytes(text: string, bytes: number): string {
  let out = '';
  let used = 0;
  for (const point of text) {
    const size = utf8Length(point);
    if (used + size > bytes) break;
    out += point;
    used += size;
  }
  return out;
}

export function normalizeFileName(raw: string | undefined | null, fallback = 'file'): string {
  const cleaned = decodeName(raw ?? '')
    .normalize('NFC')
    .replace(UNWANTED, '')
    .trim();
  if (!cleaned || /^\.+$/.test(cleaned)) return fallback;
  if (utf8Length(cleaned) <= MAX_NAME_BYTES) return cleaned;
  const extension = EXTENSION.exec(cleaned)?.[0] ?? '';
  const stem = cutToBytes(cleaned.slice(0, cleaned.length - extension.length), MAX_NAME_BYTES - utf8Length(extension)).trimEnd();
  return (stem || fallback) + extension;
}

/** multer hands over the raw bytes of a multipart name as latin1; names typed in Chinese need UTF-8 back. */
export function decodeName(name: string): string {
  if (!/[\u0080-\u00ff]/.test(name) || /[\u0100-\uffff]/.test(name)) return name;
  const decoded = Buffer.from(name, 'latin1').toString('utf8');
  return decoded.includes('\ufffd') ? name : decoded;
}
