/**
 * What the client dashboard reads, every read bounded and by key (no Scan), all in parallel:
 *  - the company (#6) and the caller's profile (#1), GetItem;
 *  - the advisor card's reads (./client-advisor.ts);
 *  - with `invoices.read`: the issued book's invoice-type aggregates of the period and of the previous
 *    one (#80, section `T` of each month or quarter, a year = its four quarters), the company's open
 *    receivables (B7, gsi1 `OPENDUE#<c>`, only open items, kind INV) and its 20 latest issued invoices
 *    (gsi1 `COMPANY#<c>#INVOICES`, newest first);
 *  - the caller's uploads waiting for review (D6, gsi1 `COMPANY#<c>#DOCREVIEW` filtered by
 *    `uploadedBy`, Select COUNT) and its latest uploads (D3, `DOC#` range of the last 90 days, newest
 *    first, filtered by `uploadedBy`, at most 5 pages of 100);
 *  - with `tax.read`: the models of this year and last year (#79) that were published to the client;
 *  - the company's meetings (`MEETING#<c>`, `begins_with(sk, MEET#)`; a CLIENTE's filtered to its own).
 */

import { GetCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import { readPeriodBookSections } from '@functions/lib/tax-aggregates';
import { keys } from '@shared/db/keys';
import type { IndexName } from '@shared/db/table';
import type { MeetingStatus } from '@shared/schemas/meetings';
import type {
  MeetingFact,
  OpenReceivable,
  OwnUpload,
  PeriodTotals,
  PublishedModel,
  RecentInvoice,
} from '../model/client-dashboard';
import type { PeriodWindow } from '../model/client-period';
import type { DashboardDeps } from './deps';

type Deps = Pick<DashboardDeps, 'db' | 'table'>;
type Item = Record<string, unknown>;

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0) || 0);

const RECENT_INVOICES = 20;
const UPLOAD_WINDOW_DAYS = 90;
const UPLOAD_PAGE = 100;
const UPLOAD_PAGES = 5;
export const RECENT_UPLOADS = 5;

export async function readCompanyHeader(
  deps: Deps,
  companyId: string,
): Promise<{ companyId: string; name: string; companyType: string }> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.company(companyId),
      ProjectionExpression: '#name, companyType',
      ExpressionAttributeNames: { '#name': 'name' },
    }),
  );
  return { companyId, name: str(res.Item?.name), companyType: str(res.Item?.companyType) };
}

/** `First Last` of the caller's profile ('' when it has none). */
export async function readUserName(deps: Deps, userId: string): Promise<string> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.userProfile(userId),
      ProjectionExpression: 'firstName, lastName, email',
    }),
  );
  const p = res.Item;
  if (!p) return '';
  return `${str(p.firstName)} ${str(p.lastName)}`.trim() || str(p.email);
}

/** Issued invoices of a window: Σ totals and count of the invoice-type aggregates of its periods. */
export async function readIssuedTotals(
  deps: Deps,
  companyId: string,
  window: PeriodWindow,
): Promise<PeriodTotals> {
  const reads = await Promise.all(
    window.aggregatePeriods.map((p) => readPeriodBookSections(deps, companyId, p, 'ISSUED', ['T'])),
  );
  let totalCents = 0;
  let count = 0;
  for (const r of reads) {
    for (const l of r.byInvoiceType.ISSUED) {
      totalCents += l.totalCents;
      count += l.count;
    }
  }
  return { totalCents, count };
}

/** The company's open receivables (the treasury projection's open INV items). */
export async function readOpenReceivables(deps: Deps, companyId: string): Promise<OpenReceivable[]> {
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1' satisfies IndexName,
    KeyConditionExpression: 'gsi1pk = :pk',
    FilterExpression: '#kind = :inv AND #status = :open',
    ExpressionAttributeNames: { '#kind': 'kind', '#status': 'status', '#number': 'number' },
    ExpressionAttributeValues: {
      ':pk': keys.openItemByDuePartition(companyId).gsi1pk,
      ':inv': 'INV',
      ':open': 'OPEN',
    },
    ProjectionExpression: 'documentId, #number, issueDate, outstandingCents, dueDates',
  });
  return items.map((i) => ({
    documentId: str(i.documentId),
    number: str(i.number),
    issueDate: str(i.issueDate),
    outstandingCents: num(i.outstandingCents),
    dueDates: (Array.isArray(i.dueDates) ? (i.dueDates as Item[]) : []).map((d) => ({
      dueDate: str(d.dueDate),
      amountCents: num(d.amountCents),
      paidCents: num(d.paidCents),
    })),
  }));
}

