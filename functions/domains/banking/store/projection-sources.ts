/**
 * What the open-items projection reads of the invoicing domains (issue 19; design "Open items"): an
 * issued invoice or a received invoice as stored NOW (strongly consistent), with its payments and its
 * customer's or supplier's contact (e-mail, IBAN), turned into the pure `OpenItemSource` of
 * model/open-item.ts; and the pages of a company's documents for the backfill. Domains never import
 * each other (infra/architecture.test.ts): the items are read here through the shared keys, as
 * accounting's store/sources.ts does.
 */

import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import { inForce, isCreditNote } from '@shared/fiscal/receivables';
import type { Customer } from '@shared/schemas/customers';
import type { Supplier } from '@shared/schemas/expenses';
import type { InvoicePayment, InvoiceWithPayments } from '@shared/schemas/invoices';
import { isOutOfBook } from '@shared/schemas/received-invoice-draft';
import type { ReceivedInvoice, ReceivedInvoicePayment } from '@shared/schemas/received-invoices';
import { CREDIT_NOTE_METHOD } from '../model/collection-metrics';
import type { Instalment, OpenItemSource } from '../model/open-item';
import type { BankingDeps } from './deps';
import type { OpenItemPayment } from './items';

type Deps = Pick<BankingDeps, 'db' | 'table'>;

/** Documents per backfill page. */
export const PROJECTION_PAGE_SIZE = 50;

/** The due dates helper C adds to both kinds of invoice (absent on documents stored before). */
type WithDueDates = { dueDates?: Instalment[] | null };

async function getItem(deps: Deps, key: { pk: string; sk: string }): Promise<Record<string, unknown> | null> {
  const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: key, ConsistentRead: true }));
  return res.Item ? stripKeys(res.Item) : null;
}

async function customerOf(
  deps: Deps,
  companyId: string,
  customerId: string | null,
): Promise<Customer | null> {
  if (!customerId) return null;
  return (await getItem(deps, keys.customer(companyId, customerId))) as unknown as Customer | null;
}

/** A supplier as stored now (its IBAN may have changed since its invoices were projected). */
export async function supplierOf(
  deps: Deps,
  companyId: string,
  supplierId: string | null,
): Promise<Supplier | null> {
  if (!supplierId) return null;
  return (await getItem(deps, keys.supplier(companyId, supplierId))) as unknown as Supplier | null;
}

const taxIdText = (taxId: unknown): string | null => {
  if (!taxId) return null;
  if (typeof taxId === 'string') return taxId;
  const t = taxId as { value?: unknown; id?: unknown; nif?: unknown };
  const v = t.value ?? t.id ?? t.nif;
  return typeof v === 'string' ? v : null;
};

/**
 * The source of an issued invoice's open item, or null when it is not one (missing, or a draft).
 * Version (issued invoices keep none): 1 + Σ over its payment records (each counts 1 + its revisions
 * + 1 once deleted) + the credit notes applied + 1 when cancelled + 1 when substituted: every change
 * of what is owed raises it, so an older rebuild never overwrites a newer one.
 */
export async function issuedInvoiceSource(
  deps: Deps,
  companyId: string,
  invoiceId: string,
): Promise<OpenItemSource | null> {
  const inv = (await getItem(deps, keys.invoice(companyId, invoiceId))) as unknown as
    | (InvoiceWithPayments & WithDueDates)
    | null;
  if (!inv || inv.status === 'DRAFT') return null;
  const records = (
    await queryPrefix(deps, keys.invoicePaymentPrefix(companyId, invoiceId), { ConsistentRead: true })
  ).map((i) => stripKeys(i) as unknown as InvoicePayment);
  const payments: OpenItemPayment[] = records
    .filter((p) => (p.status ?? 'ACTIVE') === 'ACTIVE')
    .map((p) => ({ paymentId: p.paymentId, date: p.paidAt, amountCents: p.amountCents, method: p.method }));
  // Credit notes applied settle the invoice like a payment (shared/fiscal/receivables.ts outstanding).
  for (const c of inv.creditsReceived ?? []) {
    payments.push({
      paymentId: `credit-${c.creditNoteId}`,
      date: c.at.slice(0, 10),
      amountCents: c.amountCents,
      method: CREDIT_NOTE_METHOD,
    });
  }
  const version =
    1 +
    records.reduce((s, p) => s + 1 + (p.revision ?? 0) + (p.status === 'DELETED' ? 1 : 0), 0) +
    (inv.creditsReceived?.length ?? 0) +
    (inv.status === 'CANCELLED' ? 1 : 0) +
    (inv.substitutedBy ? 1 : 0);
  const customer = await customerOf(deps, companyId, inv.customer?.customerId ?? null);
  return {
    kind: 'INV',
    documentId: inv.invoiceId,
    companyId,
    number: inv.invoiceNumber ?? inv.invoiceId,
    issueDate: inv.invoiceDate,
    party: {
      partyId: inv.customer?.customerId ?? null,
      name: inv.customer?.name ?? customer?.name ?? 'Sin cliente',
      nif: taxIdText(inv.customer?.taxId),
      iban: customer?.iban ?? null,
      email: customer?.email ?? null,
    },
    totalCents: inv.totals.totalCents,
    owed: !isCreditNote(inv),
    cancelled: !inForce(inv),
    dueDates: inv.dueDates ?? null,
    dueDate: inv.dueDate,
    payments,
    paymentMethod: inv.paymentMethod ?? null,
    version,
  };
}

