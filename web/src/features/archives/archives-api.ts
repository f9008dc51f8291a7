import type { AttachmentKind } from '@app/workflow';
import { fillRoute, http, type Page, type PagedQuery } from '@/api/http';
import type { ApiQuery, ArchiveDetailDto, ArchiveRowDto, IdDto } from '@/api/schema.gen';

export type ArchiveRow = ArchiveRowDto;

export type ArchiveListParams = PagedQuery<ApiQuery<'GET /archives'>>;

export type ArchiveDetail = ArchiveDetailDto;

export async function fetchArchives(params: ArchiveListParams): Promise<Page<ArchiveRow>> {
  return (await http.get('/archives', { params: { ...params } })).data;
}

export async function fetchArchive(loanId: string): Promise<ArchiveDetail> {
  return (await http.get('/archives/{loanId}', { path: { loanId } })).data;
}

/** The form shows a refusal itself (type by content, size). */
export async function uploadAttachment(loanId: string, kind: AttachmentKind, file: File): Promise<IdDto> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  return (await http.post('/archives/{loanId}/files', form, { path: { loanId }, passErrors: true })).data;
}

export async function deleteAttachment(attachmentId: string): Promise<void> {
  await http.delete('/archives/files/{attachmentId}', { path: { attachmentId } });
}

export const archivePaths = {
  export: '/archives/export',
  zip: (loanId: string) => fillRoute('/archives/{loanId}/zip', { loanId }),
  file: (attachmentId: string) => fillRoute('/archives/files/{attachmentId}', { attachmentId }),
};
