import { defineCompanyAction } from '@functions/platform/http';
import { type Supplier, SupplierPath } from '@shared/schemas/expenses';
import type { ExpensesDeps } from '../store/deps';
import { saveSupplier } from '../store/suppliers';
import { requireSupplier } from './get-supplier';

/**
 * A soft delete: received invoices will keep referring to their supplier, so it is only marked
 * inactive (keeping its tax-id claim) and stops counting as a user of its default category.
 */
export async function deleteSupplier(
  input: { companyId: string; supplierId: string },
  deps: ExpensesDeps,
): Promise<Supplier> {
  const current = await requireSupplier(deps, input.companyId, input.supplierId);
  if (!current.isActive) return current;
  const next: Supplier = { ...current, isActive: false, updatedAt: deps.now().toISOString() };
  await saveSupplier(deps, current, next);
  return next;
}

export const deleteSupplierRoute = defineCompanyAction({
  params: SupplierPath,
  run: ({ scope, params }, deps: ExpensesDeps) => {
    return deleteSupplier({ companyId: scope.companyId, supplierId: params.supplierId }, deps);
  },
});
