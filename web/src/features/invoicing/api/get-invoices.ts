import type { Page } from '@shared/api/envelope';
import type { RouteId } from '@shared/api/routes';
import type { InvoiceWithPayments } from '@shared/schemas/invoices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { INVOICES_STALE_MS, invoicingKeys } from './keys';

export const INVOICES_PAGE_SIZE = 20;
export const INVOICES_DEFAULT_SORT = 'invoiceDate,desc';

/** The work listings: same page shape as the list, each its own route. */
export const INVOICE_VIEWS = {
  all: 'invoices.list',
  pendingConfirmation: 'invoices.pendingConfirmation',
  draftsPendingUserConfirmation: 'invoices.draftsPendingUserConfirmation',
  confirmedPendingSii: 'invoices.confirmedPendingSii',
} as const satisfies Record<string, RouteId>;
export type InvoiceView = keyof typeof INVOICE_VIEWS;

/** What the list's URL says, as the API's query (`GET /api/v1/invoices`). */
export interface InvoiceListParams {
  view: InvoiceView;
  /** Zero-based. */
  page: number;
  size: number;
  sort?: string;
  search?: string;
  type?: string;
  status?: string;
  siiStatus?: string;
  paymentStatus?: string;
  from?: string;
  to?: string;
  customer?: string;
}

/** The query string of a list request (the export sends the same filters). */
export function invoiceListQuery(params: InvoiceListParams): Record<string, string | number | undefined> {
  return {
    page: params.page,
    size: params.size,
    sort: params.sort ?? INVOICES_DEFAULT_SORT,
    search: params.search?.trim() || undefined,
    type: params.type,
    status: params.status,
    siiStatus: params.siiStatus,
    paymentStatus: params.paymentStatus,
    from: params.from,
    to: params.to,
    customer: params.customer,
  };
}

/** `GET invoices.list` (or a work listing): one page of issued invoices. */
export function getInvoices(
  params: InvoiceListParams,
  companyId: string | null,
  signal?: AbortSignal,
): Promise<Page<InvoiceWithPayments>> {
  return apiRequest<Page<InvoiceWithPayments> | InvoiceWithPayments[]>(INVOICE_VIEWS[params.view], {
    query: invoiceListQuery(params),
    companyId,
    signal,
  }).then((answer) =>
    // A work listing may answer a plain array: shown as one page.
    Array.isArray(answer)
      ? { content: answer, page: 0, size: answer.length, totalElements: answer.length, totalPages: 1 }
      : answer,
  );
}

export const getInvoicesQueryOptions = (params: InvoiceListParams, companyId: string | null) =>
  queryOptions({
    queryKey: [...invoicingKeys.lists(companyId), params],
    queryFn: ({ signal }) => getInvoices(params, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: INVOICES_STALE_MS,
    enabled: companyId !== null,
  });

export function useInvoices(params: InvoiceListParams, companyId: string | null) {
  return useQuery(getInvoicesQueryOptions(params, companyId));
}
