/**
 * The reads behind the company dashboard's summary, by the shared key builders: each one is a
 * GetItem, a BatchGet or a Query bounded by its key condition (aggregates, counters and sparse
 * indexes), never a Scan and never the year's invoices. Access patterns: shared/db/access-patterns.md
 * (#6, #23, #43/#80, #67, #73, #76, #78, SII submissions, D3, D6, A1, A8, B7, B10, the invoices'
 * and received invoices' date indexes).
 */

import { readPeriodBookSections } from '@functions/lib/tax-aggregates';
import { keys } from '@shared/db/keys';
import type { TaxObligation } from '@shared/fiscal/fiscal-alerts';
import { formatEuros } from '@shared/fiscal/money';
import { RECEIVED_INVOICE_TYPE } from '@shared/fiscal/tax-aggregates';
import { addDays } from '@shared/fiscal/tax-calendar';
import type { RecentActivityItem } from '@shared/schemas/dashboard';
import { SII_BOOKS } from '@shared/schemas/sii';
import type { CollectionMonth } from '@shared/schemas/treasury';
import type { LedgerMonthSum, MonthFigures, OpenDocument, SiiStatus } from '../model/summary-sections';
import { type SummaryReader, withProjection } from './summary-reader';

type Item = Record<string, unknown>;

const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export interface SummaryCompany {
  companyId: string;
  name: string;
  nif: string;
  companyType: string;
  siiEnabled: boolean;
}

/** The company item (#6). */
export function readCompany(r: SummaryReader, companyId: string): Promise<SummaryCompany | undefined> {
  return r.once('company', async () => {
    const item = await r.get(keys.company(companyId), ['name', 'nif', 'companyType', 'siiEnabled']);
    if (!item) return undefined;
    return {
      companyId,
      name: str(item.name),
      nif: str(item.nif),
      companyType: str(item.companyType),
      siiEnabled: item.siiEnabled === true,
    };
  });
}

/**
 * The months of both books from the invoice-type sections (`T`) of the running tax aggregates
 * (#43), read once per request: per month one Query of the issued book's `T` section (a few items:
 * one per invoice type and series shard), and one BatchGet of the received book's single `T` item
 * of every month (received invoices are not sharded: its key is known). Whatever the invoices.
 */
export function readMonthSeries(
  r: SummaryReader,
  companyId: string,
  months: readonly string[],
): Promise<MonthFigures[]> {
  return r.once(`months:${months.join(',')}`, async () => {
    const receivedKey = (month: string) =>
      keys.taxAggregate(companyId, 'M', month, 'RECEIVED', 'T', RECEIVED_INVOICE_TYPE);
    const [issued, received] = await Promise.all([
      Promise.all(months.map((month) => readPeriodBookSections(r.deps, companyId, month, 'ISSUED', ['T']))),
      r.batchGet(months.map(receivedKey), ['sk', 'baseCents', 'count']),
    ]);
    r.count(issued.reduce((n, a) => n + a.itemsRead, 0));
    const bySk = new Map(received.map((i) => [str(i.sk), i]));
    return months.map((month, k) => {
      const types = issued[k]!.byInvoiceType.ISSUED;
      const rec = bySk.get(receivedKey(month).sk);
      return {
        month,
        issuedBase: types.reduce((s, l) => s + l.baseCents, 0),
        issuedCount: types.reduce((s, l) => s + l.count, 0),
        receivedBase: num(rec?.baseCents),
        receivedCount: num(rec?.count),
      };
    });
  });
}

