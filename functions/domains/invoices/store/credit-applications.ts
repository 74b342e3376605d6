/**
 * The write of a credit application: ONE transaction with the target invoice's money (credit
 * applied, status; conditioned on it in force with the amounts read, invoice-money.ts) and the
 * credit note's applied credit (conditioned on it still CONFIRMED with the applied amount read).
 */

import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  failedConditionAt,
  isTransactionCanceled,
  isTransactionConflict,
} from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import type { InvoiceWithPayments } from '@shared/schemas/invoices';
import type { CreditApplicationPlan } from '../model/credit-application';
import type { InvoicesDeps } from './deps';
import { invoiceMoneyUpdate } from './invoice-money';

type Deps = Pick<InvoicesDeps, 'db' | 'table'>;

export async function applyCreditWrite(
  deps: Deps,
  creditNote: InvoiceWithPayments,
  target: InvoiceWithPayments,
  plan: CreditApplicationPlan,
): Promise<void> {
  const seen = creditNote.appliedCreditCents ?? 0;
  await deps.db.send(
    new TransactWriteCommand({
      TransactItems: [
        invoiceMoneyUpdate(deps, target, {
          creditedCents: plan.target.creditedCents,
          paymentStatus: plan.target.paymentStatus,
          set: ['creditsReceived = list_append(if_not_exists(creditsReceived, :empty), :received)'],
          values: { ':empty': [], ':received': [plan.target.received] },
        }),
        {
          Update: {
            TableName: deps.table,
            Key: keys.invoice(creditNote.companyId, creditNote.invoiceId),
            UpdateExpression:
              'SET appliedCreditCents = :applied, paymentStatus = :ps, creditApplications = list_append(if_not_exists(creditApplications, :empty), :application)',
            ConditionExpression: `#status = :confirmed AND ${
              seen === 0
                ? '(attribute_not_exists(appliedCreditCents) OR appliedCreditCents = :seen)'
                : 'appliedCreditCents = :seen'
            }`,
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':applied': plan.creditNote.appliedCreditCents,
              ':ps': plan.creditNote.paymentStatus,
              ':empty': [],
              ':application': [plan.creditNote.application],
              ':confirmed': 'CONFIRMED',
              ':seen': seen,
            },
          },
        },
      ],
    }),
  );
}

/** True when either invoice changed between the read and the write... */
export const lostCreditRace = (e: unknown): boolean =>
  (isTransactionCanceled(e) && (failedConditionAt(e, 0) || failedConditionAt(e, 1))) ||
  // ...or another transaction was writing the same items at that moment (issue #12 item 5).
  isTransactionConflict(e);
