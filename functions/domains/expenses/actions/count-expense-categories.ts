import { defineCompanyAction } from '@functions/platform/http';
import type { ExpenseCategoryCount } from '@shared/schemas/received-invoices';
import { byOrder } from '../model/categories';
import { listCategories } from '../store/categories';
import type { ExpensesDeps } from '../store/deps';
import { listCategoryCounts } from '../store/received-invoices';

/**
 * How many received invoices each category holds (all time), from the counters kept in the
 * invoices' transactions: every active category (0 when unused), deleted ones still holding
 * invoices, and the uncategorised (`categoryId: null`) last.
 */
export async function countExpenseCategories(
  input: { companyId: string },
  deps: ExpensesDeps,
): Promise<ExpenseCategoryCount[]> {
  const [categories, counts] = await Promise.all([
    listCategories(deps, input.companyId),
    listCategoryCounts(deps, input.companyId),
  ]);
  const countOf = new Map(counts.map((c) => [c.categoryId, c.count]));
  const out: ExpenseCategoryCount[] = byOrder(categories)
    .filter((c) => c.isActive || (countOf.get(c.categoryId) ?? 0) > 0)
    .map((c) => ({ categoryId: c.categoryId, name: c.name, count: countOf.get(c.categoryId) ?? 0 }));
  out.push({ categoryId: null, name: null, count: countOf.get(null) ?? 0 });
  return out;
}

export const countExpenseCategoriesRoute = defineCompanyAction({
  run: ({ scope }, deps: ExpensesDeps) => {
    return countExpenseCategories({ companyId: scope.companyId }, deps);
  },
});
