/**
 * The one update of an issued invoice's money (paid, cash paid, credit applied, payment status)
 * that every payment write and credit application carries in its transaction: conditioned on the
 * invoice being in force (CONFIRMED, not substituted) with the amounts it was read with, so two
 * writers never both act on the same figures. The due-date index follows the status: PENDING and
 * PARTIAL invoices with a due date are in it at their earliest uncovered due date (the overdue
 * schedule), PAID and OVERDUE are not.
 */

import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { keys } from '@shared/db/keys';
import type { InvoiceWithPayments, PaymentStatus } from '@shared/schemas/invoices';
import { nextUnpaidDueDate } from '../model/due-dates';
import type { InvoicesDeps } from './deps';

type Deps = Pick<InvoicesDeps, 'table'>;

export interface MoneyChange {
  paidCents?: number;
  cashPaidCents?: number;
  creditedCents?: number;
  paymentStatus: PaymentStatus;
  /** Further `name = :value` assignments (e.g. a list_append of the credits received). */
  set?: string[];
  values?: Record<string, unknown>;
}

const seen = (name: string, placeholder: string, value: number) =>
  value === 0 ? `(attribute_not_exists(${name}) OR ${name} = ${placeholder})` : `${name} = ${placeholder}`;

/** The conditions that `inv` is still in force with the paid and credited amounts it was read with. */
export function inForceCondition(inv: InvoiceWithPayments) {
  return {
    expression: [
      '#status = :confirmed',
      'attribute_not_exists(substitutedBy)',
      seen('paidCents', ':seenPaid', inv.paidCents ?? 0),
      seen('creditedCents', ':seenCredited', inv.creditedCents ?? 0),
    ].join(' AND '),
    values: {
      ':confirmed': 'CONFIRMED',
      ':seenPaid': inv.paidCents ?? 0,
      ':seenCredited': inv.creditedCents ?? 0,
    },
  };
}

export function invoiceMoneyUpdate(deps: Deps, inv: InvoiceWithPayments, change: MoneyChange): TransactItem {
  const set = ['paymentStatus = :ps', ...(change.set ?? [])];
  const values: Record<string, unknown> = { ':ps': change.paymentStatus, ...change.values };
  for (const name of ['paidCents', 'cashPaidCents', 'creditedCents'] as const) {
    if (change[name] === undefined) continue;
    set.push(`${name} = :${name}`);
    values[`:${name}`] = change[name];
  }
  const owed = change.paymentStatus === 'PENDING' || change.paymentStatus === 'PARTIAL';
  // The index holds the earliest due date the new amounts leave uncovered (issue 19: instalments).
  const settled = (change.paidCents ?? inv.paidCents ?? 0) + (change.creditedCents ?? inv.creditedCents ?? 0);
  const next = owed ? nextUnpaidDueDate(inv, settled) : null;
  let remove = '';
  if (next) {
    const due = keys.invoiceDue(next, inv.companyId, inv.invoiceId);
    set.push('gsi2pk = :gsi2pk', 'gsi2sk = :gsi2sk');
    Object.assign(values, { ':gsi2pk': due.gsi2pk, ':gsi2sk': due.gsi2sk });
  } else {
    remove = ' REMOVE gsi2pk, gsi2sk';
  }
  const cond = inForceCondition(inv);
  return {
    Update: {
      TableName: deps.table,
      Key: keys.invoice(inv.companyId, inv.invoiceId),
      UpdateExpression: `SET ${set.join(', ')}${remove}`,
      ConditionExpression: cond.expression,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ...values, ...cond.values },
    },
  };
}
