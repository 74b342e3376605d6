import type { Page } from '@shared/api/envelope';
import type {
  DocumentOrigin,
  DocumentStatus,
  DocumentSummary,
  DocumentType,
} from '@shared/schemas/documents';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { DOCUMENTS_STALE_MS, documentKeys } from './keys';
import { type ListAnswer, toPage } from './list-page';

export const DOCUMENTS_PAGE_SIZE = 20;

/** The list's filters (DocumentListQuery): page zero-based. */
export interface DocumentListParams {
  page: number;
  size: number;
  status?: DocumentStatus;
  documentType?: DocumentType;
  origin?: DocumentOrigin;
  from?: string;
  to?: string;
  search?: string;
}

const NOT_FINAL: readonly DocumentStatus[] = [
  'UPLOADING',
  'OCR_PENDING',
  'OCR_PROCESSING',
  'OCR_RETRY_SCHEDULED',
];

/**
 * `GET documents.list` (company in x-company-id), or `documents.listByCompany` when the page names
 * the company in its URL (/app/companies/:companyId/documents).
 */
export function getDocuments(
  params: DocumentListParams,
  companyId: string | null,
  byUrl: boolean,
  signal?: AbortSignal,
): Promise<Page<DocumentSummary>> {
  const query = { ...params };
  return apiRequest<ListAnswer<DocumentSummary>>(byUrl ? 'documents.listByCompany' : 'documents.list', {
    query,
    params: byUrl && companyId ? { companyId } : undefined,
    companyId,
    signal,
  }).then((answer) => toPage(answer, params.page, params.size));
}

export const documentsQueryOptions = (params: DocumentListParams, companyId: string | null, byUrl = false) =>
  queryOptions({
    queryKey: [...documentKeys.list(companyId), byUrl, params],
    queryFn: ({ signal }) => getDocuments(params, companyId, byUrl, signal),
    placeholderData: keepPreviousData,
    staleTime: DOCUMENTS_STALE_MS,
    enabled: companyId !== null,
    // While a document of the page is being read, the list follows it.
    refetchInterval: (query) =>
      query.state.data?.content.some((doc) => NOT_FINAL.includes(doc.status)) ? 5_000 : false,
  });

export function useDocuments(params: DocumentListParams, companyId: string | null, byUrl = false) {
  return useQuery(documentsQueryOptions(params, companyId, byUrl));
}
