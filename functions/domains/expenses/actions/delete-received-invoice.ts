import { defineCompanyAction } from '@functions/platform/http';
import { receivedEvent } from '@shared/schemas/received-invoice-events';
import { ReceivedInvoicePath } from '@shared/schemas/received-invoices';
import { checkNoPayments } from '../model/received-payments';
import { readCompanySii } from '../store/company-sii';
import type { ExpensesDeps } from '../store/deps';
import { saveReceivedInvoice } from '../store/received-invoices';
import { requireReceivedInvoice } from './get-received-invoice';

/**
 * Removes a received invoice with its number claim, category count, aggregate contribution and the
 * RECEIVED_DELETED event carrying it as it was, at once. Refused while it
 * has payments: they are deleted first (each with its audit line and its own event).
 */
export async function deleteReceivedInvoice(
  input: { companyId: string; receivedInvoiceId: string },
  deps: ExpensesDeps,
): Promise<{ receivedInvoiceId: string; deleted: true }> {
  const current = await requireReceivedInvoice(deps, input.companyId, input.receivedInvoiceId);
  checkNoPayments(current);
  const company = await readCompanySii(deps, input.companyId);
  await saveReceivedInvoice(deps, current, undefined, {
    event: receivedEvent({ company, current, next: undefined, at: deps.now().toISOString() }),
  });
  return { receivedInvoiceId: current.receivedInvoiceId, deleted: true };
}

export const deleteReceivedInvoiceRoute = defineCompanyAction({
  params: ReceivedInvoicePath,
  run: ({ scope, params }, deps: ExpensesDeps) => {
    return deleteReceivedInvoice(
      { companyId: scope.companyId, receivedInvoiceId: params.receivedInvoiceId },
      deps,
    );
  },
});
