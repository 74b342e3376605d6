import type { InvoiceSeriesView } from '@shared/schemas/invoice-series';
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

/** `GET invoiceSeries.list` without filter: active and inactive series, for the series manager. */
export function getAllInvoiceSeries(companyId: string | null, signal?: AbortSignal) {
  return apiRequest<InvoiceSeriesView[] | { content: InvoiceSeriesView[] }>('invoiceSeries.list', {
    companyId,
    signal,
  }).then((answer) => (Array.isArray(answer) ? answer : answer.content));
}

export function useAllInvoiceSeries(companyId: string | null) {
  return useQuery({
    // Under the series key, so every series mutation refreshes both lists.
    queryKey: [...invoicingKeys.series(companyId), 'all'] as const,
    queryFn: ({ signal }) => getAllInvoiceSeries(companyId, signal),
    enabled: companyId !== null,
  });
}
