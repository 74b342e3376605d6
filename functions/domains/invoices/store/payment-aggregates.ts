/**
 * The running aggregates a payment write carries in its own transaction (issue 14 item 1): the
 * invoice's payment contributions after the write (+1) minus before it (−1)
 * (shared/fiscal/payment-aggregates.ts: cash collected `CASH@<year>`, and under the criterio de caja
 * the VAT each payment settles `CAJA|…`). Merged per item, so what did not change writes nothing.
 */

import { aggregateUpdateItems } from '@functions/lib/tax-aggregates';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import {
  type IssuedForPayments,
  type PaymentForAggregates,
  paymentContributions,
} from '@shared/fiscal/payment-aggregates';
import {
  type AggregateContribution,
  type IssuedForAggregates,
  issuedRegime,
} from '@shared/fiscal/tax-aggregates';
import type { Invoice } from '@shared/schemas/invoices';
import { rectifiedIds } from '../model/rectification';

/** An invoice with its payments (every payment read: DELETED ones settle nothing). */
export interface InvoicePayments {
  inv: IssuedForPayments;
  payments: readonly PaymentForAggregates[];
}

/** The Update items that take the aggregates from `before` to `after` (both read in one attempt). */
export function paymentAggregateItems(
  table: string,
  companyId: string,
  before: readonly InvoicePayments[],
  after: readonly InvoicePayments[],
): TransactItem[] {
  return aggregateUpdateItems(
    table,
    companyId,
    ...before.flatMap((b) => paymentContributions(b.inv, b.payments, -1)),
    ...after.flatMap((a) => paymentContributions(a.inv, a.payments, 1)),
  );
}

/**
 * Whether a payment's aggregates depend on the invoice's other payments: only the cash-basis shares
 * of an invoice under the criterio de caja do (the last recorded one settles the remainder).
 */
export const needsAllPayments = (inv: IssuedForAggregates): boolean => issuedRegime(inv) === 'C';

/** Whether confirming `inv` substitutes invoices of the books (their effects: store/rectifications.ts). */
export const substitutesInvoices = (inv: Invoice): boolean =>
  inv.rectification?.method === 'SUBSTITUTION' && rectifiedIds(inv).length > 0;

/**
 * What confirming `inv` adds for its payments, none yet: under the criterio de caja its whole
 * cash-basis figures, at the deadline (art. 163 terdecies.Dos LIVA) until collections settle them.
 * A substitution writes them with the payments it moves instead (store/rectifications.ts), merged
 * with its originals' (a transaction takes one operation per item).
 */
export const confirmationPaymentContributions = (inv: Invoice): AggregateContribution[] =>
  substitutesInvoices(inv) ? [] : paymentContributions(inv, [], 1);
