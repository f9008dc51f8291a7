import type { AttachmentKind } from '@app/workflow';
import { http, type Page, type PagedQuery } from '@/api/http';
import type { ApiQuery, ArchiveDetailDto, ArchiveRowDto, IdDto } from '@/api/schema.gen';

export type ArchiveRow = ArchiveRowDto;

export type ArchiveListParams = PagedQuery<ApiQuery<'GET /archives'>>;

export type ArchiveDetail = ArchiveDetailDto;

export async function fetchArchives(params: ArchiveListParams): Promise<Page<ArchiveRow>> {
  return (await http.get<Page<ArchiveRow>>('/archives', { params: { ...params } })).data;
}

export async function fetchArchive(loanId: string): Promise<ArchiveDetail> {
  return (await http.get<ArchiveDetail>(`/archives/${encodeURIComponent(loanId)}`)).data;
}

/** The form shows a refusal itself (type by content, size). */
export async function uploadAttachment(loanId: string, kind: AttachmentKind, file: File): Promise<IdDto> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  return (await http.post<IdDto>(`/archives/${encodeURIComponent(loanId)}/files`, form, { passErrors: true })).data;
}

export async function deleteAttachment(id: string): Promise<void> {
  await http.delete(`/archives/files/${encodeURIComponent(id)}`);
}

export const archivePaths = {
  export: '/archives/export',
  zip: (loanId: string) => `/archives/${encodeURIComponent(loanId)}/zip`,
  file: (id: string) => `/archives/files/${encodeURIComponent(id)}`,
};
