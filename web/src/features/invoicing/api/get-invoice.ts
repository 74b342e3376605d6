import type { InvoiceWithPayments } from '@shared/schemas/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { INVOICES_STALE_MS, invoicingKeys } from './keys';

/** `GET invoices.get`. */
export function getInvoice(invoiceId: string, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<InvoiceWithPayments>('invoices.get', { params: { invoiceId }, companyId, signal });
}

export const getInvoiceQueryOptions = (invoiceId: string, companyId: string | null) =>
  queryOptions({
    queryKey: invoicingKeys.detail(companyId, invoiceId),
    queryFn: ({ signal }) => getInvoice(invoiceId, companyId, signal),
    staleTime: INVOICES_STALE_MS,
    enabled: companyId !== null && invoiceId !== '',
  });

export function useInvoice(invoiceId: string, companyId: string | null) {
  return useQuery(getInvoiceQueryOptions(invoiceId, companyId));
}