/** The open items of the treasury projection (B7: only open documents carry `OPENDUE#`). */
export function readOpenDocuments(r: SummaryReader, companyId: string): Promise<OpenDocument[]> {
  return r.once('open', async () => {
    const items = await r.query(
      withProjection(
        {
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.openItemByDuePartition(companyId).gsi1pk },
        },
        ['kind', 'documentId', 'number', 'partyName', 'outstandingCents', 'nextDueDate'],
      ),
    );
    return items
      .filter((i) => i.kind === 'INV' || i.kind === 'REC')
      .map((i) => ({
        kind: i.kind as 'INV' | 'REC',
        documentId: str(i.documentId),
        number: str(i.number),
        partyName: str(i.partyName),
        outstandingCents: num(i.outstandingCents),
        nextDueDate: typeof i.nextDueDate === 'string' ? i.nextDueDate : null,
      }));
  });
}

/**
 * What was collected of the receivables per payment month (B10: the treasury's collection summary,
 * one GetItem; the banking domain recomputes it a few seconds after an issued invoice's open item
 * changes). No summary yet: nothing collected.
 */
export function readCollectionMonths(r: SummaryReader, companyId: string): Promise<CollectionMonth[]> {
  return r.once('collections', async () => {
    const item = await r.get(keys.collectionSummary(companyId), ['months']);
    const months = Array.isArray(item?.months) ? (item.months as Item[]) : [];
    return months.map((m) => ({
      month: str(m.month),
      collectedCents: num(m.collectedCents),
      collectedCentsDays: num(m.collectedCentsDays),
    }));
  });
}

/** The company's open obligations (#76: only PENDING ones carry `TAXOPEN`), by due date. */
export function readOpenObligations(r: SummaryReader, companyId: string): Promise<TaxObligation[]> {
  return r.once('obligations', async () => {
    const items = await r.query({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.taxOpenObligationPartition(companyId).gsi1pk },
    });
    return items as unknown as TaxObligation[];
  });
}

/**
 * The generated model's result of each open obligation that names one (#78, one BatchGet). An
 * obligation gets its model when generated, which also takes it off the open index, so most open
 * obligations have none (their estimate is null).
 */
export async function readModelEstimates(
  r: SummaryReader,
  companyId: string,
  obligations: readonly TaxObligation[],
): Promise<Map<string, number>> {
  const withModel = obligations.filter((o) => typeof o.modelId === 'string' && o.modelId);
  const out = new Map<string, number>();
  if (withModel.length === 0) return out;
  const items = await r.batchGet(
    withModel.map((o) => keys.taxModel(companyId, o.year, o.modelId!)),
    ['modelId', 'result'],
  );
  const byModel = new Map(items.map((i) => [str(i.modelId), i]));
  for (const o of withModel) {
    const result = byModel.get(o.modelId!)?.result as { amountCents?: unknown } | undefined;
    if (result && typeof result.amountCents === 'number') out.set(o.obligationId, result.amountCents);
  }
  return out;
}

/** The window of SII submissions the dashboard summarises. */
export const SII_WINDOW_DAYS = 30;

/**
 * The SII state of a company in the SII: records waiting to be sent or answered (the sparse
 * pending index of each book, `Select COUNT`), and the records the AEAT answered in the submissions
 * of the last 30 days (their ids sort by time): success rate (accepted, with or without errors,
 * over answered; 100 when nothing was answered) and rejected records.
 */
export function readSiiStatus(
  r: SummaryReader,
  companyId: string,
  now: Date,
): Promise<{ status: SiiStatus; rejected: number }> {
  return r.once('sii', async () => {
    const from = new Date(now.getTime() - SII_WINDOW_DAYS * 86_400_000).toISOString();
    const prefix = keys.siiSubmissionPrefix(companyId);
    const [pendingByBook, submissions] = await Promise.all([
      Promise.all(
        SII_BOOKS.map((book) =>
          r.countQuery({
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk',
            ExpressionAttributeValues: { ':pk': keys.siiPendingPartition(companyId, book).gsi1pk },
          }),
        ),
      ),
      r.query(
        withProjection(
          {
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
            ExpressionAttributeValues: {
              ':pk': prefix.pk,
              ':from': `${prefix.skPrefix}${from}`,
              ':to': `${prefix.skPrefix}~`,
            },
          },
          ['operation', 'acceptedCount', 'acceptedWithErrorsCount', 'rejectedCount'],
        ),
      ),
    ]);
    const sent = submissions.filter((s) => s.operation !== 'CONSULTA');
    const accepted = sent.reduce((s, x) => s + num(x.acceptedCount) + num(x.acceptedWithErrorsCount), 0);
    const rejected = sent.reduce((s, x) => s + num(x.rejectedCount), 0);
    const answered = accepted + rejected;
    return {
      status: {
        successRate: answered === 0 ? 100 : Math.round((accepted / answered) * 1000) / 10,
        pendingSubmissions: pendingByBook.reduce((s, n) => s + n, 0),
        failedSubmissions: rejected,
      },
      rejected,
    };
  });
}

