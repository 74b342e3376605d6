/**
 * The invoice as the API answers it: the stored invoice plus what is derived from it (the display
 * status 'Sustituida', what is still owed, the credit of a credit note not yet applied).
 */

import { invoiceDisplayStatus, outstandingCents, unappliedCreditCents } from '@shared/fiscal/receivables';
import type { Invoice, InvoiceView, InvoiceWithPayments } from '@shared/schemas/invoices';

export function invoiceView(inv: Invoice | InvoiceWithPayments): InvoiceView {
  const i = inv as InvoiceWithPayments;
  return {
    ...i,
    // Invoices stored before these fields existed have neither.
    intraEuOperation: i.intraEuOperation ?? null,
    siiStatus: i.siiStatus ?? null,
    displayStatus: invoiceDisplayStatus(i),
    outstandingCents: outstandingCents(i),
    unappliedCreditCents: unappliedCreditCents(i),
  };
}
