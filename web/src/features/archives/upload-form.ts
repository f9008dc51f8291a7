/**
 * The archive upload form as data: a kind of spec section 3 and a file whose name and size pass the
 * same limits the server applies (20 MB; pdf, Word, Excel, jpg, png; the server checks the content).
 */
import { ARCHIVE_FILE_TYPES, isAttachmentKind, uploadProblem, type AttachmentKind } from '@app/workflow';

export interface UploadValues {
  kind: string | null;
  file: File | null;
}

export type UploadErrors = Partial<{ kind: 'required'; file: 'required' | 'empty' | 'tooLarge' | 'wrongType' }>;

export function uploadErrors(values: UploadValues): UploadErrors {
  const errors: UploadErrors = {};
  if (!isAttachmentKind(values.kind)) errors.kind = 'required';
  if (!values.file) errors.file = 'required';
  else {
    const problem = uploadProblem(values.file, ARCHIVE_FILE_TYPES);
    if (problem) errors.file = problem;
  }
  return errors;
}

export function asKind(kind: string | null): AttachmentKind {
  if (!isAttachmentKind(kind)) throw new Error('not an attachment kind');
  return kind;
}
