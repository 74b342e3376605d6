import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { CancelInvoiceBody, InvoicePath, type InvoiceWithPayments } from '@shared/schemas/invoices';
import { checkCancel } from '../model/payments';
import type { InvoicesDeps } from '../store/deps';
import { cancelInvoiceWrite, lostInvoiceCondition } from '../store/payments';
import { requireInvoice } from './get-invoice';

/**
 * Annuls a confirmed invoice without payments (one that should never have existed; VeriFacTu turns
 * it into a registro de anulación): CANCELLED and INVOICE_CANCELLED in one transaction. With
 * payments the correction is a rectificativa. The number stays used.
 */
export async function cancelInvoice(
  input: { scope: CompanyScope; invoiceId: string; body: CancelInvoiceBody },
  deps: InvoicesDeps,
): Promise<InvoiceWithPayments> {
  const { companyId } = input.scope;
  const inv = (await requireInvoice(deps, companyId, input.invoiceId)) as InvoiceWithPayments;
  checkCancel(inv);
  const at = deps.now().toISOString();
  try {
    await cancelInvoiceWrite(deps, inv, input.body.reason, at);
  } catch (e) {
    if (!lostInvoiceCondition(e)) throw e;
    // A payment (or another cancellation) won the race: say why with the fresh state.
    checkCancel((await requireInvoice(deps, companyId, input.invoiceId)) as InvoiceWithPayments);
    throw e;
  }
  return { ...inv, status: 'CANCELLED', cancelledAt: at, cancelReason: input.body.reason, updatedAt: at };
}

export const cancelInvoiceRoute = defineCompanyAction({
  params: InvoicePath,
  body: CancelInvoiceBody,
  run: ({ scope, params, body }, deps: InvoicesDeps) => {
    return cancelInvoice({ scope, invoiceId: params.invoiceId, body }, deps);
  },
});
