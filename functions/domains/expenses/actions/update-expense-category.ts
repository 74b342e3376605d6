import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  type ExpenseCategory,
  ExpenseCategoryPath,
  UpdateExpenseCategoryBody,
} from '@shared/schemas/expenses';
import { categoryInUse, categoryUsage, getCategory, replaceCategory } from '../store/categories';
import type { ExpensesDeps } from '../store/deps';

export async function requireCategory(
  deps: ExpensesDeps,
  companyId: string,
  categoryId: string,
): Promise<ExpenseCategory> {
  const category = await getCategory(deps, companyId, categoryId);
  if (!category) throw new AppError('CORE_006', 'La categoría de gasto no existe.');
  return category;
}

/** A partial update: fields left out keep their value. */
export async function updateExpenseCategory(
  input: { companyId: string; categoryId: string; body: UpdateExpenseCategoryBody },
  deps: ExpensesDeps,
): Promise<ExpenseCategory> {
  const current = await requireCategory(deps, input.companyId, input.categoryId);
  if (current.isActive && input.body.isActive === false) {
    // Deactivating is deleting: the same rule as DELETE applies.
    if ((await categoryUsage(deps, input.companyId, input.categoryId)) > 0) throw categoryInUse();
  }
  const next: ExpenseCategory = { ...current, ...input.body, updatedAt: deps.now().toISOString() };
  await replaceCategory(deps, current, next);
  return next;
}

export const updateExpenseCategoryRoute = defineCompanyAction({
  params: ExpenseCategoryPath,
  body: UpdateExpenseCategoryBody,
  run: ({ scope, params, body }, deps: ExpensesDeps) => {
    return updateExpenseCategory({ companyId: scope.companyId, categoryId: params.categoryId, body }, deps);
  },
});
