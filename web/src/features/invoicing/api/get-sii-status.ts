/**
 * The invoice's SII records (issue 16), for the panel of the invoice detail: `GET sii.invoiceStatus`
 * (its entries in every book), `POST sii.submitInvoice` ('Enviar al SII': records waiting in manual
 * mode or held) and `POST sii.retryEntry` ('Reintentar' a refused record). Features do not import
 * each other, so the invoice detail reads these routes here; the SII pages have their own files.
 */
import type { SiiBook, SiiEntry } from '@shared/schemas/sii';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { INVOICES_STALE_MS, invoicingKeys, refreshInvoice } from './keys';

export function getInvoiceSiiStatus(invoiceId: string, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<{ entries: SiiEntry[] } | null>('sii.invoiceStatus', {
    params: { invoiceId },
    companyId,
    signal,
  }).then((answer) => answer?.entries ?? []);
}

export const invoiceSiiKey = (companyId: string | null, invoiceId: string) =>
  [...invoicingKeys.detail(companyId, invoiceId), 'sii'] as const;

export function useInvoiceSiiStatus(invoiceId: string, companyId: string | null) {
  return useQuery({
    queryKey: invoiceSiiKey(companyId, invoiceId),
    queryFn: ({ signal }) => getInvoiceSiiStatus(invoiceId, companyId, signal),
    staleTime: INVOICES_STALE_MS,
    enabled: companyId !== null,
    retry: false,
  });
}

/** `POST sii.submitInvoice { invoiceId }`: its records go to the queue now. */
export function useSubmitInvoiceToSii(invoiceId: string, companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('sii.submitInvoice', { body: { invoiceId }, companyId }),
    onSuccess: () => refreshInvoice(queryClient, companyId, invoiceId),
  });
}

/** `POST sii.retryEntry`: a REJECTED, ERROR or PENDING_CORRECTION record back to the queue as it is. */
export function useRetryInvoiceSiiEntry(invoiceId: string, companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ book, documentId }: { book: SiiBook; documentId: string }) =>
      apiRequest<unknown>('sii.retryEntry', { params: { book, documentId }, body: {}, companyId }),
    onSuccess: () => refreshInvoice(queryClient, companyId, invoiceId),
  });
}
