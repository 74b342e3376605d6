/**
 * The write of a payment's correction or deletion: ONE transaction with the invoice's new money
 * (conditioned on the invoice in force with the amounts read, invoice-money.ts) and the payment
 * item (conditioned on the revision read), so two corrections, or a correction and a new payment,
 * never both act on the same figures; the running aggregates the correction moves; and its
 * PAYMENT_DELETED (+ PAYMENT_RECORDED) events (store/payment-events.ts: for the accounting always,
 * for the SII under the criterio de caja).
 */

import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { assertTransactionFits } from '@functions/lib/tax-aggregates';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import {
  failedConditionAt,
  isTransactionCanceled,
  isTransactionConflict,
} from '@functions/platform/aws/dynamodb-errors';
import type { InvoicePayment, InvoiceWithPayments } from '@shared/schemas/invoices';
import type { PaymentCorrection } from '../model/payment-corrections';
import type { InvoicesDeps } from './deps';
import { invoiceMoneyUpdate } from './invoice-money';
import { paymentAggregateItems } from './payment-aggregates';
import { correctionEvents } from './payment-events';
import { paymentItem, revisionCondition } from './payment-items';

type Deps = Pick<InvoicesDeps, 'db' | 'table'>;

/**
 * `payments` are the invoice's payments read with `current` (the running aggregates of cash and of
 * the criterio de caja move from their state with `current` to their state with the correction:
 * store/payment-aggregates.ts); without them only the corrected payment's own aggregates move, which
 * is exact for an invoice under the general regime.
 */
export async function correctPaymentWrite(
  deps: Deps,
  inv: InvoiceWithPayments,
  current: InvoicePayment,
  correction: PaymentCorrection,
  payments: readonly InvoicePayment[] = [current],
): Promise<void> {
  const cond = revisionCondition(current);
  const after = payments.map((p) => (p.paymentId === current.paymentId ? correction.payment : p));
  const items: TransactItem[] = [
    invoiceMoneyUpdate(deps, inv, correction.invoice),
    {
      Put: {
        TableName: deps.table,
        Item: paymentItem(inv.companyId, inv.invoiceId, correction.payment),
        ConditionExpression: cond.expression,
        ...(Object.keys(cond.values).length ? { ExpressionAttributeValues: cond.values } : {}),
      },
    },
    ...paymentAggregateItems(deps.table, inv.companyId, [{ inv, payments }], [{ inv, payments: after }]),
    // The values taken back and the corrected ones (the accounting's; the RECC book's under the
    // criterio de caja in the SII, store/payment-events.ts `reportsSii`).
    ...correctionEvents(
      deps.table,
      inv,
      current,
      correction.payment,
      correction.payment.history?.at(-1)?.at ?? correction.payment.createdAt,
      correction.invoice.paidCents,
    ),
  ];
  assertTransactionFits(items);
  await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
}

/** True when the invoice or the payment changed between the read and the write... */
export const lostCorrectionRace = (e: unknown): boolean =>
  (isTransactionCanceled(e) && (failedConditionAt(e, 0) || failedConditionAt(e, 1))) ||
  // ...or another transaction was writing the same items at that moment (issue #12 item 5).
  isTransactionConflict(e);
