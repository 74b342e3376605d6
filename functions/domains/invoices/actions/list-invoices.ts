import { defineCompanyAction } from '@functions/platform/http';
import type { Page } from '@shared/api/envelope';
import { parseSort } from '@shared/schemas/common';
import { type Invoice, InvoiceListQuery, type InvoiceWithPayments } from '@shared/schemas/invoices';
import { pageOf, SORTABLE } from '../model/invoice-listing';
import type { InvoicesDeps } from '../store/deps';
import { countInRange } from '../store/invoice-counts';
import { datePage, getInvoices, listSummaries } from '../store/invoice-pages';
import { listInvoices } from '../store/invoices';

/**
 * A company's issued invoices in a date range, filtered by type (F1–F3, R1–R5), status, SII state,
 * payment state and customer, searched, sorted (invoiceDate, number, total, customer, createdAt) and
 * paged. The default view (date order, no filter) reads only up to the page's end, and its total
 * from the company's invoice counters (store/invoice-counts.ts: no COUNT over the range); any other
 * view reads the invoices' summaries, then the page's full invoices.
 */
export const listInvoicesRoute = defineCompanyAction({
  query: InvoiceListQuery,
  run: ({ scope, query }, deps: InvoicesDeps) => {
    return listInvoicePage(deps, scope.companyId, query);
  },
});

const matchesFilters = (query: InvoiceListQuery) => (inv: Invoice) => {
  const i = inv as InvoiceWithPayments;
  return (
    (!query.type || i.invoiceType === query.type) &&
    (!query.status || i.status === query.status) &&
    (!query.siiStatus || i.siiStatus === query.siiStatus) &&
    (!query.paymentStatus || i.paymentStatus === query.paymentStatus) &&
    (!query.customer || i.customer?.customerId === query.customer)
  );
};

const isFiltered = (q: InvoiceListQuery) =>
  Boolean(q.type || q.status || q.siiStatus || q.paymentStatus || q.customer || q.search?.trim());

export async function listInvoicePage(
  deps: InvoicesDeps,
  companyId: string,
  query: InvoiceListQuery,
): Promise<Page<Invoice>> {
  const { field, dir } = parseSort(query.sort, SORTABLE, { field: 'invoiceDate', dir: 'desc' });
  const { page, size, from, to } = query;
  if (!isFiltered(query) && field === 'invoiceDate') {
    const [content, total] = await Promise.all([
      datePage(deps, companyId, { from, to, dir, page, size }),
      countInRange(deps, companyId, from, to),
    ]);
    return { content, page, size, totalElements: total, totalPages: Math.ceil(total / size) };
  }
  const chosen = pageOf(
    (await listSummaries(deps, companyId, from, to)).filter(matchesFilters(query)),
    query,
  );
  const content = await getInvoices(
    deps,
    companyId,
    chosen.content.map((i) => i.invoiceId),
  );
  return { ...chosen, content };
}

/** The full invoices of the list's date range that pass its filters, before search, sort and paging (the export's). */
export async function filteredInvoices(
  deps: InvoicesDeps,
  companyId: string,
  query: InvoiceListQuery,
): Promise<Invoice[]> {
  return (await listInvoices(deps, companyId, query.from, query.to)).filter(matchesFilters(query));
}
