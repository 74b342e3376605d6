/**
 * DynamoDB access for issued invoices: the invoice item (with its by-date index keys), draft
 * writes guarded by `status = DRAFT`, and the confirming transaction that carries the invoice,
 * the number claim and the INVOICE_CONFIRMED event together.
 */

import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import { aggregateUpdateItems, assertTransactionFits } from '@functions/lib/tax-aggregates';
import { buildAlta, outsideVerifactu, writeWithChain } from '@functions/lib/verifactu-chain';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { failedConditionAt, isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { type Company, SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import { issuerSnapshotOf } from '@shared/fiscal/invoice-issuer';
import { issuedContribution } from '@shared/fiscal/tax-aggregates';
import { invoiceEventPayload, paymentEventBody } from '@shared/schemas/invoice-events';
import type { InvoiceSeries } from '@shared/schemas/invoice-series';
import type { Invoice, InvoicePayment } from '@shared/schemas/invoices';
import { checkCompleteInvoiceParties } from '../model/complete-invoice';
import { confirmedDueDates, termsFor } from '../model/due-dates';
import { confirmationPaymentAttributes, confirmationPaymentStatus } from '../model/payments';
import { getCustomer } from './customers';
import type { InvoicesDeps } from './deps';
import { countUpdates, dateMoveUpdates, withConflictRetry } from './invoice-counts';
import { getInvoicingDefaults } from './invoicing-defaults';
import { confirmationPaymentContributions } from './payment-aggregates';
import { isNumberClaimConflict, type NumberClaim, numberClaimItems } from './series';

type Deps = Pick<InvoicesDeps, 'db' | 'table'>;

export const invoiceItem = (inv: Invoice) => ({
  ...keys.invoice(inv.companyId, inv.invoiceId),
  ...keys.invoiceByDate(inv.companyId, inv.invoiceDate, inv.invoiceId),
  ...confirmationPaymentAttributes(inv),
  entity: 'Invoice',
  v: SCHEMA_VERSION,
  ...inv,
});

// Art. 6 RD 1619/2012: an issued invoice is never edited; corrections are rectificativas.
export const confirmedIsFinal = () =>
  new AppError(
    'DOC_047',
    'La factura ya está confirmada y no se puede modificar ni eliminar; emite una rectificativa.',
  );

export const invoiceNotFound = () => new AppError('CORE_006', 'La factura no existe.');

export async function getInvoice(
  deps: Deps,
  companyId: string,
  invoiceId: string,
): Promise<Invoice | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.invoice(companyId, invoiceId), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as Invoice) : undefined;
}

/** A company's invoices dated within [from, to], newest first: one Query on gsi1. */
export async function listInvoices(
  deps: Deps,
  companyId: string,
  from: string | undefined,
  to: string | undefined,
): Promise<Invoice[]> {
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1' satisfies IndexName,
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': keys.invoiceByDatePartition(companyId).gsi1pk,
      ':from': from ?? '0000-00-00',
      // '~' sorts after every id character, so the whole `to` day is included.
      ':to': `${to ?? '9999-12-31'}#~`,
    },
    ScanIndexForward: false,
  });
  return items.map((i) => stripKeys(i) as unknown as Invoice);
}

/**
 * Writes a new draft with its counters (store/invoice-counts.ts) in one transaction; refused
 * (TransactionCanceledException, reason 0 ConditionalCheckFailed) when the id exists.
 */
export async function putDraft(deps: Deps, inv: Invoice): Promise<void> {
  await withConflictRetry(() =>
    deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: deps.table,
              Item: invoiceItem(inv),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          ...countUpdates(deps.table, inv.companyId, inv.invoiceDate, 1),
        ],
      }),
    ),
  );
}

/** After a refused draft write: DOC_047 when it was confirmed meanwhile, 404 when it is gone. */
async function draftRefusal(deps: Deps, companyId: string, invoiceId: string): Promise<AppError> {
  const fresh = await getInvoice(deps, companyId, invoiceId);
  if (fresh?.status === 'CONFIRMED') return confirmedIsFinal();
  if (!fresh) return invoiceNotFound();
  return new AppError(
    'CORE_004',
    'La factura ha cambiado mientras la editabas. Recarga y vuelve a intentarlo.',
    {
      details: { reason: 'CONCURRENT_UPDATE' },
    },
  );
}

