import PizZip from 'pizzip';
import { sniffDocument } from './document-signature';

function zipWith(part: string): Buffer {
  const zip = new PizZip();
  zip.file(part, '<x/>');
  zip.file('[Content_Types].xml', '<Types/>');
  return zip.generate({ type: 'nodebuffer' });
}

describe('sniffDocument: the type by content, never by name', () => {
  it('knows PDF, Word, Excel and pictures', () => {
    expect(sniffDocument(Buffer.from('%PDF-1.7\n...'), 'a.png')).toBe('pdf');
    expect(sniffDocument(zipWith('word/document.xml'), 'a.pdf')).toBe('docx');
    expect(sniffDocument(zipWith('xl/workbook.xml'), 'a.pdf')).toBe('xlsx');
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect(sniffDocument(ole, '旧合同.doc')).toBe('doc');
    expect(sniffDocument(ole, '旧台账.XLS')).toBe('xls');
    expect(sniffDocument(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'x')).toBe('jpg');
    expect(sniffDocument(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'x')).toBe('png');
  });

  it('refuses everything else, including zips that are no Office document', () => {
    expect(sniffDocument(Buffer.from('<html><script>'), 'a.pdf')).toBeNull();
    expect(sniffDocument(zipWith('payload.exe'), 'a.docx')).toBeNull();
    expect(sniffDocument(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'a.docx')).toBeNull();
    expect(sniffDocument(Buffer.alloc(0), 'a.pdf')).toBeNull();
    // An icon is a picture, but not one of the document types.
    expect(sniffDocument(Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]), 'a.ico')).toBeNull();
  });
});
