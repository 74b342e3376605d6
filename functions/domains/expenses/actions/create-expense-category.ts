import { defineCompanyAction } from '@functions/platform/http';
import { CreateExpenseCategoryBody, type ExpenseCategory } from '@shared/schemas/expenses';
import { nextOrder } from '../model/categories';
import { createCategory, listCategories } from '../store/categories';
import type { ExpensesDeps } from '../store/deps';
import { ensureDefaultCategories } from './list-expense-categories';

export async function createExpenseCategory(
  input: { companyId: string; body: CreateExpenseCategoryBody },
  deps: ExpensesDeps,
): Promise<ExpenseCategory> {
  // The defaults first, so a hand-made category never collides with them later.
  await ensureDefaultCategories(deps, input.companyId);
  const { order, ...body } = input.body;
  const now = deps.now().toISOString();
  const category: ExpenseCategory = {
    categoryId: deps.newId(),
    companyId: input.companyId,
    ...body,
    order: order ?? nextOrder(await listCategories(deps, input.companyId)),
    createdAt: now,
    updatedAt: now,
  };
  await createCategory(deps, category);
  return category;
}

export const createExpenseCategoryRoute = defineCompanyAction({
  body: CreateExpenseCategoryBody,
  status: 201,
  run: ({ scope, body }, deps: ExpensesDeps) => {
    return createExpenseCategory({ companyId: scope.companyId, body }, deps);
  },
});