/** Replaces a draft, only while it is still the draft that was read. */
export async function replaceDraft(deps: Deps, current: Invoice, next: Invoice): Promise<void> {
  const put = {
    TableName: deps.table,
    Item: invoiceItem(next),
    ConditionExpression: '#status = :draft AND updatedAt = :seen',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':draft': 'DRAFT', ':seen': current.updatedAt },
  };
  // A new date moves the draft between the counters' days and months, in the same transaction.
  const moves = dateMoveUpdates(deps.table, current.companyId, current.invoiceDate, next.invoiceDate);
  try {
    if (moves.length === 0) await deps.db.send(new PutCommand(put));
    else
      await withConflictRetry(() =>
        deps.db.send(new TransactWriteCommand({ TransactItems: [{ Put: put }, ...moves] })),
      );
  } catch (e) {
    if (isConditionalCheckFailed(e) || failedConditionAt(e, 0))
      throw await draftRefusal(deps, current.companyId, current.invoiceId);
    throw e;
  }
}

/** Deletes a draft as read (`current`: still a draft of that date) and takes it off the counters. */
export async function deleteDraft(deps: Deps, current: Invoice): Promise<void> {
  const { companyId, invoiceId } = current;
  try {
    await withConflictRetry(() =>
      deps.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: deps.table,
                Key: keys.invoice(companyId, invoiceId),
                ConditionExpression: '#status = :draft AND invoiceDate = :date',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':draft': 'DRAFT', ':date': current.invoiceDate },
              },
            },
            ...countUpdates(deps.table, companyId, current.invoiceDate, -1),
          ],
        }),
      ),
    );
  } catch (e) {
    if (isConditionalCheckFailed(e) || failedConditionAt(e, 0))
      throw await draftRefusal(deps, companyId, invoiceId);
    throw e;
  }
}

async function getIssuerCompany(deps: Deps, companyId: string): Promise<Company> {
  const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: keys.company(companyId) }));
  if (!res.Item) throw new AppError('CORE_006', 'La empresa no existe.');
  return stripKeys(res.Item) as unknown as Company;
}

/** The invoice as confirmed with a claimed number, the issuer snapshot and its SII state. */
export const confirmed = (
  inv: Invoice,
  series: InvoiceSeries,
  claim: NumberClaim,
  at: string,
  company?: Company,
): Invoice => ({
  ...inv,
  ...(company
    ? { issuer: issuerSnapshotOf(company), siiStatus: company.siiEnabled ? ('NOT_SENT' as const) : null }
    : {}),
  status: 'CONFIRMED',
  series: series.code,
  seriesId: series.seriesId,
  number: claim.number,
  invoiceNumber: claim.invoiceNumber,
  confirmedAt: at,
  updatedAt: at,
});

// The events' payload is pure (model/invoice-events.ts); re-exported for the stores that write events.
export { invoiceEventPayload };

/**
 * INVOICE_CONFIRMED. A substitute also carries the payments it takes over from the invoices it
 * replaces (`payments`, each with `movedFrom`): under the criterio de caja in the SII they are its
 * collections now (RECC book), no longer the originals'.
 */
