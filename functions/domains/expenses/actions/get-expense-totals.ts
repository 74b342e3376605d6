import { defineCompanyAction } from '@functions/platform/http';
import {
  type ExpenseTotals,
  ExpenseTotalsQuery,
  type ReceivedInvoice,
} from '@shared/schemas/received-invoices';
import { sumExpenses } from '../model/received-invoices';
import type { ExpensesDeps } from '../store/deps';
import { listReceivedInvoices } from '../store/received-invoices';

/** The received invoices of a period (book date) whose approval status matches `type`. */
export async function expensesOfPeriod(
  deps: ExpensesDeps,
  companyId: string,
  query: ExpenseTotalsQuery,
): Promise<ReceivedInvoice[]> {
  const invoices = await listReceivedInvoices(deps, companyId, query.from, query.to);
  return query.type === 'ALL' ? invoices : invoices.filter((r) => r.approvalStatus === query.type);
}

/** Expense totals of a period: request-time sums over one gsi1 Query by book date. */
export async function getExpenseTotals(
  input: { companyId: string; query: ExpenseTotalsQuery },
  deps: ExpensesDeps,
): Promise<ExpenseTotals> {
  const { query } = input;
  const invoices = await expensesOfPeriod(deps, input.companyId, query);
  return { from: query.from ?? null, to: query.to ?? null, type: query.type, ...sumExpenses(invoices) };
}

export const getExpenseTotalsRoute = defineCompanyAction({
  query: ExpenseTotalsQuery,
  run: ({ scope, query }, deps: ExpensesDeps) => {
    return getExpenseTotals({ companyId: scope.companyId, query }, deps);
  },
});
