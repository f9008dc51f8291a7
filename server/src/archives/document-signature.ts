import type { DocumentType } from '@app/workflow';
import { listZipEntries, ZipRefused } from '../files/zip-limits';
import { sniffImage } from '../upload/file-signature';

const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export const DOCUMENT_MIME: Record<DocumentType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/**
 * The type of a document told by its content: PDF by its header, Office Open XML by the parts inside
 * the zip, old Word/Excel by the compound-file header (which both share: the name decides between
 * the two, never anything else), pictures by their signatures. Anything else is null. A zip of more
 * entries than OFFICE_ZIP_LIMITS allows throws ZipRefused.
 */
export function sniffDocument(bytes: Buffer, originalName = ''): DocumentType | null {
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  const image = sniffImage(bytes);
  if (image === 'png' || image === 'jpg') return image;
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(OLE_SIGNATURE)) return /\.xls$/i.test(originalName) ? 'xls' : 'doc';
  if (bytes.length >= 4 && bytes.subarray(0, 4).equals(ZIP_SIGNATURE)) {
    // the central directory's names only, nothing inflated (zip-limits.ts); too many entries is
    // refused as such (ZipRefused 'entries'), a zip that cannot be read is no document
    let names: Set<string>;
    try {
      names = new Set(listZipEntries(bytes).map((e) => e.name));
    } catch (error) {
      if (error instanceof ZipRefused && error.fault === 'entries') throw error;
      return null;
    }
    if (names.has('word/document.xml')) return 'docx';
    if (names.has('xl/workbook.xml')) return 'xlsx';
  }
  return null;
}
