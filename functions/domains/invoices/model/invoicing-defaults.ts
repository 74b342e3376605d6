/**
 * What a new invoice takes when its body leaves it out (issue 10, item 7): the due date from the
 * stored customer's payment terms or, without one, the company's default term (so an unpaid
 * invoice can become 'Vencida'), and the company's default payment method. A defaulted CASH
 * method that the cash limit would refuse is left out instead: the limit refuses what the user
 * chose, not what a setting proposed.
 */

import type { Customer } from '@shared/schemas/customers';
import type { CreateInvoiceBody, PaymentMethod } from '@shared/schemas/invoices';

export interface InvoicingDefaults {
  paymentTermsDays: number;
  paymentMethod: PaymentMethod;
}

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function withInvoicingDefaults(
  body: CreateInvoiceBody,
  defaults: InvoicingDefaults,
  customer: Customer | undefined,
): CreateInvoiceBody {
  const days = customer?.paymentTermsDays ?? defaults.paymentTermsDays;
  return {
    ...body,
    dueDate: body.dueDate ?? addDays(body.invoiceDate, days),
    paymentMethod: body.paymentMethod ?? defaults.paymentMethod,
  };
}
