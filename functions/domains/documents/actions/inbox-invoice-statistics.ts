import { defineCompanyAction } from '@functions/platform/http';
import type { InboxInvoiceStatistics, ProcessedInvoice } from '@shared/schemas/inbox';
import type { DocumentsDeps } from '../store/deps';
import { loadInbox } from '../store/inbox-views';

export function invoiceStatistics(invoices: readonly ProcessedInvoice[]): InboxInvoiceStatistics {
  const byStatus: InboxInvoiceStatistics['byStatus'] = {};
  const suppliers = new Map<
    string,
    { supplierName: string; supplierNif: string | null; count: number; amountCents: number }
  >();
  let confidenceSum = 0;
  let confidenceCount = 0;
  for (const p of invoices) {
    const s = byStatus[p.status] ?? { count: 0, amountCents: 0 };
    byStatus[p.status] = s;
    s.count += 1;
    s.amountCents += p.totalAmount ?? 0;
    const key = p.supplierNif ?? p.supplierName ?? '';
    if (key) {
      const row = suppliers.get(key) ?? {
        supplierName: p.supplierName ?? key,
        supplierNif: p.supplierNif,
        count: 0,
        amountCents: 0,
      };
      row.count += 1;
      row.amountCents += p.totalAmount ?? 0;
      suppliers.set(key, row);
    }
    if (p.aiConfidence !== null) {
      confidenceSum += p.aiConfidence;
      confidenceCount += 1;
    }
  }
  return {
    total: invoices.length,
    byStatus,
    bySupplier: [...suppliers.values()].sort((a, b) => b.amountCents - a.amountCents).slice(0, 20),
    totalAmountCents: invoices.reduce((n, p) => n + (p.totalAmount ?? 0), 0),
    averageConfidence: confidenceCount
      ? Math.round((confidenceSum / confidenceCount) * 10_000) / 10_000
      : null,
  };
}

export const inboxInvoiceStatisticsRoute = defineCompanyAction({
  run: async ({ scope }, deps: DocumentsDeps) =>
    invoiceStatistics((await loadInbox(deps, scope.companyId)).invoices),
});
