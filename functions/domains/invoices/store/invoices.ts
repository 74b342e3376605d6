/**
 * DynamoDB access for issued invoices: the invoice item (with its by-date index keys), draft
 * writes guarded by `status = DRAFT`, and the confirming transaction that carries the invoice,
 * the number claim and the INVOICE_CONFIRMED event together.
 */

import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import { aggregateUpdateItems, assertTransactionFits } from '@functions/lib/tax-aggregates';
import {
  buildAlta,
  ChainTurn,
  chainBackoffMs,
  chainContext,
  isChainConflict,
  outsideVerifactu,
} from '@functions/lib/verifactu-chain';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { type Company, SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import { issuedContribution } from '@shared/fiscal/tax-aggregates';
import type { Invoice, InvoiceIssuerSnapshot, InvoiceSeries } from '@shared/schemas/invoices';
import { confirmationPaymentAttributes, confirmationPaymentStatus } from '../model/payments';
import type { InvoicesDeps } from './deps';
import { isNumberClaimConflict, type NumberClaim, numberClaimItems } from './series';

type Deps = Pick<InvoicesDeps, 'db' | 'table'>;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * How many times a confirmation claims a number (and the VeriFacTu chain head) again after losing a
 * race. Every confirmation of a company moves its one chain head, so N concurrent confirmations
 * commit one after another (losers take the chain's turn, `ChainTurn`): 50 at once must all get
 * through (infra/local/verifactu-chain.int.test.ts). Retries also stop at CHAIN_BUDGET_MS.
 */
export const MAX_CONFIRM_ATTEMPTS = 80;

export const invoiceItem = (inv: Invoice) => ({
  ...keys.invoice(inv.companyId, inv.invoiceId),
  ...keys.invoiceByDate(inv.companyId, inv.invoiceDate, inv.invoiceId),
  ...confirmationPaymentAttributes(inv),
  entity: 'Invoice',
  v: SCHEMA_VERSION,
  ...inv,
});

const reasonsOf = (e: unknown) =>
  (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? undefined;

const isConditionFailure = (e: unknown) =>
  (e as { name?: string }).name === 'ConditionalCheckFailedException';

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

export async function putDraft(deps: Deps, inv: Invoice): Promise<void> {
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: invoiceItem(inv),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
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
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.table,
        Item: invoiceItem(next),
        ConditionExpression: '#status = :draft AND updatedAt = :seen',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':draft': 'DRAFT', ':seen': current.updatedAt },
      }),
    );
  } catch (e) {
    if (isConditionFailure(e)) throw await draftRefusal(deps, current.companyId, current.invoiceId);
    throw e;
  }
}

export async function deleteDraft(deps: Deps, companyId: string, invoiceId: string): Promise<void> {
  try {
    await deps.db.send(
      new DeleteCommand({
        TableName: deps.table,
        Key: keys.invoice(companyId, invoiceId),
        ConditionExpression: '#status = :draft',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':draft': 'DRAFT' },
      }),
    );
  } catch (e) {
    if (isConditionFailure(e)) throw await draftRefusal(deps, companyId, invoiceId);
    throw e;
  }
}

/** The issuer as the invoice records it at confirmation (Art. 6.1.c/d RD 1619/2012). */
export const issuerSnapshot = (c: Company): InvoiceIssuerSnapshot => ({
  name: c.name,
  nif: c.nif,
  street: c.address.street,
  postalCode: c.address.postalCode,
  city: c.address.city,
  province: c.address.province,
  country: c.address.country,
  email: c.email ?? null,
  phone: c.phone ?? null,
  vatRegime: c.fiscal.vatRegime,
});

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
    ? { issuer: issuerSnapshot(company), siiStatus: company.siiEnabled ? ('NOT_SENT' as const) : null }
    : {}),
  status: 'CONFIRMED',
  series: series.code,
  seriesId: series.seriesId,
  number: claim.number,
  invoiceNumber: claim.invoiceNumber,
  confirmedAt: at,
  updatedAt: at,
});

/**
 * What an invoice event carries so its consumers (SII, accounting) never read the
 * invoice: identity, type, dates, customer, issuer, breakdown, totals, rectification and SII state.
 */
export const invoiceEventPayload = (inv: Invoice) => ({
  invoiceId: inv.invoiceId,
  companyId: inv.companyId,
  invoiceType: inv.invoiceType,
  invoiceDate: inv.invoiceDate,
  operationDate: inv.operationDate ?? null,
  series: inv.series,
  number: inv.number,
  invoiceNumber: inv.invoiceNumber,
  customer: inv.customer ?? null,
  issuer: inv.issuer ?? null,
  breakdown: inv.breakdown,
  totals: inv.totals,
  irpfRateBp: inv.irpfRateBp,
  rectification: inv.rectification ?? null,
  siiStatus: inv.siiStatus ?? null,
});

