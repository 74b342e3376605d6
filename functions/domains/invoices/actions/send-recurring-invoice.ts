/**
 * Sends a confirmed recurring invoice to its customer (CONFIRM_AND_SEND): the PDF rendered by the
 * platform renderer and queued with the e-mail log and outbox item (functions/platform/store/
 * invoice-emails.ts). Only the schedule's worker imports this file, so the API Lambda of the
 * invoices domain never bundles the PDF library.
 */

import { renderInvoicePdfFor } from '@functions/lib/invoice-document';
import {
  defaultInvoiceEmailBody,
  defaultInvoiceEmailSubject,
  isValidEmail,
  queueInvoiceEmail,
} from '@functions/lib/invoice-emails';
import type { Invoice } from '@shared/schemas/invoices';
import { getCustomer } from '../store/customers';
import type { InvoicesDeps } from '../store/deps';
import type { SendInvoice } from './generate-recurring-invoice';

/** Resolves to why the invoice was not sent (Spanish), or null once the e-mail is queued. */
export const sendRecurringInvoice: SendInvoice = async (deps: InvoicesDeps, invoice: Invoice) => {
  const customerId = invoice.customer?.customerId;
  const customer = customerId ? await getCustomer(deps, invoice.companyId, customerId) : undefined;
  const to = customer?.email;
  if (!to || !isValidEmail(to)) {
    return 'La factura está confirmada, pero el cliente no tiene un e-mail válido: no se ha enviado.';
  }
  const number = invoice.invoiceNumber ?? invoice.invoiceId;
  const companyName = invoice.issuer?.name ?? '';
  const pdf = await renderInvoicePdfFor(deps, invoice.companyId, invoice.invoiceId);
  await queueInvoiceEmail(deps, {
    companyId: invoice.companyId,
    invoiceId: invoice.invoiceId,
    invoiceNumber: number,
    to: [to],
    subject: defaultInvoiceEmailSubject(number, companyName),
    bodyText: defaultInvoiceEmailBody(number, companyName),
    pdf: { bytes: pdf.bytes, fileName: pdf.fileName },
    sentBy: 'SYSTEM',
    now: deps.now(),
    newId: deps.newId,
  });
  return null;
};
