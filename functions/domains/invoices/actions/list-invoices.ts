import { defineAction } from '@functions/platform/http';
import { matchesSearch, paginate, sortBy } from '@shared/api/listing';
import { parseSort } from '@shared/schemas/common';
import { customerTaxIdText, type Invoice, InvoiceListQuery } from '@shared/schemas/invoices';
import { assertCanRead } from '../model/permissions';
import type { InvoicesDeps } from '../store/deps';
import { listInvoices } from '../store/invoices';

const SORTABLE = ['invoiceDate', 'invoiceNumber', 'createdAt', 'total'] as const;

const sortKey = (field: (typeof SORTABLE)[number]) => (i: Invoice) => {
  if (field === 'total') return String(i.totals.totalCents + 1e15).padStart(17, '0');
  if (field === 'invoiceDate') return `${i.invoiceDate}#${i.createdAt}`;
  return String(i[field] ?? '');
};

/** A company's issued invoices in a date range (one Query on gsi1), filtered, sorted and paged. */
export const listInvoicesRoute = defineAction({
  query: InvoiceListQuery,
  run: async ({ auth, scope, query }, deps: InvoicesDeps) => {
    assertCanRead(auth, scope);
    const invoices = (await listInvoices(deps, scope!.companyId, query.from, query.to)).filter(
      (i) =>
        (!query.type || i.invoiceType === query.type) &&
        (!query.status || i.status === query.status) &&
        (!query.customer || i.customer?.customerId === query.customer) &&
        matchesSearch(
          query.search,
          i.invoiceNumber ?? undefined,
          i.customer?.name,
          i.customer?.taxId ? customerTaxIdText(i.customer.taxId) : undefined,
          i.notes ?? undefined,
        ),
    );
    const { field, dir } = parseSort(query.sort, SORTABLE, { field: 'invoiceDate', dir: 'desc' });
    return paginate(sortBy(invoices, sortKey(field), dir), query.page, query.size);
  },
});
