/**
 * What the advisor dashboard reads of ONE company for one period (issue 20): 7 bounded Queries in
 * parallel (no Scan), through the counting reader, items projected to what is used:
 *
 *  - members (#9): `Select COUNT` of the CLIENTE members still active (a filter: no item returned,
 *    the members scanned are counted) = clientCount;
 *  - the tax profile (#73) and the VeriFacTu counters (#67 `VF#STATS`: `status_ERROR` −
 *    `corrected_ERROR`), read beforehand for every company in one BatchGet (`CompanyBasics`): without
 *    a profile the compliance score is null;
 *  - the obligations of the previous and current tax year (#75, ONE Query `sk BETWEEN
 *    TAX#OBL#<y-1># AND TAX#OBL#<y>#…`, projected to model/advisor-obligations.ts
 *    OBLIGATION_ATTRIBUTES): the compliance percentage of shared/fiscal/fiscal-analysis.ts (the same
 *    two years the fiscal analysis reads), the filings (activity) and the open ones of those years;
 *  - the open obligations of the OTHER years (#76, gsi1 `COMPANY#<c>#TAXOPEN`, sparse: only PENDING,
 *    filtered to a year before y-1 or after y, projected): with the open ones of the two-year read,
 *    the company's open obligations: overdue and due within 7 days;
 *  - rejected SII records from the shared SII read (store/advisor-sii.ts), only for SII companies;
 *  - documents to review (D6, gsi1 `COMPANY#<c>#DOCREVIEW`, `Select COUNT`);
 *  - documents created in the period (D3, `sk BETWEEN DOC#<fromMs> AND DOC#<nowMs+1>`, projected),
 *    and when none, the newest document (Limit 1) for the last activity;
 *  - the issued base of the period: MONTH / QUARTER / YEAR from the running aggregates' invoice-type
 *    section of the ISSUED book (#43, `T`, one Query per month or quarter: a handful of items; the
 *    lines are net of rectificativas and cancellations); DAY / WEEK from the issued invoices of
 *    those days (#38, gsi1 `COMPANY#<c>#INVOICES` range, CONFIRMED, projected), a substitution
 *    rectificativa counted net of what it replaces, as the aggregates do;
 *  - the newest issued invoices (#38, descending, Limit 5, projected): the last invoice activity.
 */

import { readPeriodBookSections } from '@functions/lib/tax-aggregates';
import { keys } from '@shared/db/keys';
import { isOpen, obligationLabel, type TaxObligation } from '@shared/fiscal/fiscal-alerts';
import { compliancePercentage } from '@shared/fiscal/fiscal-analysis';
import type { AdvisorActivity } from '@shared/schemas/dashboard';
import {
  classifyOpen,
  factOf,
  mergeOpenObligations,
  OBLIGATION_ATTRIBUTES,
  type ObligationView,
  scoredYears,
  withFilingDays,
} from '../model/advisor-obligations';
import { addDays, madridMidnightMs, type PeriodWindow } from '../model/advisor-period';
import type { AdvisorCompany, CompanyFacts } from '../model/advisor-stats';
import type { CountingReader, Item } from './advisor-reads';

/** The company as the advisor reads it (its META item). */
export interface AdvisorCompanyMeta extends AdvisorCompany {
  siiEnabled: boolean;
}

/**
 * What one BatchGet for every company to compute already read (store/advisor-companies.ts): the
 * META item, whether the tax profile (#73) exists, the VeriFacTu counters (#67 `VF#STATS`).
 */
export interface CompanyBasics {
  meta: AdvisorCompanyMeta;
  hasTaxProfile: boolean;
  verifactuStats: Item | undefined;
}

export interface SiiRejections {
  count: number;
  earliestDeadline: string | null;
}

/** Rejected SII records by company, read once per request (store/advisor-sii.ts). */
export type SiiRejectionsOf = () => Promise<Map<string, SiiRejections>>;

const NEWEST_INVOICES = 5;
const DOCUMENT_ACTIVITY = 3;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v ?? 0) || 0);

