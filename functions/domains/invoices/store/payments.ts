/**
 * DynamoDB access for payments, cancellation and the overdue mark of issued invoices. Every
 * write is one TransactWriteItems (or one conditional update) conditioned on what was read, so
 * concurrent payments never overpay and a cancellation never races a payment.
 */

import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll, queryPrefix } from '@functions/lib/directory';
import { aggregateUpdateItems, assertTransactionFits } from '@functions/lib/tax-aggregates';
import {
  anulacionPlan,
  buildAnulacion,
  outsideVerifactu,
  writeWithChain,
} from '@functions/lib/verifactu-chain';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import {
  failedConditionAt,
  isConditionalCheckFailed,
  isTransactionCanceled,
  isTransactionConflict,
} from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import { paymentContributions } from '@shared/fiscal/payment-aggregates';
import { issuedContribution } from '@shared/fiscal/tax-aggregates';
import type { InvoicePayment, InvoiceWithPayments, PaymentStatus } from '@shared/schemas/invoices';
import type { InvoicesDeps } from './deps';
import { invoiceMoneyUpdate } from './invoice-money';
import { invoiceEventPayload } from './invoices';
import { needsAllPayments, paymentAggregateItems } from './payment-aggregates';
import { recordedEvents } from './payment-events';

type Deps = Pick<InvoicesDeps, 'db' | 'table'>;

/**
 * How many times a payment is tried again after another payment changed the invoice meanwhile.
 * Concurrent payments of one invoice commit one per round, so 20 at once need about 20 rounds for
 * the last one (infra: functions/domains/invoices/contention.int.test.ts); after that, 409.
 */
export const MAX_PAYMENT_ATTEMPTS = 25;

/** Full-jitter back-off (ms) before payment attempt `attempt + 1`, capped so 25 attempts stay within ~12 s. */
export const paymentBackoffMs = (attempt: number): number => Math.random() * Math.min(500, 20 * 2 ** attempt);

/** True when the transaction lost the condition on the invoice (its first item). */
export const lostInvoiceCondition = (e: unknown): boolean =>
  isTransactionCanceled(e) && failedConditionAt(e, 0);

/**
 * A payment write that lost a race worth another attempt: the invoice moved since it was read
 * (its condition), or another transaction was writing the same items at that moment.
 */
export const lostPaymentRace = (e: unknown): boolean => lostInvoiceCondition(e) || isTransactionConflict(e);

export async function listPayments(
  deps: Deps,
  companyId: string,
  invoiceId: string,
): Promise<InvoicePayment[]> {
  const k = keys.invoicePaymentPrefix(companyId, invoiceId);
  const items = await queryPrefix(deps, k, { ScanIndexForward: true });
  return items.map((i) => {
    const { invoiceId: _i, companyId: _c, ...p } = stripKeys(i) as Record<string, unknown>;
    return p as unknown as InvoicePayment;
  });
}

/**
 * ONE transaction: the payment item, the invoice update (paidCents, cashPaidCents, status),
 * conditioned on the invoice being CONFIRMED with the paidCents it was read with, the running
 * aggregates the payment moves (cash collected; under the criterio de caja the VAT it settles,
 * store/payment-aggregates.ts) and its PAYMENT_RECORDED event (store/payment-events.ts: for
 * the accounting always, for the SII under the criterio de caja). A PAID invoice leaves the due-date index. `payments` are the
 * invoice's payments read in this attempt; when absent they are read here if the aggregates need
 * them (an invoice under the criterio de caja).
 */
