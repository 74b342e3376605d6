import type { InvoiceView, InvoiceWithPayments } from '@shared/schemas/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { INVOICES_STALE_MS, invoicingKeys } from './keys';

/**
 * The invoice as `GET invoices.get` answers it; the derived fields (display status, outstanding
 * amount, unapplied credit, the instalments with what is paid of each: issue 19) are read when present.
 */
export type InvoiceDetailView = InvoiceWithPayments &
  Partial<Pick<InvoiceView, 'displayStatus' | 'outstandingCents' | 'unappliedCreditCents' | 'instalments'>>;

/** `GET invoices.get`. */
export function getInvoice(invoiceId: string, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<InvoiceDetailView>('invoices.get', { params: { invoiceId }, companyId, signal });
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
