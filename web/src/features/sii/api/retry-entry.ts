import type { SiiBook, SiiRetryBody } from '@shared/schemas/sii';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshSii } from './keys';

/** The success text of a retry (spec part 2 §4, part 3 §9). */
export const RETRY_STARTED = 'Reintento iniciado';

export interface RetryEntryInput {
  book: SiiBook;
  documentId: string;
  body: SiiRetryBody;
}

/**
 * `POST sii.retryEntry`: a REJECTED, ERROR or PENDING_CORRECTION record goes back to the queue,
 * with the corrections merged into its content (the SiiEntry protocol, shared/schemas/sii.ts).
 */
export function retrySiiEntry({ book, documentId, body }: RetryEntryInput, companyId: string | null) {
  return apiRequest<unknown>('sii.retryEntry', { params: { book, documentId }, body, companyId });
}

export function useRetrySiiEntry(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RetryEntryInput) => retrySiiEntry(input, companyId),
    onSuccess: () => refreshSii(queryClient, companyId),
  });
}