/** Tax profile (#73), VeriFacTu configuration and counters (#67): one BatchGet. */
export async function readComplianceState(
  r: SummaryReader,
  companyId: string,
): Promise<{ hasTaxProfile: boolean; verifactuConfigured: boolean; verifactuErrors: number }> {
  const profileKey = keys.taxProfile(companyId);
  const configKey = keys.verifactuConfig(companyId);
  const statsKey = keys.verifactuStats(companyId);
  const items = await r.batchGet(
    [profileKey, configKey, statsKey],
    ['pk', 'sk', 'enabled', 'status_ERROR', 'corrected_ERROR'],
  );
  const find = (k: { sk: string }) => items.find((i) => i.sk === k.sk);
  const stats = find(statsKey);
  return {
    hasTaxProfile: find(profileKey) !== undefined,
    verifactuConfigured: find(configKey)?.enabled === true,
    // verifactu/model/dashboard.ts `uncorrectedErrors`: ERROR records no later record corrected.
    verifactuErrors: Math.max(
      0,
      Math.trunc(num(stats?.status_ERROR)) - Math.trunc(num(stats?.corrected_ERROR)),
    ),
  };
}

/** Documents whose review is pending (D6: sparse `DOCREVIEW`, `Select COUNT`). */
export function countDocumentsToReview(r: SummaryReader, companyId: string): Promise<number> {
  return r.once('docreview', () =>
    r.countQuery({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.documentReviewPendingPartition(companyId).gsi1pk },
    }),
  );
}

/**
 * The accounting card's inputs for a year: the settings (A1; absent = accounting never set up),
 * the year's entry counter and the PGC-level month sums (A8: `C#01` … `C#12~`, one item per
 * account, month and entry kind).
 */
export async function readAccounting(
  r: SummaryReader,
  companyId: string,
  year: number,
): Promise<{ closedThrough: string | null; entries: number; sums: LedgerMonthSum[] } | null> {
  const settings = await r.get(keys.accountingSettings(companyId), ['closedThrough']);
  if (!settings) return null;
  const partition = keys.ledgerAggregatePartition(companyId, year);
  // The PGC level's items of the year, January to December, every entry kind (C < N < O < R).
  const first = keys.ledgerAggregate(companyId, year, 'C', 1, 'C', '');
  const last = keys.ledgerAggregate(companyId, year, 'C', 12, 'R', '~');
  const [counter, sums] = await Promise.all([
    r.get(keys.entryNumberCounter(companyId, year), ['last']),
    r.query(
      withProjection(
        {
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': partition.pk, ':from': first.sk, ':to': last.sk },
        },
        ['accountCode', 'kind', 'debitCents', 'creditCents'],
      ),
    ),
  ]);
  return {
    closedThrough: typeof settings.closedThrough === 'string' ? settings.closedThrough : null,
    entries: Math.trunc(num(counter?.last)),
    sums: sums.map((s) => ({
      accountCode: str(s.accountCode),
      kind: str(s.kind),
      debitCents: num(s.debitCents),
      creditCents: num(s.creditCents),
    })),
  };
}

