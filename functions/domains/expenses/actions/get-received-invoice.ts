import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type ReceivedInvoice, ReceivedInvoicePath } from '@shared/schemas/received-invoices';
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

export const getReceivedInvoiceRoute = defineCompanyAction({
  params: ReceivedInvoicePath,
  run: ({ scope, params }, deps: ExpensesDeps) => {
    return requireReceivedInvoice(deps, scope.companyId, params.receivedInvoiceId);
  },
});