/** An instant (ISO) for a filing time stored as a timestamp or as a Madrid date. */
const instantOf = (at: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(at) ? new Date(madridMidnightMs(at)).toISOString() : at;

/** Active CLIENTE members: counted by DynamoDB (`Select COUNT` with a filter), no item returned. */
async function clientCount(reader: CountingReader, companyId: string): Promise<number> {
  const k = keys.membershipPrefix(companyId);
  return reader.count({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'companyRole = :client AND (attribute_not_exists(isActive) OR isActive <> :inactive)',
    ExpressionAttributeValues: {
      ':pk': k.pk,
      ':prefix': k.skPrefix,
      ':client': 'CLIENTE',
      ':inactive': false,
    },
  });
}

/** ProjectionExpression of OBLIGATION_ATTRIBUTES (every name aliased: `year` and `status` are reserved words). */
const OBLIGATION_PROJECTION = {
  ProjectionExpression: OBLIGATION_ATTRIBUTES.map((_, i) => `#o${i}`).join(', '),
  names: Object.fromEntries(OBLIGATION_ATTRIBUTES.map((a, i) => [`#o${i}`, a])),
};

/** The obligations of the scored years, projected. */
async function scoredYearsObligations(
  reader: CountingReader,
  companyId: string,
  years: { from: number; to: number },
): Promise<ObligationView[]> {
  const from = keys.taxObligationYearPrefix(companyId, years.from);
  const to = keys.taxObligationYearPrefix(companyId, years.to);
  const items = await reader.query({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ProjectionExpression: OBLIGATION_PROJECTION.ProjectionExpression,
    ExpressionAttributeNames: OBLIGATION_PROJECTION.names,
    ExpressionAttributeValues: { ':pk': from.pk, ':from': from.skPrefix, ':to': `${to.skPrefix}\u{10FFFF}` },
  });
  return items as unknown as ObligationView[];
}

/** The open obligations of the other years (the open index, filtered by year), projected. */
async function otherYearsOpenObligations(
  reader: CountingReader,
  companyId: string,
  years: { from: number; to: number },
): Promise<ObligationView[]> {
  const { gsi1pk } = keys.taxOpenObligationPartition(companyId);
  const items = await reader.query({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    FilterExpression: '#yr < :from OR #yr > :to',
    ProjectionExpression: OBLIGATION_PROJECTION.ProjectionExpression,
    ExpressionAttributeNames: { ...OBLIGATION_PROJECTION.names, '#yr': 'year' },
    ExpressionAttributeValues: { ':pk': gsi1pk, ':from': years.from, ':to': years.to },
  });
  return items as unknown as ObligationView[];
}

/** VeriFacTu submissions in ERROR that no later record corrected (VF#STATS counters). */
export function uncorrectedVerifactuErrors(stats: Item | undefined): number {
  const errors = Math.trunc(num(stats?.status_ERROR));
  const corrected = Math.trunc(num(stats?.corrected_ERROR));
  return Math.max(0, errors - Math.max(0, corrected));
}

/** Taxable base of an issued invoice as the aggregates count it (a substitution nets what it replaces). */
function netBase(inv: Item): number {
  const totals = inv.totals as { baseCents?: number } | undefined;
  let base = num(totals?.baseCents);
  const rect = inv.rectification as
    | { method?: string; rectified?: { totals?: { baseCents?: number } }[] }
    | null
    | undefined;
  if (rect?.method === 'SUBSTITUTION') for (const r of rect.rectified ?? []) base -= num(r.totals?.baseCents);
  return base;
}

async function periodRevenue(reader: CountingReader, companyId: string, w: PeriodWindow): Promise<number> {
  if (w.aggregatePeriods) {
    const reads = await Promise.all(
      w.aggregatePeriods.map((p) => readPeriodBookSections(reader.deps, companyId, p, 'ISSUED', ['T'])),
    );
    let total = 0;
    for (const r of reads) {
      reader.add(r.itemsRead);
      for (const line of r.byInvoiceType.ISSUED) total += line.baseCents;
    }
    return total;
  }
  const { gsi1pk } = keys.invoiceByDatePartition(companyId);
  const invoices = await reader.query({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    FilterExpression: '#st = :confirmed',
    ProjectionExpression: 'totals, rectification, #st',
    ExpressionAttributeNames: { '#st': 'status' },
    ExpressionAttributeValues: {
      ':pk': gsi1pk,
      ':from': w.from,
      ':to': `${w.to}#~`,
      ':confirmed': 'CONFIRMED',
    },
  });
  return invoices.reduce((s, inv) => s + netBase(inv), 0);
}

async function newestInvoices(reader: CountingReader, companyId: string): Promise<Item[]> {
  const { gsi1pk } = keys.invoiceByDatePartition(companyId);
  const items = await reader.queryFirst({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ScanIndexForward: false,
    Limit: NEWEST_INVOICES,
    ProjectionExpression: 'invoiceId, invoiceNumber, invoiceDate, confirmedAt, #st',
    ExpressionAttributeNames: { '#st': 'status' },
    ExpressionAttributeValues: { ':pk': gsi1pk },
  });
  return items.filter((i) => i.status === 'CONFIRMED');
}

const DOC_PROJECTION = {
  ProjectionExpression: 'documentId, fileName, createdAt',
};

async function documents(
  reader: CountingReader,
  companyId: string,
  w: PeriodWindow,
): Promise<{ count: number; newest: Item[] }> {
  const range = keys.documentRange(companyId, w.fromMs, w.nowMs + 1);
  const inPeriod = await reader.query({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo },
    ScanIndexForward: false,
    ...DOC_PROJECTION,
  });
  if (inPeriod.length > 0) return { count: inPeriod.length, newest: inPeriod.slice(0, DOCUMENT_ACTIVITY) };
  const all = keys.documentRange(companyId, 0, w.nowMs + 1);
  const latest = await reader.queryFirst({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': all.pk, ':from': all.skFrom, ':to': all.skTo },
    ScanIndexForward: false,
    Limit: 1,
    ...DOC_PROJECTION,
  });
  return { count: 0, newest: latest };
}