/** The source of a received invoice's open item, or null when it is not one (deleted, out of the book). */
export async function receivedInvoiceSource(
  deps: Deps,
  companyId: string,
  receivedInvoiceId: string,
): Promise<OpenItemSource | null> {
  const r = (await getItem(deps, keys.receivedInvoice(companyId, receivedInvoiceId))) as unknown as
    | (ReceivedInvoice & WithDueDates)
    | null;
  if (!r || isOutOfBook(r)) return null;
  const payments: OpenItemPayment[] = (
    await queryPrefix(deps, keys.receivedInvoicePaymentPrefix(companyId, receivedInvoiceId), {
      ConsistentRead: true,
    })
  )
    .map((i) => stripKeys(i) as unknown as ReceivedInvoicePayment)
    .filter((p) => p.status === 'ACTIVE')
    .map((p) => ({ paymentId: p.paymentId, date: p.paidAt, amountCents: p.amountCents, method: p.method }));
  const supplier = await supplierOf(deps, companyId, r.supplier.supplierId);
  return {
    kind: 'REC',
    documentId: r.receivedInvoiceId,
    companyId,
    number: r.supplierInvoiceNumber,
    issueDate: r.issueDate,
    party: {
      partyId: r.supplier.supplierId,
      name: r.supplier.name,
      nif: taxIdText(r.supplier.taxId),
      iban: supplier?.iban ?? null,
      email: supplier?.email ?? null,
    },
    totalCents: r.totals.totalCents,
    owed: r.totals.totalCents > 0,
    // A rejected invoice is not to be paid.
    cancelled: r.approvalStatus === 'REJECTED',
    dueDates: r.dueDates ?? null,
    dueDate: r.dueDate ?? null,
    payments,
    paymentMethod: r.paymentMethod ?? null,
    version: r.version,
  };
}

// --- backfill pages --------------------------------------------------------------------------------------

export interface DocumentPage {
  /** The ids of the documents of this page. */
  ids: string[];
  /** Where the next page starts; null after the last one. */
  next: string | null;
}

const encodeCursor = (key: Record<string, unknown> | undefined): string | null =>
  key ? Buffer.from(JSON.stringify(key), 'utf8').toString('base64url') : null;

const decodeCursor = (cursor: string | null): Record<string, unknown> | undefined =>
  cursor
    ? (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>)
    : undefined;

async function idsPage(
  deps: Deps,
  gsi1pk: string,
  idField: string,
  cursor: string | null,
  limit: number,
): Promise<DocumentPage> {
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
  return {
    ids: (res.Items ?? []).map((i) => String(i[idField])),
    next: encodeCursor(res.LastEvaluatedKey),
  };
}

/** A page of the company's issued invoices by date (every status: each is rebuilt, drafts skip). */
export const issuedInvoiceIdsPage = (
  deps: Deps,
  companyId: string,
  cursor: string | null,
  limit = PROJECTION_PAGE_SIZE,
) => idsPage(deps, keys.invoiceByDatePartition(companyId).gsi1pk, 'invoiceId', cursor, limit);

/** A page of the company's received invoices in the book by date. */
export const receivedInvoiceIdsPage = (
  deps: Deps,
  companyId: string,
  cursor: string | null,
  limit = PROJECTION_PAGE_SIZE,
) => idsPage(deps, keys.receivedInvoiceByDatePartition(companyId).gsi1pk, 'receivedInvoiceId', cursor, limit);
