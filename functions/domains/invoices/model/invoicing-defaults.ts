/**
 * What a new invoice takes when its body leaves it out (issue 10, item 7; issue 19): the due dates
 * from the stored customer's payment terms or, without one, the company's default terms (so an
 * unpaid invoice can become 'Vencida'; model/due-dates.ts), and the company's default payment
 * method. A defaulted CASH method that the cash limit would refuse is left out instead: the limit
 * refuses what the user chose, not what a setting proposed.
 */

import { type PaymentTerms, storedTerms } from '@shared/fiscal/due-dates';
import type { CreateInvoiceBody, PaymentMethod } from '@shared/schemas/invoices';

export { addDays } from '@shared/fiscal/due-dates';

export interface InvoicingDefaults {
  paymentTermsDays: number;
  /** The company's default terms (from `paymentTermsDays` when it stores none). */
  paymentTerms: PaymentTerms;
  paymentMethod: PaymentMethod;
}

/** The company's invoicing settings as defaults: its terms, else one instalment at its days. */
export const invoicingDefaultsOf = (invoicing: {
  defaultPaymentTermsDays: number;
  defaultPaymentTerms?: PaymentTerms | null | undefined;
  defaultPaymentMethod: PaymentMethod;
}): InvoicingDefaults => ({
  paymentTermsDays: invoicing.defaultPaymentTermsDays,
  paymentTerms: storedTerms(invoicing.defaultPaymentTerms, invoicing.defaultPaymentTermsDays),
  paymentMethod: invoicing.defaultPaymentMethod,
});

/** The body with the company's default payment method (the due dates come from the terms, build-invoice.ts). */
export function withInvoicingDefaults(
  body: CreateInvoiceBody,
  defaults: InvoicingDefaults,
): CreateInvoiceBody {
  return { ...body, paymentMethod: body.paymentMethod ?? defaults.paymentMethod };
}
