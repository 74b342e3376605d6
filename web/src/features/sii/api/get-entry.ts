import type { SiiBook, SiiEntry, SiiSubmission } from '@shared/schemas/sii';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { SII_STALE_MS, siiKeys } from './keys';

/** One record of one book with the exchanges that carried it. */
export interface SiiEntryDetail {
  entry: SiiEntry;
  submissions: SiiSubmission[];
}

/** `GET sii.getEntry`: what the retry dialog starts from (counterparty, description, last error). */
export function getSiiEntry(
  book: SiiBook,
  documentId: string,
  companyId: string | null,
  signal?: AbortSignal,
) {
  return apiRequest<SiiEntryDetail>('sii.getEntry', { params: { book, documentId }, companyId, signal });
}

export function useSiiEntry(book: SiiBook, documentId: string, companyId: string | null) {
  return useQuery({
    queryKey: siiKeys.entry(companyId, `${book}:${documentId}`),
    queryFn: ({ signal }) => getSiiEntry(book, documentId, companyId, signal),
    staleTime: SII_STALE_MS,
    enabled: companyId !== null,
    retry: false,
  });
}