export async function addPaymentWrite(
  deps: Deps,
  inv: InvoiceWithPayments,
  payment: InvoicePayment,
  paymentStatus: PaymentStatus,
  payments?: InvoicePayment[],
): Promise<void> {
  const seen = inv.paidCents ?? 0;
  const paidCents = seen + payment.amountCents;
  const cashPaidCents = (inv.cashPaidCents ?? 0) + (payment.method === 'CASH' ? payment.amountCents : 0);
  // Under the general regime a payment's aggregates depend on itself only.
  const before =
    payments ?? (needsAllPayments(inv) ? await listPayments(deps, inv.companyId, inv.invoiceId) : []);
  const items: TransactItem[] = [
    // Conditioned on the invoice in force with the paid and credited amounts read (invoice-money.ts).
    invoiceMoneyUpdate(deps, inv, { paidCents, cashPaidCents, paymentStatus }),
    {
      Put: {
        TableName: deps.table,
        Item: {
          ...keys.invoicePayment(inv.companyId, inv.invoiceId, payment.createdAt, payment.paymentId),
          entity: 'InvoicePayment',
          v: SCHEMA_VERSION,
          invoiceId: inv.invoiceId,
          companyId: inv.companyId,
          ...payment,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...paymentAggregateItems(
      deps.table,
      inv.companyId,
      [{ inv, payments: before }],
      [{ inv, payments: [...before, payment] }],
    ),
    // Every collection is booked; under the criterio de caja in the SII it also goes to the RECC
    // book (store/payment-events.ts `reportsSii`).
    ...recordedEvents(deps.table, inv, payment, paidCents),
  ];
  assertTransactionFits(items);
  await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
}

/**
 * ONE transaction: CONFIRMED → CANCELLED (only while nothing is paid), the INVOICE_CANCELLED
 * event (same shape as INVOICE_CONFIRMED), the tax aggregates without the invoice (its
 * contribution and its payments' with sign −1, in their own periods) and the VeriFacTu registro
 * de anulación (record, submission, chain head, stats: an invoice cancelled because it should
 * never have existed; none for a company in the SII or an invoice without an alta). The number
 * stays used: no gap is reopened. A conflict with a concurrent write of the same aggregate items or
 * of the chain head rebuilds the anulación on the fresh head and is tried again.
 */
export async function cancelInvoiceWrite(
  deps: Deps,
  inv: InvoiceWithPayments,
  reason: string,
  at: string,
  opts: { createdBy?: string | null } = {},
): Promise<void> {
  const fixed: TransactItem[] = [
    {
      Update: {
        TableName: deps.table,
        Key: keys.invoice(inv.companyId, inv.invoiceId),
        UpdateExpression:
          'SET #status = :cancelled, cancelledAt = :at, cancelReason = :reason, updatedAt = :at REMOVE gsi2pk, gsi2sk',
        ConditionExpression:
          '#status = :confirmed AND (attribute_not_exists(paidCents) OR paidCents = :zero)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':cancelled': 'CANCELLED',
          ':confirmed': 'CONFIRMED',
          ':at': at,
          ':reason': reason,
          ':zero': 0,
        },
      },
    },
    {
      Put: {
        TableName: deps.table,
        Item: {
          ...keys.invoiceEvent(inv.companyId, inv.invoiceId, 'INVOICE_CANCELLED'),
          entity: 'InvoiceEvent',
          v: SCHEMA_VERSION,
          kind: 'INVOICE_CANCELLED',
          // The same shape as INVOICE_CONFIRMED: its consumers never read the invoice.
          ...invoiceEventPayload(inv),
          reason,
          at,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...aggregateUpdateItems(
      deps.table,
      inv.companyId,
      issuedContribution(inv, -1),
      // What its payments contribute (under the criterio de caja the deadline's uncollected VAT):
      // conditioned on nothing paid, it has no active payment, and DELETED ones settle nothing.
      ...paymentContributions(inv, [], -1),
    ),
  ];
  // The chain's one writer: a conflict on a shared aggregate item or on the chain head (every
  // confirmation of the company moves it too) rebuilds the anulación on the fresh head.
  const linked = !outsideVerifactu(inv);
  await writeWithChain(deps, inv.companyId, {
    linked,
    now: () => new Date(at),
    read: () => (linked ? anulacionPlan(deps, inv.companyId, inv.invoiceId) : Promise.resolve(null)),
    build: (chain, plan, now) => {
      const anulacion =
        chain && plan
          ? buildAnulacion(deps.table, {
              invoice: inv,
              plan,
              ctx: chain,
              at: now,
              createdBy: opts.createdBy ?? null,
              reason,
            })
          : null;
      const items = [...fixed, ...(anulacion?.items ?? [])];
      assertTransactionFits(items);
      return { items, recordAt: anulacion ? fixed.length : null, result: undefined };
    },
    // Paid or cancelled meanwhile: the caller's refusal.
    refused: (e) => (lostInvoiceCondition(e) ? e : undefined),
    lostRace: isTransactionConflict,
  });
}

/** The index entries (the invoices as the index projects them) whose due date is before `today`. */
export async function dueEntriesBefore(deps: Deps, today: string): Promise<Record<string, unknown>[]> {
  return queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi2' satisfies IndexName,
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :today',
    ExpressionAttributeValues: { ':pk': keys.invoiceDuePartition().gsi2pk, ':today': today },
  });
}

/** The keys of the invoices whose due date is before `today` and are not yet paid nor overdue. */
export async function dueBefore(deps: Deps, today: string): Promise<{ pk: string; sk: string }[]> {
  const items = await dueEntriesBefore(deps, today);
  return items.map((i) => ({ pk: String(i.pk), sk: String(i.sk) }));
}

/** What a schedule's write saw of an invoice: it only applies while the paid and credited amounts are those. */
export interface SeenAmounts {
  paidCents: number;
  creditedCents: number;
}

const seenCondition = (seen: SeenAmounts | undefined) =>
  seen
    ? {
        expression: ` AND ${seenAmount('paidCents', ':seenPaid', seen.paidCents)} AND ${seenAmount('creditedCents', ':seenCredited', seen.creditedCents)}`,
        values: { ':seenPaid': seen.paidCents, ':seenCredited': seen.creditedCents },
      }
    : { expression: '', values: {} };

const seenAmount = (name: string, placeholder: string, value: number) =>
  value === 0 ? `(attribute_not_exists(${name}) OR ${name} = ${placeholder})` : `${name} = ${placeholder}`;

/**
 * PENDING/PARTIAL → OVERDUE, conditioned so a payment or cancellation in between wins (with
 * `seen`, also any payment or credit since the invoice was read); the invoice leaves the due-date
 * index. Returns false when the condition no longer held.
 */
export async function markOverdueWrite(
  deps: Deps,
  key: { pk: string; sk: string },
  seen?: SeenAmounts,
): Promise<boolean> {
  const cond = seenCondition(seen);
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: key,
        UpdateExpression: 'SET paymentStatus = :overdue REMOVE gsi2pk, gsi2sk',
        ConditionExpression: `#status = :confirmed AND paymentStatus IN (:pending, :partial)${cond.expression}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':overdue': 'OVERDUE',
          ':confirmed': 'CONFIRMED',
          ':pending': 'PENDING',
          ':partial': 'PARTIAL',
          ...cond.values,
        },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

/**
 * Issue 19: an invoice in the index whose instalments already due are covered moves to its next
 * uncovered due date (null: leaves the index), conditioned on the amounts seen. False when the
 * condition no longer held.
 */
export async function moveDueEntryWrite(
  deps: Deps,
  inv: Pick<InvoiceWithPayments, 'companyId' | 'invoiceId'>,
  seen: SeenAmounts,
  nextDueDate: string | null,
): Promise<boolean> {
  const cond = seenCondition(seen);
  const due = nextDueDate ? keys.invoiceDue(nextDueDate, inv.companyId, inv.invoiceId) : null;
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.invoice(inv.companyId, inv.invoiceId),
        UpdateExpression: due ? 'SET gsi2pk = :g2pk, gsi2sk = :g2sk' : 'REMOVE gsi2pk, gsi2sk',
        ConditionExpression: `#status = :confirmed AND paymentStatus IN (:pending, :partial)${cond.expression}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':confirmed': 'CONFIRMED',
          ':pending': 'PENDING',
          ':partial': 'PARTIAL',
          ...(due ? { ':g2pk': due.gsi2pk, ':g2sk': due.gsi2sk } : {}),
          ...cond.values,
        },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}
