import { defineCompanyAction } from '@functions/platform/http';
import { matchesSearch, sortBy } from '@shared/api/listing';
import {
  SUPPLIER_SEARCH_LIMIT,
  type Supplier,
  SupplierSearchQuery,
  supplierTaxIdText,
} from '@shared/schemas/expenses';
import type { ExpensesDeps } from '../store/deps';
import { listSuppliers } from '../store/suppliers';

/** Autocomplete (spec part 1 §7): at most five active suppliers matching the text, by name. */
export async function searchSuppliers(
  input: { companyId: string; q: string },
  deps: ExpensesDeps,
): Promise<Supplier[]> {
  const matches = (await listSuppliers(deps, input.companyId)).filter(
    (s) => s.isActive && matchesSearch(input.q, s.name, s.tradeName, supplierTaxIdText(s.taxId)),
  );
  return sortBy(matches, (s) => s.name, 'asc').slice(0, SUPPLIER_SEARCH_LIMIT);
}

export const searchSuppliersRoute = defineCompanyAction({
  query: SupplierSearchQuery,
  run: ({ scope, query }, deps: ExpensesDeps) => {
    return searchSuppliers({ companyId: scope.companyId, q: query.q }, deps);
  },
});
