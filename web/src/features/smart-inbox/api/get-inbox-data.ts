/**
 * The smart inbox's reads (spec part 3 §7 Smart inbox): configuration, widget data, statistics,
 * daily statistics, accuracy, emails (filters), processed invoices and the review list. Each is
 * one `GET inbox.*` call in x-company-id.
 */
import type { Page } from '@shared/api/envelope';
import type { RouteId } from '@shared/api/routes';
import type {
  InboxAccuracy,
  InboxConfiguration,
  InboxDailyStatistics,
  InboxEmail,
  InboxEmailListQuery,
  InboxStatistics,
  InboxWidget,
  ProcessedInvoice,
  ProcessedInvoiceListQuery,
} from '@shared/schemas/inbox';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '@web/lib/api-client';
import { INBOX_STALE_MS, inboxKeys } from './keys';

function useInboxRead<T>(
  routeId: RouteId,
  companyId: string | null,
  query?: Record<string, QueryValue>,
  enabled = true,
) {
  return useQuery({
    queryKey: [...inboxKeys.company(companyId), routeId, query ?? {}],
    queryFn: ({ signal }) => apiRequest<T>(routeId, { query, companyId, signal }),
    placeholderData: keepPreviousData,
    staleTime: INBOX_STALE_MS,
    enabled: companyId !== null && enabled,
  });
}

export const useInboxConfig = (companyId: string | null) =>
  useInboxRead<InboxConfiguration>('inbox.getConfig', companyId);
export const useInboxWidget = (companyId: string | null) =>
  useInboxRead<InboxWidget>('inbox.widget', companyId);
export const useInboxStatistics = (companyId: string | null) =>
  useInboxRead<InboxStatistics>('inbox.statistics', companyId);
export const useInboxDailyStatistics = (companyId: string | null, days = 30) =>
  useInboxRead<InboxDailyStatistics>('inbox.dailyStatistics', companyId, { days });
export const useInboxAccuracy = (companyId: string | null) =>
  useInboxRead<InboxAccuracy>('inbox.accuracy', companyId);

export type EmailFilters = Partial<
  Pick<InboxEmailListQuery, 'status' | 'classification' | 'dateFrom' | 'dateTo' | 'sender'>
> & {
  page: number;
  size: number;
};
export const useInboxEmails = (companyId: string | null, filters: EmailFilters) =>
  useInboxRead<Page<InboxEmail>>('inbox.emails', companyId, {
    ...filters,
    sortBy: 'receivedAt',
    sortDirection: 'desc',
  });

export type InvoiceFilters = Partial<Pick<ProcessedInvoiceListQuery, 'status' | 'supplierName'>> & {
  page: number;
  size: number;
};
export const useInboxInvoices = (companyId: string | null, filters: InvoiceFilters) =>
  useInboxRead<Page<ProcessedInvoice>>('inbox.invoices', companyId, { ...filters });
export const useInboxReviewList = (companyId: string | null) =>
  useInboxRead<Page<ProcessedInvoice> | ProcessedInvoice[]>('inbox.reviewList', companyId, {
    page: 0,
    size: 50,
  });
