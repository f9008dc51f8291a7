import { extensionOf, type DocumentType } from '@app/workflow';
import { DOCUMENT_MIME, sniffDocument } from '../archives/document-signature';
import { sniffImage } from '../upload/file-signature';

/** Every type the storage keeps: the document types of the archives and the icon of avatars. */
export type StoredType = DocumentType | 'ico';

export const TYPE_MIME: Record<StoredType, string> = { ...DOCUMENT_MIME, ico: 'image/x-icon' };

/** The extensions a name may carry for each type (lower case, no dot). */
const EXTENSIONS: Record<StoredType, readonly string[]> = {
  pdf: ['pdf'],
  doc: ['doc'],
  docx: ['docx'],
  xls: ['xls'],
  xlsx: ['xlsx'],
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  ico: ['ico'],
};

export const IMAGE_TYPES: readonly StoredType[] = ['png', 'jpg', 'ico'];

/** The type told by the bytes alone (old Word and Excel share one header: only there the name decides between the two). */
export function detectType(bytes: Buffer, name: string): StoredType | null {
  const document = sniffDocument(bytes, name);
  if (document) return document;
  return sniffImage(bytes) === 'ico' ? 'ico' : null;
}

/** Whether the name's extension is one of the type's: `%PDF` named `x.html` or `x` does not agree. */
export function agreesWithName(type: StoredType, name: string): boolean {
  return EXTENSIONS[type].includes(extensionOf(name));
}

/** "20 MB", "500 KB": a limit as people read it. */
export function formatLimit(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
