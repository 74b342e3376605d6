import { defineCompanyAction } from '@functions/platform/http';
import { type ExpenseCategory, ExpenseCategoryPath } from '@shared/schemas/expenses';
import { categoryInUse, categoryUsage, replaceCategory } from '../store/categories';
import type { ExpensesDeps } from '../store/deps';
import { requireCategory } from './update-expense-category';

/**
 * A soft delete (received invoices will keep referring to the category), refused with DOC_046
 * while an active supplier uses it as default; the check is repeated inside the transaction.
 */
export async function deleteExpenseCategory(
  input: { companyId: string; categoryId: string },
  deps: ExpensesDeps,
): Promise<ExpenseCategory> {
  const current = await requireCategory(deps, input.companyId, input.categoryId);
  if ((await categoryUsage(deps, input.companyId, input.categoryId)) > 0) throw categoryInUse();
  if (!current.isActive) return current;
  const next: ExpenseCategory = { ...current, isActive: false, updatedAt: deps.now().toISOString() };
  await replaceCategory(deps, current, next);
  return next;
}

export const deleteExpenseCategoryRoute = defineCompanyAction({
  params: ExpenseCategoryPath,
  run: ({ scope, params }, deps: ExpensesDeps) => {
    return deleteExpenseCategory({ companyId: scope.companyId, categoryId: params.categoryId }, deps);
  },
});
