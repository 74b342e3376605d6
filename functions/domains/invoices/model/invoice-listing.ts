/**
 * Sorting and paging of invoice lists (invoices.list and the three work listings): the fields
 * `sort=field,asc|desc` accepts and the key each one sorts by. Pure.
 */

import type { Page } from '@shared/api/envelope';
import { matchesSearch, paginate, sortBy } from '@shared/api/listing';
import { parseSort } from '@shared/schemas/common';
import { customerTaxIdText } from '@shared/schemas/customers';
import type { Invoice } from '@shared/schemas/invoices';

export const SORTABLE = ['invoiceDate', 'number', 'invoiceNumber', 'total', 'customer', 'createdAt'] as const;
export type SortField = (typeof SORTABLE)[number];

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A string key per field; numbers are padded so text order is numeric order. */
export const sortKey =
  (field: SortField) =>
  (i: Invoice): string => {
    if (field === 'total') return pad(i.totals.totalCents + 1e15, 17);
    if (field === 'invoiceDate') return `${i.invoiceDate}#${i.createdAt}`;
    if (field === 'customer') return `${i.customer?.name ?? ''}#${i.invoiceDate}`;
    // Numbers restart every year within a series: series, year, then the number itself.
    if (field === 'number' || field === 'invoiceNumber') {
      // Drafts (no number yet) after every numbered invoice: ICU collation puts '~' first, 'Z' last.
      return i.number == null
        ? `ZZZZZZZZZZZZ#${i.createdAt}`
        : `${i.series ?? ''}#${i.invoiceDate.slice(0, 4)}#${pad(i.number, 10)}`;
    }
    return String(i[field] ?? '');
  };

/** Free-text search on number, customer name and tax id, and notes. */
export const matchesInvoiceSearch = (search: string | undefined, i: Invoice): boolean =>
  matchesSearch(
    search,
    i.invoiceNumber ?? undefined,
    i.customer?.name,
    i.customer?.taxId ? customerTaxIdText(i.customer.taxId) : undefined,
    i.notes ?? undefined,
  );

/** Searches, sorts (default invoiceDate desc) and pages a list read by one Query. */
export function pageOf(
  invoices: Invoice[],
  query: { page: number; size: number; sort?: string; search?: string },
  fallback: { field: SortField; dir: 'asc' | 'desc' } = { field: 'invoiceDate', dir: 'desc' },
): Page<Invoice> {
  const found = invoices.filter((i) => matchesInvoiceSearch(query.search, i));
  const { field, dir } = parseSort(query.sort, SORTABLE, fallback);
  return paginate(sortBy(found, sortKey(field), dir), query.page, query.size);
}
