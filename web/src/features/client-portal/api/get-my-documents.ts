import type { Page } from '@shared/api/envelope';
import type { DocumentDetails, DocumentStatus, DocumentSummary } from '@shared/schemas/documents';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const MY_DOCUMENTS_PAGE_SIZE = 20;

/** What `clientDocuments.statistics` answers: counts of the caller's portal documents. */
export interface ClientDocumentStatistics {
  total: number;
  byStatus: Partial<Record<DocumentStatus, number>>;
  pendingReview: number;
  processing: number;
  completed: number;
  failed: number;
}

const NOT_FINAL: readonly DocumentStatus[] = [
  'UPLOADING',
  'OCR_PENDING',
  'OCR_PROCESSING',
  'OCR_RETRY_SCHEDULED',
];

/** Under the documents' `['documents', companyId]`, so an upload or review elsewhere refreshes it. */
export function useMyDocuments(companyId: string | null, page: number, status?: DocumentStatus) {
  return useQuery({
    queryKey: ['documents', companyId, 'mine', { page, status }],
    queryFn: ({ signal }) =>
      apiRequest<Page<DocumentSummary | DocumentDetails>>('clientDocuments.list', {
        query: { page, size: MY_DOCUMENTS_PAGE_SIZE, status },
        companyId,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: companyId !== null,
    refetchInterval: (query) =>
      query.state.data?.content.some((d) => NOT_FINAL.includes(d.status)) ? 5_000 : false,
  });
}

export function useMyDocumentStatistics(companyId: string | null) {
  return useQuery({
    queryKey: ['documents', companyId, 'mine', 'statistics'],
    queryFn: ({ signal }) =>
      apiRequest<ClientDocumentStatistics>('clientDocuments.statistics', { companyId, signal }),
    enabled: companyId !== null,
  });
}

/** The company's active categories, to file an upload under (`documentCategories.list`). */
export function useUploadCategories(companyId: string | null) {
  return useQuery({
    queryKey: ['documents', companyId, 'categories', 'list', { active: 'true' }],
    queryFn: ({ signal }) =>
      apiRequest<{ categoryId: string; name: string }[]>('documentCategories.list', {
        query: { active: 'true' },
        companyId,
        signal,
      }),
    enabled: companyId !== null,
  });
}