async function documentsToReview(reader: CountingReader, companyId: string): Promise<number> {
  const { gsi1pk } = keys.documentReviewPendingPartition(companyId);
  return reader.count({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': gsi1pk },
  });
}

/** Reads one company's facts for the window; throws when any read fails (the caller marks it failed). */
export async function readCompanyFacts(
  reader: CountingReader,
  basics: CompanyBasics,
  w: PeriodWindow,
  siiRejections: SiiRejectionsOf,
): Promise<CompanyFacts> {
  const company = basics.meta;
  const companyId = company.id;
  const years = scoredYears(w.today);
  const [clients, obligations, otherYearsOpen, revenue, invoices, docs, toReview, sii] = await Promise.all([
    clientCount(reader, companyId),
    scoredYearsObligations(reader, companyId, years),
    otherYearsOpenObligations(reader, companyId, years),
    periodRevenue(reader, companyId, w),
    newestInvoices(reader, companyId),
    documents(reader, companyId, w),
    documentsToReview(reader, companyId),
    company.siiEnabled ? siiRejections().then((m) => m.get(companyId)) : Promise.resolve(undefined),
  ]);

  const open = mergeOpenObligations(obligations, years, otherYearsOpen);
  const { overdue, dueSoon } = classifyOpen(open, w.today);

  const activity: AdvisorActivity[] = [];
  const base = { companyId, companyName: company.name };
  for (const d of docs.newest)
    activity.push({
      ...base,
      id: `document:${str(d.documentId)}`,
      action: `Documento subido: ${str(d.fileName)}`,
      timestamp: str(d.createdAt),
      type: 'DOCUMENT',
    });
  for (const inv of invoices)
    activity.push({
      ...base,
      id: `invoice:${str(inv.invoiceId)}`,
      action: `Factura ${str(inv.invoiceNumber)} emitida`,
      timestamp: str(inv.confirmedAt) || instantOf(str(inv.invoiceDate)),
      type: 'DOCUMENT',
    });
  for (const o of obligations)
    if (!isOpen(o.status) && o.submittedAt)
      activity.push({
        ...base,
        id: `filed:${o.obligationId}`,
        action: `${obligationLabel(o)} presentado`,
        timestamp: instantOf(o.submittedAt),
        type: 'TAX',
      });
  const lastActivity = activity.reduce<string | null>(
    (latest, a) => (a.timestamp && (latest === null || a.timestamp > latest) ? a.timestamp : latest),
    null,
  );
  // An obligation becomes overdue the day after its due date (no one's action: not a last activity).
  for (const o of overdue)
    activity.push({
      ...base,
      id: `overdue:${o.obligationId}`,
      action: `${obligationLabel(o)} vencido sin presentar`,
      timestamp: new Date(madridMidnightMs(addDays(o.dueDate, 1))).toISOString(),
      type: 'COMPLIANCE',
    });

  return {
    company: { id: company.id, name: company.name, nif: company.nif, companyType: company.companyType },
    clientCount: clients,
    documentCount: docs.count,
    revenue,
    // compliancePercentage reads dueDate, status and submittedAt only: all projected.
    complianceScore: basics.hasTaxProfile
      ? compliancePercentage(withFilingDays(obligations) as TaxObligation[], w.today)
      : null,
    overdue: overdue.map(factOf),
    dueSoon,
    rejectedSii: sii?.count ?? 0,
    rejectedSiiDeadline: sii?.earliestDeadline ?? null,
    rejectedVerifactu: uncorrectedVerifactuErrors(basics.verifactuStats),
    unreviewedDocuments: toReview,
    lastActivity,
    activity: activity.filter((a) => a.timestamp !== ''),
  };
}
