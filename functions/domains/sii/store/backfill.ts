/**
 * Nothing is lost from before (issue 16 item 2): every confirmed or cancelled invoice and every
 * received invoice of an SII company that has no entry in its book (never sent: confirmed before the
 * SII worker existed, or its event expired in the queue) is found from the stored data and given its
 * entries, once.
 *
 *  - the SII period starts on the company's `siiSince` (set when the SII is switched on), else the
 *    date of its earliest invoice with an SII state (issued invoices carry `siiStatus` from their
 *    confirmation in an SII company), else 1 January of the current year;
 *  - issued invoices from then on, CONFIRMED or CANCELLED, with an SII state (or dated after
 *    `siiSince`) and no FE entry: their FE (and OI) entries, and the RECC collections of their
 *    active payments under the criterio de caja. A cancelled one the AEAT never had gets its
 *    withdrawn, final entry (nothing to send; a late confirmation event then changes nothing);
 *  - received invoices booked from then on without an FR entry: their FR (BI, OI) entries, and the
 *    RECC payments of their active payments when the company is under the criterio de caja.
 *
 * Each document is written with conditional puts (attribute_not_exists) through the registration
 * writer (store/entries.ts, `onlyMissing`): an event registering the same document at the same time
 * wins or loses cleanly, and a second run creates nothing.
 */

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll, queryPrefix } from '@functions/lib/directory';
import type { Logger } from '@functions/platform/logger';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import type { InvoicePayment, InvoiceWithPayments } from '@shared/schemas/invoices';
import type { ReceivedInvoicePayment } from '@shared/schemas/received-invoices';
import { SII_STATUSES, type SiiBook } from '@shared/schemas/sii';
import {
  collectionTarget,
  issuedUnderCash,
  type PlanCompany,
  paymentTarget,
  planSourceChange,
  type ReceivedSource,
  receivedUnderCash,
  type SourcePlan,
} from '../model/event-sources';
import { defaultSiiConfig, getSiiCompany, getSiiConfig, type SiiCompanyInfo } from './config';
import type { SiiDeps } from './deps';
import { applyRegistration } from './entries';
import { wakeSender } from './trigger';

type Deps = Pick<SiiDeps, 'db' | 'table' | 'now' | 'sqs' | 'sendQueueUrl'>;

export interface BackfillResult {
  companyId: string;
  /** The first day of the company's SII period, as decided. */
  since: string | null;
  /** Documents found without their entry. */
  found: number;
  /** Entries created. */
  created: number;
  /** Documents whose records cannot be built (logged; tried again on the next run). */
  unbuildable: number;
  woken: boolean;
}

/** Every company in the SII: the company directory (gsi2), filtered on the flag; no Scan. */
export async function listSiiCompanyIds(deps: Pick<SiiDeps, 'db' | 'table'>): Promise<string[]> {
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    FilterExpression: 'siiEnabled = :on',
    ExpressionAttributeValues: { ':pk': keys.companyDirectory().gsi2pk, ':on': true },
    ProjectionExpression: 'companyId',
  });
  return items.map((i) => String(i.companyId));
}

/** The date of the company's earliest issued invoice with an SII state, or null. */
async function earliestSiiInvoiceDate(
  deps: Pick<SiiDeps, 'db' | 'table'>,
  companyId: string,
): Promise<string | null> {
  const statuses = Object.fromEntries(SII_STATUSES.map((s, i) => [`:s${i}`, s]));
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: `siiStatus IN (${Object.keys(statuses).join(', ')})`,
        ExpressionAttributeValues: { ':pk': keys.invoiceByDatePartition(companyId).gsi1pk, ...statuses },
        ProjectionExpression: 'invoiceDate',
        Limit: 500,
        ExclusiveStartKey: start,
      }),
    );
    const first = res.Items?.[0];
    if (first) return String(first.invoiceDate);
    start = res.LastEvaluatedKey;
  } while (start);
  return null;
}

/** The first day of the company's SII period (see the header). */
export async function siiPeriodStart(
  deps: Pick<SiiDeps, 'db' | 'table'>,
  company: Pick<SiiCompanyInfo, 'companyId' | 'siiSince'>,
  today: string,
): Promise<string> {
  if (company.siiSince) return company.siiSince.slice(0, 10);
  return (await earliestSiiInvoiceDate(deps, company.companyId)) ?? `${today.slice(0, 4)}-01-01`;
}

/** The document ids that already have an entry in a book. */
async function documentsWithEntry(
  deps: Pick<SiiDeps, 'db' | 'table'>,
  companyId: string,
  book: SiiBook,
): Promise<Set<string>> {
  const k = keys.siiEntryPrefix(companyId, book);
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': k.pk, ':prefix': k.skPrefix },
    ProjectionExpression: 'documentId',
    ConsistentRead: true,
  });
  return new Set(items.map((i) => String(i.documentId)));
}

/** A company's items of a gsi1 date partition from `since` on. */
const datedFrom = (deps: Pick<SiiDeps, 'db' | 'table'>, gsi1pk: string, since: string) =>
  queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :since',
    ExpressionAttributeValues: { ':pk': gsi1pk, ':since': since },
  });

const isActive = (p: { status?: string }) => p.status === undefined || p.status === 'ACTIVE';

