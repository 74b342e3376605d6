import { defineCompanyAction } from '@functions/platform/http';
import { type Supplier, SupplierBody, SupplierPath, withholdingOfBody } from '@shared/schemas/expenses';
import type { ExpensesDeps } from '../store/deps';
import { saveSupplier } from '../store/suppliers';
import { assertCategoryUsable } from './create-supplier';
import { requireSupplier } from './get-supplier';

/** A replacement: optional fields left out are removed. */
export async function updateSupplier(
  input: { companyId: string; supplierId: string; body: SupplierBody },
  deps: ExpensesDeps,
): Promise<Supplier> {
  const current = await requireSupplier(deps, input.companyId, input.supplierId);
  if (input.body.defaultExpenseCategoryId !== current.defaultExpenseCategoryId) {
    await assertCategoryUsable(deps, input.companyId, input.body.defaultExpenseCategoryId);
  }
  const next: Supplier = {
    supplierId: current.supplierId,
    companyId: current.companyId,
    ...input.body,
    // Issue 15 item 1: a kind named without its key remembers the kind's default key.
    ...withholdingOfBody(input.body),
    // Art. 163 quaterdecies LIVA: remembered for its invoices; not said, not in the regime.
    supplierCashCriterion: input.body.supplierCashCriterion ?? false,
    createdAt: current.createdAt,
    updatedAt: deps.now().toISOString(),
  };
  await saveSupplier(deps, current, next);
  return next;
}

export const updateSupplierRoute = defineCompanyAction({
  params: SupplierPath,
  body: SupplierBody,
  run: ({ scope, params, body }, deps: ExpensesDeps) => {
    return updateSupplier({ companyId: scope.companyId, supplierId: params.supplierId, body }, deps);
  },
});