/** Latest items read per area for the activity list (drafts are skipped, so a few more are read). */
const ACTIVITY_READ = 20;

const euros = (cents: number) => formatEuros(Math.round(cents));

/**
 * The latest events of each area, newest first: issued invoices (their date index, up to today,
 * confirmed ones), received invoices (their book-date index), documents (`DOC#` ids are
 * time-ordered). Each a Query with a Limit.
 */
export async function readActivity(
  r: SummaryReader,
  companyId: string,
  today: string,
): Promise<RecentActivityItem[][]> {
  const latest = (gsi1pk: string, attributes: string[]) =>
    r.query(
      withProjection(
        {
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :to',
          ExpressionAttributeValues: { ':pk': gsi1pk, ':to': `${addDays(today, 1)}` },
          ScanIndexForward: false,
        },
        attributes,
      ),
      ACTIVITY_READ,
    );
  const docPrefix = keys.documentPrefix(companyId);
  const [issued, received, documents] = await Promise.all([
    latest(keys.invoiceByDatePartition(companyId).gsi1pk, [
      'invoiceId',
      'invoiceNumber',
      'status',
      'customer.name',
      'totals.totalCents',
      'confirmedAt',
      'createdAt',
    ]),
    latest(keys.receivedInvoiceByDatePartition(companyId).gsi1pk, [
      'receivedInvoiceId',
      'supplierInvoiceNumber',
      'supplier.name',
      'totals.totalCents',
      'createdAt',
    ]),
    r.query(
      withProjection(
        {
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': docPrefix.pk, ':prefix': docPrefix.skPrefix },
          ScanIndexForward: false,
        },
        ['documentId', 'fileName', 'createdAt'],
      ),
      ACTIVITY_READ,
    ),
  ]);
  const nested = (i: Item, a: string, b: string): unknown => (i[a] as Item | undefined)?.[b];
  return [
    issued
      .filter((i) => i.status !== 'DRAFT' && typeof i.invoiceId === 'string')
      .map((i) => ({
        id: `invoice-${str(i.invoiceId)}`,
        type: 'INVOICE_ISSUED',
        title: `Factura ${str(i.invoiceNumber) || 'sin número'} emitida`,
        description: `${str(nested(i, 'customer', 'name')) || 'Sin cliente'} · ${euros(num(nested(i, 'totals', 'totalCents')))}`,
        timestamp: str(i.confirmedAt) || str(i.createdAt),
        actionUrl: `/app/invoices/${encodeURIComponent(str(i.invoiceId))}`,
      })),
    received
      .filter((i) => typeof i.receivedInvoiceId === 'string')
      .map((i) => ({
        id: `received-${str(i.receivedInvoiceId)}`,
        type: 'INVOICE_RECEIVED',
        title: `Factura recibida ${str(i.supplierInvoiceNumber)}`.trim(),
        description: `${str(nested(i, 'supplier', 'name'))} · ${euros(num(nested(i, 'totals', 'totalCents')))}`,
        timestamp: str(i.createdAt),
        actionUrl: `/app/admin/invoicing/expenses/${encodeURIComponent(str(i.receivedInvoiceId))}`,
      })),
    documents
      .filter((i) => typeof i.documentId === 'string')
      .map((i) => ({
        id: `document-${str(i.documentId)}`,
        type: 'DOCUMENT_UPLOADED',
        title: 'Documento subido',
        description: str(i.fileName),
        timestamp: str(i.createdAt),
        actionUrl: '/app/documents',
      })),
  ].map((group) => group.slice(0, 10));
}

/** The caller's unread notifications in the company (#23, one GetItem). */
export async function readUnread(r: SummaryReader, userId: string, companyId: string): Promise<number> {
  const item = await r.get(keys.notificationCounter(userId, companyId), ['unread']);
  return Math.max(0, Math.trunc(num(item?.unread)));
}