const eventPut = (deps: Deps, inv: Invoice): TransactItem => ({
  Put: {
    TableName: deps.table,
    Item: {
      ...keys.invoiceEvent(inv.companyId, inv.invoiceId, 'INVOICE_CONFIRMED'),
      entity: 'InvoiceEvent',
      v: SCHEMA_VERSION,
      kind: 'INVOICE_CONFIRMED',
      ...invoiceEventPayload(inv),
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Confirms an invoice in ONE TransactWriteItems: [invoice, counter, series use, event, the tax
 * aggregates' ADDs (month and quarter by tax key and type, quarter by customer), the VeriFacTu
 * registro de alta (record, submission, chain head, stats — none for a company in the SII),
 * ...extraItems]. The indexes 0..3 are fixed (the refusal handling below reads them); the record
 * items' offset is computed; `extraItems` (e.g. the rectified invoice's `rectifiedBy` update) go
 * last. A lost numbering race (Art. 6.1.a RD 1619/2012: correlative, no gaps, no repeats), a lost
 * chain head (RD 1007/2023: one unbroken chain per issuer) or a transaction conflict on a shared
 * item claims the number and the head again: a VeriFacTu company's writers then take the chain's
 * turn (one by one), an SII company's back off with jitter. `opts.createdBy` is stored on the record.
 */
export async function confirmInvoiceWrite(
  deps: Deps,
  inv: Invoice,
  series: InvoiceSeries,
  mode: 'create' | 'update',
  at: string,
  extraItems: TransactItem[] = [],
  opts: { createdBy?: string | null } = {},
): Promise<Invoice> {
  const year = Number(inv.invoiceDate.slice(0, 4));
  const company = await getIssuerCompany(deps, inv.companyId);
  const turn = company.siiEnabled ? null : new ChainTurn(deps, inv.companyId);
  let written = false;
  try {
    for (let attempt = 0; attempt < MAX_CONFIRM_ATTEMPTS && !turn?.expired; attempt++) {
      // The number counter and the chain head are read together: the shorter the time between the
      // reads and the write, the fewer races are lost.
      const [claim, chain] = await Promise.all([
        numberClaimItems(deps, series, year, inv.invoiceDate),
        turn ? chainContext(deps, inv.companyId, new Date(at)) : null,
      ]);
      if (turn && (await turn.waitIfTaken(chain))) continue;
      const next = confirmed(inv, series, claim, at, company);
      const alta =
        chain && !outsideVerifactu(next)
          ? buildAlta(deps.table, {
              invoice: next,
              ctx: chain,
              at: new Date(at),
              createdBy: opts.createdBy ?? null,
            })
          : null;
      const head = [
        invoiceWrite(deps, next, mode, inv.updatedAt),
        ...claim.items,
        eventPut(deps, next),
        ...aggregateUpdateItems(deps.table, next.companyId, issuedContribution(next, 1)),
      ];
      const recordOffset = head.length;
      const items = [...head, ...(alta?.items ?? []), ...extraItems];
      assertTransactionFits(items);
      try {
        await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
        written = true;
        return { ...next, ...confirmationPaymentStatus(next) } as Invoice;
      } catch (e) {
        const reasons = reasonsOf(e);
        if (reasons?.[0]?.Code === 'ConditionalCheckFailed') {
          if (mode === 'update') throw await draftRefusal(deps, inv.companyId, inv.invoiceId);
          throw e;
        }
        if (isNumberClaimConflict(e, 1) || (alta && isChainConflict(e, recordOffset))) {
          // Every confirmation of a VeriFacTu company moves its chain head: after a lost race, take
          // the chain's turn (writers then go one by one); an SII company only backs off.
          if (turn) await turn.afterLostRace(attempt);
          else await sleep(chainBackoffMs(attempt));
          continue;
        }
        if (reasons?.[2]?.Code === 'ConditionalCheckFailed') {
          throw new AppError('CORE_004', `La serie ${series.code} no está activa.`, {
            field: 'series',
            details: { reason: 'SERIES_INACTIVE' },
          });
        }
        throw e;
      }
    }
  } finally {
    if (!written) await turn?.release();
  }
  throw new AppError('CORE_005', 'No se ha podido numerar la factura por concurrencia; inténtalo de nuevo.', {
    details: { reason: 'NUMBERING_CONTENTION' },
  });
}
