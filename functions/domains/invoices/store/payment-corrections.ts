/**
 * The write of a payment's correction or deletion: ONE transaction with the invoice's new money
 * (conditioned on the invoice in force with the amounts read, invoice-money.ts) and the payment
 * item (conditioned on the revision read), so two corrections, or a correction and a new payment,
 * never both act on the same figures.
 */

import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  failedConditionAt,
  isTransactionCanceled,
  isTransactionConflict,
} from '@functions/platform/aws/dynamodb-errors';
import type { InvoicePayment, InvoiceWithPayments } from '@shared/schemas/invoices';
import type { PaymentCorrection } from '../model/payment-corrections';
import type { InvoicesDeps } from './deps';
import { invoiceMoneyUpdate } from './invoice-money';
import { paymentItem, revisionCondition } from './payment-items';

type Deps = Pick<InvoicesDeps, 'db' | 'table'>;

export async function correctPaymentWrite(
  deps: Deps,
  inv: InvoiceWithPayments,
  current: InvoicePayment,
  correction: PaymentCorrection,
): Promise<void> {
  const cond = revisionCondition(current);
  await deps.db.send(
    new TransactWriteCommand({
      TransactItems: [
        invoiceMoneyUpdate(deps, inv, correction.invoice),
        {
          Put: {
            TableName: deps.table,
            Item: paymentItem(inv.companyId, inv.invoiceId, correction.payment),
            ConditionExpression: cond.expression,
            ...(Object.keys(cond.values).length ? { ExpressionAttributeValues: cond.values } : {}),
          },
        },
      ],
    }),
  );
}

/** True when the invoice or the payment changed between the read and the write... */
export const lostCorrectionRace = (e: unknown): boolean =>
  (isTransactionCanceled(e) && (failedConditionAt(e, 0) || failedConditionAt(e, 1))) ||
  // ...or another transaction was writing the same items at that moment (issue #12 item 5).
  isTransactionConflict(e);
