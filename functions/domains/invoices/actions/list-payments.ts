import { defineAction } from '@functions/platform/http';
import { InvoicePath } from '@shared/schemas/invoices';
import { assertCanRead } from '../model/permissions';
import type { InvoicesDeps } from '../store/deps';
import { listPayments } from '../store/payments';
import { requireInvoice } from './get-invoice';

/** An invoice's payments, oldest first (404 for an invoice of another company). */
export const listPaymentsRoute = defineAction({
  params: InvoicePath,
  run: async ({ auth, scope, params }, deps: InvoicesDeps) => {
    assertCanRead(auth, scope);
    await requireInvoice(deps, scope!.companyId, params.invoiceId);
    return listPayments(deps, scope!.companyId, params.invoiceId);
  },
});
