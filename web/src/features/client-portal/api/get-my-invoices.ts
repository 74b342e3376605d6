import type { Page } from '@shared/api/envelope';
import type { InvoiceWithPayments } from '@shared/schemas/invoices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const MY_INVOICES_PAGE_SIZE = 20;

/** Under the invoicing lists' `['invoices', companyId]`, so an invoice written elsewhere refreshes it. */
export const myInvoicesKey = (companyId: string, page: number) =>
  ['invoices', companyId, 'my-invoices', { page }] as const;

/**
 * `GET invoices.list?status=CONFIRMED`: the company's issued invoices, newest first. Drafts are
 * the company's work in progress; a client reads only what was issued.
 */
export function getMyInvoices(
  companyId: string,
  page: number,
  signal?: AbortSignal,
): Promise<Page<InvoiceWithPayments>> {
  return apiRequest<Page<InvoiceWithPayments>>('invoices.list', {
    companyId,
    query: { page, size: MY_INVOICES_PAGE_SIZE, sort: 'invoiceDate,desc', status: 'CONFIRMED' },
    signal,
  });
}

export const myInvoicesQueryOptions = (companyId: string, page: number) =>
  queryOptions({
    queryKey: myInvoicesKey(companyId, page),
    queryFn: ({ signal }) => getMyInvoices(companyId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useMyInvoices(companyId: string, page: number) {
  return useQuery(myInvoicesQueryOptions(companyId, page));
}
