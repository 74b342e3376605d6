/**
 * The invoice as the API answers it: the stored invoice plus what is derived from it (the display
 * status 'Sustituida', what is still owed, the credit of a credit note not yet applied, and each
 * due date with what the payments cover of it: issue 19).
 */

import { invoiceDisplayStatus, outstandingCents, unappliedCreditCents } from '@shared/fiscal/receivables';
import type { Invoice, InvoiceView, InvoiceWithPayments } from '@shared/schemas/invoices';
import { instalmentsOf } from './due-dates';
import { madridDate } from './payments';

/** `today` (Europe/Madrid, YYYY-MM-DD) decides which instalments are overdue; default: now. */
export function invoiceView(inv: Invoice | InvoiceWithPayments, today = madridDate(new Date())): InvoiceView {
  const i = inv as InvoiceWithPayments;
  return {
    ...i,
    // Invoices stored before these fields existed have neither.
    intraEuOperation: i.intraEuOperation ?? null,
    siiStatus: i.siiStatus ?? null,
    displayStatus: invoiceDisplayStatus(i),
    outstandingCents: outstandingCents(i),
    unappliedCreditCents: unappliedCreditCents(i),
    // Drafts and invoices no longer in force owe nothing: their due dates are shown, none overdue.
    instalments: instalmentsOf(i, i.status === 'CONFIRMED' && !i.substitutedBy ? today : '0000-00-00')
      .instalments,
  };
}
