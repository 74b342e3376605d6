import { defineCompanyAction } from '@functions/platform/http';
import { ReceivedInvoicePath } from '@shared/schemas/received-invoices';
import type { ExpensesDeps } from '../store/deps';
import { saveReceivedInvoice } from '../store/received-invoices';
import { requireReceivedInvoice } from './get-received-invoice';

/** Removes a received invoice with its number claim, category count and aggregate contribution, at once. */
export async function deleteReceivedInvoice(
  input: { companyId: string; receivedInvoiceId: string },
  deps: ExpensesDeps,
): Promise<{ receivedInvoiceId: string; deleted: true }> {
  const current = await requireReceivedInvoice(deps, input.companyId, input.receivedInvoiceId);
  await saveReceivedInvoice(deps, current, undefined);
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
