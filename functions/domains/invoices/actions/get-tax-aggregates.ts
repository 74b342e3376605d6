import { defineCompanyAction } from '@functions/platform/http';
import { invoiceLines, sumLines, type TaxBook } from '@shared/fiscal/tax-aggregates';
import {
  TaxAggregatesQuery,
  type TaxAggregatesView,
  type TaxBookAggregates,
} from '@shared/schemas/tax-aggregates';
import type { InvoicesDeps } from '../store/deps';
import { type PeriodAggregates, readPeriodAggregates } from '../store/tax-aggregates';

/**
 * One book of a period: its lines, its invoices by type and the sum of its invoices' lines (the
 * cash-basis settlements `CAJA|…` are listed but not summed: they repeat invoices already counted).
 */
export function bookView(a: Omit<PeriodAggregates, 'itemsRead'>, book: TaxBook): TaxBookAggregates {
  return {
    byKey: a.byKey[book],
    byInvoiceType: a.byInvoiceType[book],
    totals: {
      ...sumLines(invoiceLines(a.byKey[book])),
      count: a.byInvoiceType[book].reduce((s, t) => s + t.count, 0),
    },
  };
}

/**
 * The running tax aggregates of a month, quarter or year, both books: one Query on the company's
 * aggregates partition, whatever the number of invoices (issue 4, item 8).
 */
export async function getTaxAggregates(
  deps: InvoicesDeps,
  companyId: string,
  period: string,
): Promise<TaxAggregatesView> {
  const a = await readPeriodAggregates(deps, companyId, period);
  return {
    period,
    issued: bookView(a, 'ISSUED'),
    received: bookView(a, 'RECEIVED'),
    byCounterparty: { issued: a.byCounterparty.ISSUED, received: a.byCounterparty.RECEIVED },
    itemsRead: a.itemsRead,
  };
}

export const getTaxAggregatesRoute = defineCompanyAction({
  query: TaxAggregatesQuery,
  run: ({ scope, query }, deps: InvoicesDeps) => {
    return getTaxAggregates(deps, scope.companyId, query.period);
  },
});
