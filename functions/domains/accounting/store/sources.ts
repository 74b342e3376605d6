/**
 * The stored documents the backfill posts (issue 18 item 2: the queue's messages expired, so what
 * was confirmed before the consumer existed is read from the table): a company's issued invoices
 * (confirmed or cancelled) and received invoices in the book, a page at a time, with their payments,
 * each turned into the message its event would have carried, so the backfill posts through exactly
 * the rules and versions of the events (model/postings.ts) and a later event of the same version
 * changes nothing.
 *
 * The message bodies mirror the publishers' (invoices' `invoiceEventPayload`/`paymentEventBody`,
 * expenses' `receivedEvent`); domains never import each other (infra/architecture.test.ts), so they
 * are built here from the stored items: a superset of what the events carry.
 */

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import type { Invoice, InvoicePayment } from '@shared/schemas/invoices';
import { isOutOfBook } from '@shared/schemas/received-invoice-draft';
import type { ReceivedInvoice, ReceivedInvoicePayment } from '@shared/schemas/received-invoices';
import type { AccountingDeps } from './deps';

type Deps = Pick<AccountingDeps, 'db' | 'table'>;

/** Documents per backfill page (each may bring its payments). */
export const BACKFILL_PAGE_SIZE = 50;

export interface Page<T> {
  items: T[];
  /** Where the next page starts; null after the last one. */
  next: string | null;
}

const encodeCursor = (key: Record<string, unknown> | undefined): string | null =>
  key ? Buffer.from(JSON.stringify(key), 'utf8').toString('base64url') : null;

const decodeCursor = (cursor: string | null): Record<string, unknown> | undefined =>
  cursor
    ? (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>)
    : undefined;

async function datedPage(deps: Deps, gsi1pk: string, cursor: string | null, limit: number) {
  const res = await deps.db.send(
    new QueryCommand({
      TableName: deps.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi1pk },
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor),
    }),
  );
  return { items: (res.Items ?? []).map((i) => stripKeys(i)), next: encodeCursor(res.LastEvaluatedKey) };
}

/** A page of the company's issued invoices by date: the confirmed and cancelled ones (drafts are not in the books). */
export async function issuedInvoicesPage(
  deps: Deps,
  companyId: string,
  cursor: string | null,
  limit = BACKFILL_PAGE_SIZE,
): Promise<Page<Invoice>> {
  const page = await datedPage(deps, keys.invoiceByDatePartition(companyId).gsi1pk, cursor, limit);
  const items = (page.items as unknown as Invoice[]).filter(
    (i) => i.status === 'CONFIRMED' || i.status === 'CANCELLED',
  );
  return { items, next: page.next };
}

/** A page of the company's received invoices in the book (drafts out of the book are not posted). */
export async function receivedInvoicesPage(
  deps: Deps,
  companyId: string,
  cursor: string | null,
  limit = BACKFILL_PAGE_SIZE,
): Promise<Page<ReceivedInvoice>> {
  const page = await datedPage(deps, keys.receivedInvoiceByDatePartition(companyId).gsi1pk, cursor, limit);
  const items = (page.items as unknown as ReceivedInvoice[]).filter((r) => !isOutOfBook(r));
  return { items, next: page.next };
}

export async function issuedPayments(
  deps: Deps,
  companyId: string,
  invoiceId: string,
): Promise<InvoicePayment[]> {
  const items = await queryPrefix(deps, keys.invoicePaymentPrefix(companyId, invoiceId), {
    ConsistentRead: true,
  });
  return items.map((i) => stripKeys(i) as unknown as InvoicePayment);
}

export async function receivedPayments(
  deps: Deps,
  companyId: string,
  receivedInvoiceId: string,
): Promise<ReceivedInvoicePayment[]> {
  const items = await queryPrefix(deps, keys.receivedInvoicePaymentPrefix(companyId, receivedInvoiceId), {
    ConsistentRead: true,
  });
  return items.map((i) => stripKeys(i) as unknown as ReceivedInvoicePayment);
}

// --- the messages the events would have carried ------------------------------------------------------

const backfillEventId = (...parts: (string | number)[]) => `backfill:${parts.join(':')}`;

/** An issued invoice's event body (as `invoiceEventPayload` + kind): CONFIRMED, or CANCELLED for a cancelled one. */
export function issuedInvoiceMessage(inv: Invoice): Record<string, unknown> {
  const kind = inv.status === 'CANCELLED' ? 'INVOICE_CANCELLED' : 'INVOICE_CONFIRMED';
  return {
    eventId: backfillEventId(kind, inv.invoiceId),
    kind,
    ...inv,
    operationDate: inv.operationDate ?? null,
    customer: inv.customer ?? null,
    issuer: inv.issuer ?? null,
    rectification: inv.rectification ?? null,
    vatRegime: inv.issuer?.vatRegime ?? null,
    intraEuOperation: inv.intraEuOperation ?? null,
    siiStatus: inv.siiStatus ?? null,
    at: inv.confirmedAt ?? inv.updatedAt,
  };
}

/**
 * A payment's event body (as `paymentEventBody`): RECORDED while active, DELETED once taken back. A
 * payment a substitute took over keeps `movedFrom`, so it posts at the substitute's version of the
 * move (revision × 4 + 2, model/postings.ts `issuedPaymentVersion`) on the substitute's customer, as
 * the substitute's INVOICE_CONFIRMED does.
 */
export function issuedPaymentMessage(inv: Invoice, p: InvoicePayment): Record<string, unknown> {
  const kind = p.status === 'DELETED' ? 'PAYMENT_DELETED' : 'PAYMENT_RECORDED';
  const revision = p.revision ?? 0;
  return {
    ...issuedInvoiceMessage(inv),
    eventId: backfillEventId(kind, p.paymentId, revision),
    kind,
    at: p.createdAt,
    payment: {
      paymentId: p.paymentId,
      date: p.paidAt,
      amountCents: p.amountCents,
      method: p.method,
      reference: p.reference ?? null,
      revision,
      movedFrom: p.movedFrom ?? null,
    },
  };
}

/** A received invoice's event body (as `receivedEvent`): the invoice as stored now. */
export function receivedInvoiceMessage(r: ReceivedInvoice): Record<string, unknown> {
  return {
    eventId: backfillEventId('RECEIVED_REGISTERED', r.receivedInvoiceId, r.version),
    kind: 'RECEIVED_REGISTERED',
    companyId: r.companyId,
    receivedInvoiceId: r.receivedInvoiceId,
    receivedInvoice: r,
    siiStatus: r.siiStatus ?? null,
    vatRegime: null,
    at: r.updatedAt,
  };
}

/** A received payment's event body (as `receivedEvent` with its payment). */
export function receivedPaymentMessage(
  r: ReceivedInvoice,
  p: ReceivedInvoicePayment,
): Record<string, unknown> {
  const kind = p.status === 'DELETED' ? 'RECEIVED_PAYMENT_DELETED' : 'RECEIVED_PAYMENT_RECORDED';
  return {
    ...receivedInvoiceMessage(r),
    eventId: backfillEventId(kind, p.paymentId, r.version),
    kind,
    payment: {
      paymentId: p.paymentId,
      date: p.paidAt,
      amountCents: p.amountCents,
      method: p.method,
      account: p.account ?? null,
      reference: p.reference ?? null,
    },
    at: p.deletedAt ?? p.createdAt,
  };
}
