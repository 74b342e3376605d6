import type { InvoiceSeriesView } from '@shared/schemas/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { invoicingKeys } from './keys';

/** `GET invoiceSeries.list` (active series; an array or a page). */
export function getInvoiceSeries(companyId: string | null, signal?: AbortSignal) {
  return apiRequest<InvoiceSeriesView[] | { content: InvoiceSeriesView[] }>('invoiceSeries.list', {
    query: { active: 'true' },
    companyId,
    signal,
  }).then((answer) => (Array.isArray(answer) ? answer : answer.content));
}

export const getInvoiceSeriesQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: invoicingKeys.series(companyId),
    queryFn: ({ signal }) => getInvoiceSeries(companyId, signal),
    staleTime: 5 * 60_000,
    enabled: companyId !== null,
  });

export function useInvoiceSeries(companyId: string | null) {
  return useQuery(getInvoiceSeriesQueryOptions(companyId));
}