/** The latest confirmed issued invoices (by invoice date, newest first). */
export async function readRecentInvoices(deps: Deps, companyId: string): Promise<RecentInvoice[]> {
  const res = await deps.db.send(
    new QueryCommand({
      TableName: deps.table,
      IndexName: 'gsi1' satisfies IndexName,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.invoiceByDatePartition(companyId).gsi1pk },
      ScanIndexForward: false,
      Limit: RECENT_INVOICES,
    }),
  );
  return (res.Items ?? [])
    .filter((i) => i.status === 'CONFIRMED')
    .map((i) => {
      const customer = i.customer as { name?: unknown } | null | undefined;
      const totals = i.totals as { totalCents?: unknown } | undefined;
      return {
        invoiceId: str(i.invoiceId),
        invoiceNumber: strOrNull(i.invoiceNumber),
        customerName: strOrNull(customer?.name),
        totalCents: num(totals?.totalCents),
        invoiceDate: str(i.invoiceDate),
        confirmedAt: strOrNull(i.confirmedAt),
      };
    });
}

/** How many of the caller's uploads wait for the gestoría's review (Select COUNT, every page). */
export async function countOwnDocumentsInReview(
  deps: Deps,
  companyId: string,
  userId: string,
): Promise<number> {
  let count = 0;
  let start: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const res: QueryCommandOutput = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        IndexName: 'gsi1' satisfies IndexName,
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: 'uploadedBy = :me',
        ExpressionAttributeValues: {
          ':pk': keys.documentReviewPendingPartition(companyId).gsi1pk,
          ':me': userId,
        },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += res.Count ?? 0;
    start = res.LastEvaluatedKey;
  } while (start);
  return count;
}

/** The caller's latest uploads of the last 90 days, newest first (at most `RECENT_UPLOADS`). */
export async function readOwnUploads(
  deps: Deps,
  companyId: string,
  userId: string,
  now: Date,
): Promise<OwnUpload[]> {
  const range = keys.documentRange(
    companyId,
    now.getTime() - UPLOAD_WINDOW_DAYS * 86_400_000,
    now.getTime() + 1,
  );
  const out: OwnUpload[] = [];
  let start: QueryCommandOutput['LastEvaluatedKey'];
  for (let page = 0; page < UPLOAD_PAGES && out.length < RECENT_UPLOADS; page++) {
    const res: QueryCommandOutput = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        FilterExpression: 'uploadedBy = :me',
        ExpressionAttributeValues: {
          ':pk': range.pk,
          ':from': range.skFrom,
          ':to': range.skTo,
          ':me': userId,
        },
        ProjectionExpression: 'documentId, fileName, createdAt, #review',
        ExpressionAttributeNames: { '#review': 'review' },
        ScanIndexForward: false,
        Limit: UPLOAD_PAGE,
        ExclusiveStartKey: start,
      }),
    );
    for (const i of res.Items ?? []) {
      const review = (i.review ?? {}) as Item;
      out.push({
        documentId: str(i.documentId),
        fileName: str(i.fileName),
        createdAt: str(i.createdAt),
        reviewStatus: str(review.status, 'NOT_REQUIRED'),
        reviewedAt: strOrNull(review.reviewedAt),
        reviewReason: strOrNull(review.reason) ?? strOrNull(review.notes),
      });
    }
    start = res.LastEvaluatedKey;
    if (!start) break;
  }
  return out.slice(0, RECENT_UPLOADS);
}

/** The tax models of `years` that were published to the client. */
export async function readPublishedModels(
  deps: Deps,
  companyId: string,
  years: number[],
): Promise<PublishedModel[]> {
  const reads = await Promise.all(
    years.map((year) => {
      const k = keys.taxModelYearPrefix(companyId, year);
      return queryAll(deps, {
        TableName: deps.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': k.pk, ':prefix': k.skPrefix },
        ProjectionExpression: 'modelId, modelType, #period, #year, publishedAt',
        ExpressionAttributeNames: { '#period': 'period', '#year': 'year' },
      });
    }),
  );
  return reads
    .flat()
    .filter((i) => typeof i.publishedAt === 'string' && i.publishedAt !== '')
    .map((i) => ({
      modelId: str(i.modelId),
      modelType: str(i.modelType),
      period: str(i.period),
      year: num(i.year),
      publishedAt: str(i.publishedAt),
    }));
}

/** The company's meetings; only the caller's own when `onlyClientId` is given (a CLIENTE). */
export async function readMeetings(
  deps: Deps,
  companyId: string,
  onlyClientId: string | null,
): Promise<MeetingFact[]> {
  const k = keys.meetingPrefix(companyId);
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': k.pk,
      ':prefix': k.skPrefix,
      ...(onlyClientId ? { ':me': onlyClientId } : {}),
    },
    ...(onlyClientId ? { FilterExpression: 'clientId = :me' } : {}),
  });
  return items
    .filter((i) => i.companyId === undefined || i.companyId === companyId)
    .map((i) => {
      const proposed = i.proposed as Item | null | undefined;
      return {
        meetingId: str(i.meetingId),
        clientId: str(i.clientId),
        subject: str(i.subject),
        status: str(i.status) as MeetingStatus,
        date: str(i.date),
        time: str(i.time),
        startsAt: str(i.startsAt),
        requestedAt: str(i.requestedAt),
        confirmedAt: strOrNull(i.confirmedAt),
        cancelledAt: strOrNull(i.cancelledAt),
        updatedAt: strOrNull(i.updatedAt),
        proposed: proposed ? { date: str(proposed.date), time: str(proposed.time) } : null,
      };
    });
}
