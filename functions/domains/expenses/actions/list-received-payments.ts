import { defineCompanyAction } from '@functions/platform/http';
import { ReceivedInvoicePath, type ReceivedInvoicePayment } from '@shared/schemas/received-invoices';
import type { ExpensesDeps } from '../store/deps';
import { listReceivedPayments as readPayments } from '../store/received-payments';
import { requireReceivedInvoice } from './get-received-invoice';

/** GET /received-invoices/{id}/payments: its payments oldest first, deleted ones included (their audit line). */
export async function listReceivedPayments(
  input: { companyId: string; receivedInvoiceId: string },
  deps: ExpensesDeps,
): Promise<ReceivedInvoicePayment[]> {
  // 404 for an invoice of another company or none (its prefix would simply be empty).
  await requireReceivedInvoice(deps, input.companyId, input.receivedInvoiceId);
  return readPayments(deps, input.companyId, input.receivedInvoiceId);
}

export const listReceivedPaymentsRoute = defineCompanyAction({
  params: ReceivedInvoicePath,
  run: ({ scope, params }, deps: ExpensesDeps) =>
    listReceivedPayments({ companyId: scope.companyId, receivedInvoiceId: params.receivedInvoiceId }, deps),
});
