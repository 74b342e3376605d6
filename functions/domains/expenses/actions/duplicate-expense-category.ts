import { defineCompanyAction } from '@functions/platform/http';
import { type ExpenseCategory, ExpenseCategoryPath } from '@shared/schemas/expenses';
import { copyName, nextOrder } from '../model/categories';
import { createCategory, listCategories } from '../store/categories';
import type { ExpensesDeps } from '../store/deps';
import { requireCategory } from './update-expense-category';

/** A copy named '<name> (copia)' ('(copia 2)', '(copia 3)'... when taken), placed at the end. */
export async function duplicateExpenseCategory(
  input: { companyId: string; categoryId: string },
  deps: ExpensesDeps,
): Promise<ExpenseCategory> {
  const source = await requireCategory(deps, input.companyId, input.categoryId);
  const all = await listCategories(deps, input.companyId);
  const now = deps.now().toISOString();
  const copy: ExpenseCategory = {
    ...source,
    categoryId: deps.newId(),
    name: copyName(
      source.name,
      all.map((c) => c.name),
    ),
    order: nextOrder(all),
    isActive: true,
    createdAt: now,
    updatedAt: now,
  };
  await createCategory(deps, copy);
  return copy;
}

export const duplicateExpenseCategoryRoute = defineCompanyAction({
  params: ExpenseCategoryPath,
  status: 201,
  run: ({ scope, params }, deps: ExpensesDeps) => {
    return duplicateExpenseCategory({ companyId: scope.companyId, categoryId: params.categoryId }, deps);
  },
});
