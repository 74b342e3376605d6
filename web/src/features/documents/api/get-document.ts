import type { DocumentDetails } from '@shared/schemas/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { DOCUMENTS_STALE_MS, documentKeys } from './keys';

/** `GET documents.get`: the document's details, with the extraction and the reading's notes. */
export function getDocument(documentId: string, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<DocumentDetails>('documents.get', { params: { documentId }, companyId, signal });
}

export const documentQueryOptions = (documentId: string | null, companyId: string | null) =>
  queryOptions({
    queryKey: documentKeys.detail(companyId, documentId ?? ''),
    queryFn: ({ signal }) => getDocument(documentId ?? '', companyId, signal),
    staleTime: DOCUMENTS_STALE_MS,
    enabled: companyId !== null && documentId !== null,
  });

export function useDocument(documentId: string | null, companyId: string | null) {
  return useQuery(documentQueryOptions(documentId, companyId));
}
