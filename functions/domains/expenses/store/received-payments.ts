/**
 * DynamoDB access for the payments of received invoices (issue 16). A payment is written in ONE
 * transaction with the invoice's new paid amount (the invoice conditioned on the version and SII
 * state read, store/received-invoices.ts), the running aggregates it moves (under the criterio de
 * caja, the supplier's or the company's own as the invoice stores it, the deduction it dates:
 * shared/fiscal/received-payment-aggregates.ts) and,
 * its RECEIVED_PAYMENT_* event: two payments at once never pay more than the total, and the
 * accounting (and, for a company in the SII, the SII) hears of each.
 */

import { queryPrefix } from '@functions/lib/directory';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import { toReceivedForAggregates } from '@shared/fiscal/received-invoice-totals';
import { hasDeferredDeduction } from '@shared/fiscal/received-payment-aggregates';
import type { ReceivedInvoiceEventBody } from '@shared/schemas/received-invoice-events';
import type { ReceivedInvoice, ReceivedInvoicePayment } from '@shared/schemas/received-invoices';
import type { ExpensesDeps } from './deps';
import { saveReceivedInvoice } from './received-invoices';

type Deps = Pick<ExpensesDeps, 'db' | 'table'>;

/** The payments of a received invoice, oldest first (deleted ones included): one Query on its prefix. */
export async function listReceivedPayments(
  deps: Deps,
  companyId: string,
  receivedInvoiceId: string,
): Promise<ReceivedInvoicePayment[]> {
  const k = keys.receivedInvoicePaymentPrefix(companyId, receivedInvoiceId);
  const items = await queryPrefix(deps, k, { ScanIndexForward: true, ConsistentRead: true });
  return items.map((i) => {
    const { receivedInvoiceId: _r, companyId: _c, ...p } = stripKeys(i) as Record<string, unknown>;
    return p as unknown as ReceivedInvoicePayment;
  });
}

const paymentPut = (
  table: string,
  inv: ReceivedInvoice,
  payment: ReceivedInvoicePayment,
  condition: Pick<NonNullable<TransactItem['Put']>, 'ConditionExpression' | 'ExpressionAttributeValues'>,
): TransactItem => ({
  Put: {
    TableName: table,
    Item: {
      ...keys.receivedInvoicePayment(
        inv.companyId,
        inv.receivedInvoiceId,
        payment.createdAt,
        payment.paymentId,
      ),
      entity: 'ReceivedInvoicePayment',
      v: SCHEMA_VERSION,
      receivedInvoiceId: inv.receivedInvoiceId,
      companyId: inv.companyId,
      ...payment,
    },
    ...condition,
  },
});

/**
 * Records (`payment` ACTIVE, new) or deletes (`payment` DELETED, the stored one was ACTIVE) a payment:
 * the invoice `current` → `next` (conditioned on the version read: a concurrent payment makes it
 * fail with CONCURRENT_UPDATE, and the action reads again), the payment item, the aggregates (the
 * invoice's payment settlements after the write +1, before it −1) and the event. `payments` are the
 * invoice's payments read after `current` in this attempt; when absent they are read here if the
 * aggregates need them (a deduction deferred by the criterio de caja: the last payment settles the rest).
 */
export async function savePaymentWrite(
  deps: Deps,
  current: ReceivedInvoice,
  next: ReceivedInvoice,
  payment: ReceivedInvoicePayment,
  event: ReceivedInvoiceEventBody | null,
  payments?: readonly ReceivedInvoicePayment[],
): Promise<void> {
  const condition =
    payment.status === 'ACTIVE'
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : {
          ConditionExpression: 'attribute_exists(pk) AND #status = :active',
          ExpressionAttributeValues: { ':active': 'ACTIVE' },
        };
  const put = paymentPut(deps.table, current, payment, condition);
  if (payment.status !== 'ACTIVE') put.Put!.ExpressionAttributeNames = { '#status': 'status' };
  const before =
    payments ??
    (hasDeferredDeduction(toReceivedForAggregates(current))
      ? await listReceivedPayments(deps, current.companyId, current.receivedInvoiceId)
      : []);
  const after =
    payment.status === 'ACTIVE'
      ? [...before, payment]
      : before.map((p) => (p.paymentId === payment.paymentId ? payment : p));
  await saveReceivedInvoice(deps, current, next, {
    extraItems: [put],
    event,
    payments: { before, after },
  });
}
