import { defineCompanyAction } from '@functions/platform/http';
import { type ExpenseCategoryTotals, ExpenseTotalsQuery } from '@shared/schemas/received-invoices';
import { byOrder } from '../model/categories';
import { sumByCategory } from '../model/received-invoices';
import { listCategories } from '../store/categories';
import type { ExpensesDeps } from '../store/deps';
import { expensesOfPeriod } from './get-expense-totals';

/** Expense totals and counts of a period per category (user's order, then the uncategorised). */
export async function getExpensesByCategory(
  input: { companyId: string; query: ExpenseTotalsQuery },
  deps: ExpensesDeps,
): Promise<ExpenseCategoryTotals[]> {
  const [invoices, categories] = await Promise.all([
    expensesOfPeriod(deps, input.companyId, input.query),
    listCategories(deps, input.companyId),
  ]);
  return sumByCategory(invoices, byOrder(categories));
}

export const getExpensesByCategoryRoute = defineCompanyAction({
  query: ExpenseTotalsQuery,
  run: ({ scope, query }, deps: ExpensesDeps) => {
    return getExpensesByCategory({ companyId: scope.companyId, query }, deps);
  },
});
