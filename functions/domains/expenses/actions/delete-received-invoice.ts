import { defineAction } from '@functions/platform/http';
import { ReceivedInvoicePath } from '@shared/schemas/received-invoices';
import { assertCanWrite } from '../model/permissions';
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

export const deleteReceivedInvoiceRoute = defineAction({
  params: ReceivedInvoicePath,
  run: ({ auth, scope, params }, deps: ExpensesDeps) => {
    assertCanWrite(auth, scope);
    return deleteReceivedInvoice(
      { companyId: scope!.companyId, receivedInvoiceId: params.receivedInvoiceId },
      deps,
    );
  },
});
