import type { InvoicePayment } from '@shared/schemas/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { INVOICES_STALE_MS, invoicingKeys } from './keys';

/** `GET invoices.listPayments`: an array, or a page of them. */
export function getPayments(invoiceId: string, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<InvoicePayment[] | { content: InvoicePayment[] } | { payments: InvoicePayment[] }>(
    'invoices.listPayments',
    { params: { invoiceId }, companyId, signal },
  ).then((answer) =>
    Array.isArray(answer) ? answer : 'content' in answer ? answer.content : (answer.payments ?? []),
  );
}

export const getPaymentsQueryOptions = (invoiceId: string, companyId: string | null) =>
  queryOptions({
    queryKey: invoicingKeys.payments(companyId, invoiceId),
    queryFn: ({ signal }) => getPayments(invoiceId, companyId, signal),
    staleTime: INVOICES_STALE_MS,
    enabled: companyId !== null,
  });

export function usePayments(invoiceId: string, companyId: string | null) {
  return useQuery(getPaymentsQueryOptions(invoiceId, companyId));
}
