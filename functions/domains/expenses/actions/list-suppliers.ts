import { defineCompanyAction } from '@functions/platform/http';
import { matchesSearch, paginate, sortBy } from '@shared/api/listing';
import { parseSort } from '@shared/schemas/common';
import { type Supplier, SupplierListQuery, supplierTaxIdText } from '@shared/schemas/expenses';
import type { ExpensesDeps } from '../store/deps';
import { listSuppliers as storeList } from '../store/suppliers';

const SORTABLE = ['name', 'createdAt', 'taxId'] as const;

const sortKey = (s: Supplier, field: (typeof SORTABLE)[number]): string =>
  field === 'taxId' ? supplierTaxIdText(s.taxId) : s[field];

/** Spec part 1 §3: page 0, size 20, sort name,asc; search over name, trade name and tax id. */
export async function listSuppliers(
  input: { companyId: string; query: SupplierListQuery },
  deps: ExpensesDeps,
) {
  const { query } = input;
  const suppliers = (await storeList(deps, input.companyId)).filter(
    (s) =>
      matchesSearch(query.search, s.name, s.tradeName, supplierTaxIdText(s.taxId)) &&
      (!query.active || String(s.isActive) === query.active),
  );
  const { field, dir } = parseSort(query.sort, SORTABLE, { field: 'name', dir: 'asc' });
  return paginate(
    sortBy(suppliers, (s) => sortKey(s, field), dir),
    query.page,
    query.size,
  );
}

export const listSuppliersRoute = defineCompanyAction({
  query: SupplierListQuery,
  run: ({ scope, query }, deps: ExpensesDeps) => {
    return listSuppliers({ companyId: scope.companyId, query }, deps);
  },
});
