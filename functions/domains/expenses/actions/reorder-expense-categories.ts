import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type ExpenseCategory, ReorderExpenseCategoriesBody } from '@shared/schemas/expenses';
import { byOrder } from '../model/categories';
import { listCategories, saveOrder } from '../store/categories';
import type { ExpensesDeps } from '../store/deps';

/**
 * Sets the order of the company's categories: `categoryIds` must list every category exactly once
 * (a permutation), else 400 CORE_004 on `categoryIds` and nothing is written.
 */
export async function reorderExpenseCategories(
  input: { companyId: string; body: ReorderExpenseCategoriesBody },
  deps: ExpensesDeps,
): Promise<ExpenseCategory[]> {
  const { categoryIds } = input.body;
  const categories = await listCategories(deps, input.companyId);
  const byId = new Map(categories.map((c) => [c.categoryId, c]));
  const unique = new Set(categoryIds);
  if (
    unique.size !== categoryIds.length ||
    unique.size !== byId.size ||
    categoryIds.some((id) => !byId.has(id))
  ) {
    throw new AppError(
      'CORE_004',
      'La lista debe contener cada categoría de la empresa exactamente una vez.',
      {
        field: 'categoryIds',
        details: { expected: byId.size, received: categoryIds.length },
      },
    );
  }
  const now = deps.now().toISOString();
  const changes = categoryIds
    .map((id, order) => ({ category: byId.get(id)!, order }))
    .filter(({ category, order }) => category.order !== order);
  await saveOrder(deps, changes, now);
  const changed = new Map(changes.map(({ category, order }) => [category.categoryId, order]));
  return byOrder(
    categories.map((c) =>
      changed.has(c.categoryId) ? { ...c, order: changed.get(c.categoryId)!, updatedAt: now } : c,
    ),
  );
}

export const reorderExpenseCategoriesRoute = defineCompanyAction({
  body: ReorderExpenseCategoriesBody,
  run: ({ scope, body }, deps: ExpensesDeps) => {
    return reorderExpenseCategories({ companyId: scope.companyId, body }, deps);
  },
});
