import { ARCHIVE_FILE_TYPES, ATTACHMENT_MAX_BYTES, MINUTES_FILE_TYPES } from '@app/workflow';
import type { StoredType } from './file-type';

/**
 * What the storage keeps, by kind: the types accepted (told by the bytes, and the name's extension
 * must agree), the size limit, the folder (or key prefix) and the address recorded in
 * `uploaded_file.url`. `template` and `document` are the bank templates and generated contracts and
 * letters of the during-guarantee stages; they go through the same checks.
 */
export interface FileKindPolicy {
  folder: string;
  types: readonly StoredType[];
  maxBytes: number;
  url: (storedName: string) => string;
}

export const FILE_KINDS = {
  avatar: { folder: 'avatars', types: ['jpg', 'png', 'ico'], maxBytes: 500 * 1024, url: (n) => `/server/files/avatars/${n}` },
  attachment: { folder: 'attachments', types: ARCHIVE_FILE_TYPES, maxBytes: ATTACHMENT_MAX_BYTES, url: (n) => `attachment:${n}` },
  minutes: { folder: 'attachments', types: MINUTES_FILE_TYPES, maxBytes: ATTACHMENT_MAX_BYTES, url: (n) => `attachment:${n}` },
  template: { folder: 'templates', types: ['docx'], maxBytes: 10 * 1024 * 1024, url: (n) => `template:${n}` },
  document: { folder: 'documents', types: ['docx', 'pdf'], maxBytes: ATTACHMENT_MAX_BYTES, url: (n) => `document:${n}` },
} as const satisfies Record<string, FileKindPolicy>;

export type FileKind = keyof typeof FILE_KINDS;

/** The largest limit of any kind: what the multipart parser lets through before the kind's own check answers. */
export const LARGEST_FILE_BYTES = Math.max(...Object.values(FILE_KINDS).map((k) => k.maxBytes));
