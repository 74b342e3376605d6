/**
 * The documents the gestoría shared with the client (issue 21 item 2): the list with the spec's
 * filters (`clientShared.list`), the file to view or download (`clientShared.view` / `.download`),
 * and the approval (`clientShared.approve`). Under `['shared-documents', companyId]`: a pushed
 * `document_shared` notification refreshes it.
 */
import type { DocumentType } from '@shared/schemas/documents';
import type { ApproveShareBody, SharedDocument, SharedDocumentPage } from '@shared/schemas/sharing';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { apiDownload, type Download, deliver } from '@web/lib/api-download';

export const SHARED_PAGE_SIZE = 20;

export interface SharedFilters {
  status?: 'ACTIVE' | 'EXPIRED';
  documentType?: DocumentType;
  requiresApproval?: boolean;
  /** yyyy-mm-dd */
  dateFrom?: string;
  dateTo?: string;
  search?: string;
}

export const sharedDocumentsKey = (companyId: string | null) => ['shared-documents', companyId] as const;

export function useSharedDocuments(companyId: string | null, page: number, filters: SharedFilters) {
  return useQuery({
    queryKey: [...sharedDocumentsKey(companyId), { page, ...filters }],
    queryFn: ({ signal }) =>
      apiRequest<SharedDocumentPage>('clientShared.list', {
        query: { page, size: SHARED_PAGE_SIZE, ...filters },
        companyId,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: companyId !== null,
  });
}

export function useApproveShared(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shareId, body }: { shareId: string; body: ApproveShareBody }) =>
      apiRequest<SharedDocument>('clientShared.approve', { params: { shareId }, body, companyId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedDocumentsKey(companyId) }),
  });
}

/** The shared file's bytes to show in the page (never a download: view-only documents open too). */
export async function fetchSharedView(companyId: string, share: SharedDocument): Promise<Download> {
  return apiDownload('clientShared.view', { params: { shareId: share.id }, companyId }, share.name);
}

/** Saves the shared file (the server refuses it when the share is view-only). */
export async function downloadShared(companyId: string, share: SharedDocument): Promise<void> {
  const download = await apiDownload(
    'clientShared.download',
    { params: { shareId: share.id }, companyId },
    share.name,
  );
  deliver(download, share.name, share.contentType ?? 'application/octet-stream');
}
