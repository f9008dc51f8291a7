import { MAX_NAME_BYTES, normalizeFileName } from './file-name';

describe('normalizeFileName', () => {
  it('removes bidirectional controls and control characters, CR and LF included', () => {
    expect(normalizeFileName('invoice\u202Efdp.exe.pdf')).toBe('invoicefdp.exe.pdf');
    expect(normalizeFileName('a\u2066b\u2069c\u200e\u200f\u061c\u202a\u202b\u202c\u202d.pdf')).toBe('abc.pdf');
    expect(normalizeFileName('line\r\nbreak\t\u0000\u0007\u007f\u0085\u009f.pdf')).toBe('linebreak.pdf');
  });

  it('composes to NFC and decodes a multipart name sent as UTF-8 bytes', () => {
    expect(normalizeFileName('cafe\u0301.pdf')).toBe('caf\u00e9.pdf');
    expect(normalizeFileName(Buffer.from('合同.docx', 'utf8').toString('latin1'))).toBe('合同.docx');
  });

  it('shortens to 255 bytes of UTF-8 before the extension, never cutting a character', () => {
    const long = normalizeFileName('a'.repeat(10_000) + '.pdf');
    expect(long).toBe('a'.repeat(251) + '.pdf');
    const chinese = normalizeFileName('合'.repeat(200) + '.docx');
    expect(Buffer.byteLength(chinese)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(chinese).toBe('合'.repeat(83) + '.docx');
    const emoji = normalizeFileName('😀'.repeat(100) + '.pdf');
    expect(emoji).toBe('😀'.repeat(62) + '.pdf');
    expect(normalizeFileName('x'.repeat(300))).toBe('x'.repeat(255));
  });

  it('is never empty', () => {
    expect(normalizeFileName('\u202e\r\n  ')).toBe('file');
    expect(normalizeFileName('', 'template.docx')).toBe('template.docx');
    expect(normalizeFileName(undefined)).toBe('file');
    expect(normalizeFileName('..')).toBe('file');
  });
});
