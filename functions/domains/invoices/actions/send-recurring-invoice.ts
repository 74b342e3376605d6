/**
 * Sends a confirmed recurring invoice to its customer (CONFIRM_AND_SEND): the pdf domain's function
 * renders the PDF and queues it with the e-mail log and outbox item (store/invoice-pdfs.ts), so the
 * schedule's worker never bundles the PDF library.
 */

import { isValidEmail } from '@shared/schemas/common';
import type { Invoice } from '@shared/schemas/invoices';
import { getCustomer } from '../store/customers';
import type { InvoicesDeps } from '../store/deps';
import { emailInvoicePdf } from '../store/invoice-pdfs';
import type { SendInvoice } from './generate-recurring-invoice';

/** Resolves to why the invoice was not sent (Spanish), or null once the e-mail is queued. */
export const sendRecurringInvoice: SendInvoice = async (deps: InvoicesDeps, invoice: Invoice) => {
  const customerId = invoice.customer?.customerId;
  const customer = customerId ? await getCustomer(deps, invoice.companyId, customerId) : undefined;
  const to = customer?.email;
  if (!to || !isValidEmail(to)) {
    return 'La factura está confirmada, pero el cliente no tiene un e-mail válido: no se ha enviado.';
  }
  await emailInvoicePdf({
    companyId: invoice.companyId,
    invoiceId: invoice.invoiceId,
    to: [to],
    sentBy: 'SYSTEM',
  });
  return null;
};