/** The plan of an issued invoice found without its FE entry: FE/OI and its collections under caja. */
async function issuedPlan(
  deps: Pick<SiiDeps, 'db' | 'table'>,
  inv: InvoiceWithPayments,
  company: PlanCompany,
): Promise<SourcePlan> {
  const cancelled = inv.status === 'CANCELLED';
  const plan = planSourceChange(
    { kind: cancelled ? 'INVOICE_CANCELLED' : 'INVOICE_CONFIRMED', invoice: inv },
    company,
  );
  if (cancelled || !issuedUnderCash(inv, company)) return plan;
  const payments = (await queryPrefix(deps, keys.invoicePaymentPrefix(inv.companyId, inv.invoiceId)))
    .map((i) => stripKeys(i) as unknown as InvoicePayment)
    .filter(isActive);
  for (const p of payments) {
    plan.targets.push(
      collectionTarget(
        inv,
        company,
        {
          paymentId: p.paymentId,
          date: p.paidAt,
          amountCents: p.amountCents,
          method: p.method,
          revision: p.revision ?? 0,
        },
        false,
        p.createdAt,
      ),
    );
  }
  return plan;
}

/** The plan of a received invoice found without its FR entry: FR/BI/OI and its payments under caja. */
async function receivedPlan(
  deps: Pick<SiiDeps, 'db' | 'table'>,
  r: ReceivedSource,
  company: PlanCompany,
): Promise<SourcePlan> {
  const plan = planSourceChange({ kind: 'RECEIVED_REGISTERED', received: r }, company);
  if (!receivedUnderCash(r, company, null)) return plan;
  const payments = (
    await queryPrefix(deps, keys.receivedInvoicePaymentPrefix(r.companyId, r.receivedInvoiceId))
  )
    .map((i) => stripKeys(i) as unknown as ReceivedInvoicePayment)
    .filter(isActive);
  for (const p of payments) {
    plan.targets.push(
      // Revision 0: any later event of the payment (at a version of the invoice ≥ 1) is newer.
      paymentTarget(
        r,
        {
          paymentId: p.paymentId,
          date: p.paidAt,
          amountCents: p.amountCents,
          method: p.method,
          account: p.account,
          revision: 0,
        },
        false,
        p.createdAt,
      ),
    );
  }
  return plan;
}

/**
 * Finds and registers the company's documents that never reached the SII, then wakes its sender
 * when anything was queued. Idempotent: a second run finds nothing.
 */
export async function backfillCompany(
  deps: Deps,
  companyId: string,
  today: string,
  log: Logger,
): Promise<BackfillResult> {
  const result: BackfillResult = {
    companyId,
    since: null,
    found: 0,
    created: 0,
    unbuildable: 0,
    woken: false,
  };
  const info = await getSiiCompany(deps, companyId);
  if (!info?.siiEnabled) return result;
  const config =
    (await getSiiConfig(deps, companyId)) ?? defaultSiiConfig(companyId, deps.now().toISOString());
  const company: PlanCompany = {
    companyNif: info.nif,
    companyName: info.name,
    cashCriterion: info.cashCriterion,
    prorrataBp: info.prorrataBp,
  };
  const since = await siiPeriodStart(deps, info, today);
  result.since = since;
  const [withFe, withFr] = await Promise.all([
    documentsWithEntry(deps, companyId, 'FE'),
    documentsWithEntry(deps, companyId, 'FR'),
  ]);
  let wake = false;

  const register = async (documentId: string, build: () => Promise<SourcePlan>) => {
    result.found++;
    let plan: SourcePlan;
    try {
      plan = await build();
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      result.unbuildable++;
      log.error('SII record cannot be built from a document found by the backfill', {
        companyId,
        documentId,
        code: e.code,
        reason: (e.details as { reason?: unknown } | undefined)?.reason,
        errorMessage: e.message,
      });
      return;
    }
    const applied = await applyRegistration(deps, { ...plan, companyId }, { config, onlyMissing: true });
    result.created += applied.written.length;
    wake ||= applied.wake;
  };

  const invoices = (await datedFrom(deps, keys.invoiceByDatePartition(companyId).gsi1pk, since)).map(
    (i) => stripKeys(i) as unknown as InvoiceWithPayments,
  );
  for (const inv of invoices) {
    if (inv.status !== 'CONFIRMED' && inv.status !== 'CANCELLED') continue;
    if (!inv.invoiceNumber || withFe.has(inv.invoiceId)) continue;
    const inSii = (inv.siiStatus ?? null) !== null || (info.siiSince !== null && inv.invoiceDate >= since);
    if (!inSii) continue;
    await register(inv.invoiceId, () => issuedPlan(deps, inv, company));
  }

  const received = (await datedFrom(deps, keys.receivedInvoiceByDatePartition(companyId).gsi1pk, since)).map(
    (i) => stripKeys(i) as unknown as ReceivedSource,
  );
  for (const r of received) {
    if (withFr.has(r.receivedInvoiceId)) continue;
    await register(r.receivedInvoiceId, () => receivedPlan(deps, r, company));
  }

  if (wake) {
    await wakeSender(deps, companyId, `${companyId}:backfill:${today}`);
    result.woken = true;
  }
  if (result.found > 0) log.info('SII backfill registered documents never sent', { ...result });
  return result;
}
