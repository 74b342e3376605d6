import { defineCompanyAction } from '@functions/platform/http';
import { type ExpenseCategory, ExpenseCategoryListQuery } from '@shared/schemas/expenses';
import { byOrder, missingDefaults } from '../model/categories';
import { createDefaults, hasDefaults, listCategories } from '../store/categories';
import type { ExpensesDeps } from '../store/deps';

const SEED_ATTEMPTS = 5;

/**
 * Gives a company its default categories the first time they are needed, once: the set and its
 * marker are one conditional transaction, so of two concurrent first lists only one writes.
 */
export async function ensureDefaultCategories(deps: ExpensesDeps, companyId: string): Promise<void> {
  for (let attempt = 0; attempt < SEED_ATTEMPTS; attempt++) {
    if (await hasDefaults(deps, companyId)) return;
    const existing = await listCategories(deps, companyId);
    const now = deps.now().toISOString();
    if (await createDefaults(deps, companyId, missingDefaults(companyId, existing, now, deps.newId), now))
      return;
  }
}

/** The company's categories in the user's order: all, or only the active (or deleted) ones. */
export async function listExpenseCategories(
  input: { companyId: string; query: ExpenseCategoryListQuery },
  deps: ExpensesDeps,
): Promise<ExpenseCategory[]> {
  await ensureDefaultCategories(deps, input.companyId);
  const { active } = input.query;
  const categories = await listCategories(deps, input.companyId);
  return byOrder(active ? categories.filter((c) => String(c.isActive) === active) : categories);
}

export const listExpenseCategoriesRoute = defineCompanyAction({
  query: ExpenseCategoryListQuery,
  run: ({ scope, query }, deps: ExpensesDeps) => {
    return listExpenseCategories({ companyId: scope.companyId, query }, deps);
  },
});
