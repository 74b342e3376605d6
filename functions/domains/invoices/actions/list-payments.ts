import { defineCompanyAction } from '@functions/platform/http';
import { InvoicePath } from '@shared/schemas/invoices';
import type { InvoicesDeps } from '../store/deps';
import { listPayments } from '../store/payments';
import { requireInvoice } from './get-invoice';

/**
 * An invoice's payments, oldest first (404 for an invoice of another company), with the deleted
 * ones (status DELETED) and each one's audit lines (`history`: who, when, before/after).
 */
export const listPaymentsRoute = defineCompanyAction({
  params: InvoicePath,
  run: async ({ scope, params }, deps: InvoicesDeps) => {
    await requireInvoice(deps, scope.companyId, params.invoiceId);
    const payments = await listPayments(deps, scope.companyId, params.invoiceId);
    // Payments written before corrections existed carry no status: they are active.
    return payments.map((p) => ({ ...p, status: p.status ?? 'ACTIVE', history: p.history ?? [] }));
  },
});
