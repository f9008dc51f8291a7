import type { AttachmentKind } from '@app/workflow';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@/api/http';
import { usePagedList, type PagedListOptions } from '@/lib/use-paged-list';
import { deleteAttachment, fetchArchive, fetchArchives, uploadAttachment, type ArchiveListParams, type ArchiveRow } from './archives-api';

export const archiveKeys = {
  all: ['archives'] as const,
  list: ['archives', 'list'] as const,
  detail: (loanId: string) => ['archives', 'detail', loanId] as const,
};

/** Every loan with its number of attachments, one page at a time (filters, sort and page in the URL). */
export function useArchiveList<K extends string>(spec: Omit<PagedListOptions<K, Page<ArchiveRow>>, 'queryKey' | 'fetch'>) {
  return usePagedList({ ...spec, queryKey: archiveKeys.list, fetch: (query) => fetchArchives(query as ArchiveListParams) });
}

export function useArchive(loanId: string, enabled: boolean) {
  return useQuery({ queryKey: archiveKeys.detail(loanId), queryFn: () => fetchArchive(loanId), enabled, staleTime: 0 });
}

/** After a change: the loan's attachments again, and the list's counts. */
function useRefreshArchive() {
  const queryClient = useQueryClient();
  return (loanId: string) => {
    void queryClient.invalidateQueries({ queryKey: archiveKeys.detail(loanId), exact: true });
    void queryClient.invalidateQueries({ queryKey: archiveKeys.list });
  };
}

export function useUploadAttachment(loanId: string) {
  const refresh = useRefreshArchive();
  return useMutation({
    mutationFn: (v: { kind: AttachmentKind; file: File }) => uploadAttachment(loanId, v.kind, v.file),
    onSuccess: () => refresh(loanId),
  });
}

export function useDeleteAttachment(loanId: string) {
  const refresh = useRefreshArchive();
  return useMutation({
    mutationFn: (attachmentId: string) => deleteAttachment(attachmentId),
    onSuccess: () => refresh(loanId),
  });
}