const eventPut = (deps: Deps, inv: Invoice, movedPayments: readonly InvoicePayment[]): TransactItem => ({
  Put: {
    TableName: deps.table,
    Item: {
      ...keys.invoiceEvent(inv.companyId, inv.invoiceId, 'INVOICE_CONFIRMED'),
      entity: 'InvoiceEvent',
      v: SCHEMA_VERSION,
      kind: 'INVOICE_CONFIRMED',
      ...invoiceEventPayload(inv),
      ...(movedPayments.length > 0 ? { payments: movedPayments.map(paymentEventBody) } : {}),
      at: inv.confirmedAt,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/**
 * The write of the invoice itself: 'create' puts a new confirmed invoice (create-and-confirm,
 * one transaction, so a refusal leaves no draft behind); 'update' turns a draft into the
 * confirmed invoice, conditioned on it still being a draft.
 */
function invoiceWrite(
  deps: Deps,
  next: Invoice,
  mode: 'create' | 'update',
  seenUpdatedAt: string,
): TransactItem {
  if (mode === 'create') {
    return {
      Put: {
        TableName: deps.table,
        Item: invoiceItem(next),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  }
  return {
    Put: {
      TableName: deps.table,
      Item: invoiceItem(next),
      ConditionExpression: '#status = :draft AND updatedAt = :seen',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':draft': 'DRAFT', ':seen': seenUpdatedAt },
    },
  };
}

/**
 * Issue 19: confirmation fixes the due dates; a draft without any takes them now from the terms in
 * force (its stored customer's, else the company's), read only when needed (model/due-dates.ts).
 */
async function withDueDatesFixed(deps: Deps, inv: Invoice): Promise<Invoice> {
  if (inv.dueDates || inv.dueDate || inv.totals.totalCents <= 0) return confirmedDueDates(inv, undefined);
  const customerId = inv.customer?.customerId;
  const customer = customerId ? await getCustomer(deps, inv.companyId, customerId) : undefined;
  const terms = termsFor(customer, (await getInvoicingDefaults(deps, inv.companyId)).paymentTerms);
  return confirmedDueDates(inv, terms);
}

/**
 * Confirms an invoice in ONE TransactWriteItems: [invoice, counter, series use, event, the tax
 * aggregates' ADDs (month and quarter by tax key and type, quarter by customer; under the criterio
 * de caja also the uncollected VAT at its deadline), the VeriFacTu
 * registro de alta (record, submission, chain head, stats — none for a company in the SII),
 * ...extraItems]. The indexes 0..3 are fixed (the refusal handling below reads them); the record
 * items' offset is computed; `extraItems` (e.g. the rectified invoice's `rectifiedBy` update) go
 * last. It is written by the chain's one writer (`writeWithChain`): a lost numbering race (Art.
 * 6.1.a RD 1619/2012: correlative, no gaps, no repeats), a lost chain head (RD 1007/2023: one
 * unbroken chain per issuer) or a transaction conflict on a shared item claims the number and the
 * head again, with the writer's retry policy. `opts.createdBy` is stored on the record;
 * `opts.movedPayments` (a substitution's, as the substitute keeps them) ride on the event.
 */
export async function confirmInvoiceWrite(
  deps: Deps,
  draft: Invoice,
  series: InvoiceSeries,
  mode: 'create' | 'update',
  at: string,
  extraItems: TransactItem[] | ((next: Invoice) => TransactItem[]) = [],
  opts: { createdBy?: string | null; movedPayments?: readonly InvoicePayment[] } = {},
): Promise<Invoice> {
  const year = Number(draft.invoiceDate.slice(0, 4));
  const company = await getIssuerCompany(deps, draft.companyId);
  const inv = await withDueDatesFixed(deps, draft);
  checkCompleteInvoiceParties(inv, company);
  return writeWithChain(deps, inv.companyId, {
    // A company in the SII has no VeriFacTu chain (RD 1007/2023 art. 3).
    linked: !company.siiEnabled,
    now: () => new Date(at),
    read: () => numberClaimItems(deps, series, year, inv.invoiceDate),
    build: (chain, claim, now) => {
      const next = confirmed(inv, series, claim, at, company);
      const alta =
        chain && !outsideVerifactu(next)
          ? buildAlta(deps.table, { invoice: next, ctx: chain, at: now, createdBy: opts.createdBy ?? null })
          : null;
      const head = [
        invoiceWrite(deps, next, mode, inv.updatedAt),
        ...claim.items,
        eventPut(deps, next, opts.movedPayments ?? []),
        ...aggregateUpdateItems(
          deps.table,
          next.companyId,
          issuedContribution(next, 1),
          // Criterio de caja: uncollected, its VAT accrues at the deadline (store/payment-aggregates.ts).
          ...confirmationPaymentContributions(next),
        ),
        // A new invoice enters the list's counters; a confirmed draft was counted when written.
        ...(mode === 'create' ? countUpdates(deps.table, next.companyId, next.invoiceDate, 1) : []),
      ];
      // Items that name the claimed number (a rectificativa's links) are built for this attempt.
      const extra = typeof extraItems === 'function' ? extraItems(next) : extraItems;
      const items = [...head, ...(alta?.items ?? []), ...extra];
      assertTransactionFits(items);
      return {
        items,
        recordAt: alta ? head.length : null,
        result: { ...next, ...confirmationPaymentStatus(next) } as Invoice,
      };
    },
    refused: async (e) => {
      if (failedConditionAt(e, 0)) {
        return mode === 'update' ? await draftRefusal(deps, inv.companyId, inv.invoiceId) : e;
      }
      if (failedConditionAt(e, 2) && !isNumberClaimConflict(e, 1)) {
        return new AppError('CORE_004', `La serie ${series.code} no está activa.`, {
          field: 'series',
          details: { reason: 'SERIES_INACTIVE' },
        });
      }
      return undefined;
    },
    lostRace: (e) => isNumberClaimConflict(e, 1),
    gaveUp: () =>
      new AppError(
        'CONCURRENT_UPDATE',
        'No se ha podido numerar la factura por concurrencia; inténtalo de nuevo.',
        {
          details: { reason: 'NUMBERING_CONTENTION' },
        },
      ),
  });
}
