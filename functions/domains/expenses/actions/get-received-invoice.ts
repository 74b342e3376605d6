import { defineAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type ReceivedInvoice, ReceivedInvoicePath } from '@shared/schemas/received-invoices';
import { assertCanRead } from '../model/permissions';
import type { ExpensesDeps } from '../store/deps';
import { getReceivedInvoice } from '../store/received-invoices';

/** The received invoice of the caller's company, else 404 (another company's id is simply not found). */
export async function requireReceivedInvoice(
  deps: ExpensesDeps,
  companyId: string,
  receivedInvoiceId: string,
): Promise<ReceivedInvoice> {
  const invoice = await getReceivedInvoice(deps, companyId, receivedInvoiceId);
  if (!invoice) throw new AppError('CORE_006', 'La factura recibida no existe.');
  return invoice;
}

export const getReceivedInvoiceRoute = defineAction({
  params: ReceivedInvoicePath,
  run: ({ auth, scope, params }, deps: ExpensesDeps) => {
    assertCanRead(auth, scope);
    return requireReceivedInvoice(deps, scope!.companyId, params.receivedInvoiceId);
  },
});
