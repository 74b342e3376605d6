import { defineCompanyAction } from '@functions/platform/http';
import { paginate, sortBy } from '@shared/api/listing';
import { parseSort } from '@shared/schemas/common';
import {
  CompanyPath,
  type ReceivedInvoice,
  ReceivedInvoiceListQuery,
} from '@shared/schemas/received-invoices';
import { matchesListQuery } from '../model/received-invoices';
import type { ExpensesDeps } from '../store/deps';
import { listOutOfBookDrafts, listReceivedInvoices as storeList } from '../store/received-invoices';

const SORTABLE = [
  'accountingDate',
  'issueDate',
  'supplierInvoiceNumber',
  'supplier',
  'total',
  'createdAt',
] as const;

const sortKey =
  (field: (typeof SORTABLE)[number]) =>
  (r: ReceivedInvoice): string => {
    if (field === 'total') return String(r.totals.totalCents + 1e15).padStart(17, '0');
    if (field === 'supplier') return r.supplier.name;
    if (field === 'accountingDate' || field === 'issueDate') return `${r[field]}#${r.createdAt}`;
    return r[field];
  };

/**
 * A company's received invoices by book date (one Query on gsi1), filtered, sorted and paged; with
 * `drafts` include/only, also/only the drafts made from documents that wait for their approval
 * (issue 17 item 3: out of the book, their own gsi1 partition; each carries its `draft` flags).
 */
export async function listReceivedInvoices(
  input: { companyId: string; query: ReceivedInvoiceListQuery },
  deps: ExpensesDeps,
) {
  const { query } = input;
  const [book, drafts] = await Promise.all([
    query.drafts === 'only' ? [] : storeList(deps, input.companyId, query.from, query.to),
    query.drafts === 'exclude' ? [] : listOutOfBookDrafts(deps, input.companyId, query.from, query.to),
  ]);
  const invoices = [...book, ...drafts].filter((r) => matchesListQuery(r, query));
  const { field, dir } = parseSort(query.sort, SORTABLE, { field: 'accountingDate', dir: 'desc' });
  return paginate(sortBy(invoices, sortKey(field), dir), query.page, query.size);
}

export const listReceivedInvoicesRoute = defineCompanyAction({
  query: ReceivedInvoiceListQuery,
  run: ({ scope, query }, deps: ExpensesDeps) => {
    return listReceivedInvoices({ companyId: scope.companyId, query }, deps);
  },
});

/** Spec part 2 §7 "received invoices by {companyId}": the same list, the company from the path. */
export const listCompanyReceivedInvoicesRoute = defineCompanyAction({
  params: CompanyPath,
  query: ReceivedInvoiceListQuery,
  run: ({ scope, query }, deps: ExpensesDeps) => {
    return listReceivedInvoices({ companyId: scope.companyId, query }, deps);
  },
});
