import { defineCompanyAction } from '@functions/platform/http';
import { type Supplier, SupplierBody, withholdingOfBody } from '@shared/schemas/expenses';
import { getCategory } from '../store/categories';
import type { ExpensesDeps } from '../store/deps';
import { saveSupplier, unknownCategory } from '../store/suppliers';

/** The default category must be an active category of the same company. */
export async function assertCategoryUsable(
  deps: ExpensesDeps,
  companyId: string,
  categoryId: string | undefined,
) {
  if (!categoryId) return;
  const category = await getCategory(deps, companyId, categoryId);
  if (!category?.isActive) throw unknownCategory();
}

export async function createSupplier(
  input: { companyId: string; body: SupplierBody },
  deps: ExpensesDeps,
): Promise<Supplier> {
  await assertCategoryUsable(deps, input.companyId, input.body.defaultExpenseCategoryId);
  const now = deps.now().toISOString();
  const supplier: Supplier = {
    supplierId: deps.newId(),
    companyId: input.companyId,
    ...input.body,
    // Issue 15 item 1: a kind named without its key remembers the kind's default key.
    ...withholdingOfBody(input.body),
    // Art. 163 quaterdecies LIVA: remembered for its invoices; not said, not in the regime.
    supplierCashCriterion: input.body.supplierCashCriterion ?? false,
    createdAt: now,
    updatedAt: now,
  };
  await saveSupplier(deps, undefined, supplier);
  return supplier;
}

export const createSupplierRoute = defineCompanyAction({
  body: SupplierBody,
  status: 201,
  run: ({ scope, body }, deps: ExpensesDeps) => {
    return createSupplier({ companyId: scope.companyId, body }, deps);
  },
});
