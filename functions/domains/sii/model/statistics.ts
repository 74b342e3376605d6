/**
 * The SII statistics (spec part 2 §3 SII, part 3 "SII widget data" and §9 SII): counters, the
 * per-book breakdown, the problem invoices and the upcoming deadlines, computed from the company's
 * entries (`SiiEntry`) on one day. Pure.
 *
 * What each number means:
 *  - what needs action now is never hidden by the chosen period (a record rejected last month still
 *    has to reach the AEAT): `totalPending`, `errors`, `upcomingDeadlines`, `reconciliationPending`,
 *    `problems` and `deadlines` cover every entry of the book filter;
 *  - `acceptedLast7Days` and `rejectedLast7Days` always cover the last 7 days (spec part 3 §9), by
 *    the time of the AEAT's answer;
 *  - `books` counts the entries whose document date falls in the chosen period (CURRENT_MONTH,
 *    LAST_7_DAYS, LAST_30_DAYS, CURRENT_QUARTER, Spanish calendar days), by their state now.
 */

import { daysUntilDeadline, isUrgent, madridDate } from '@shared/fiscal/sii-deadlines';
import { addDays } from '@shared/fiscal/tax-calendar';
import {
  SII_BOOK_NAMES,
  SII_BOOKS,
  SII_PROBLEM_LIST_SIZE,
  SII_UPCOMING_WINDOW_DAYS,
  type SiiBook,
  type SiiEntry,
  type SiiProblemInvoice,
  type SiiStatistics,
  type SiiStatPeriod,
  type SiiStatus,
  type SiiUpcomingDeadline,
} from '@shared/schemas/sii';

/** The entry fields the statistics read (the store projects away `record` and `history`). */
export type StatEntry = Pick<
  SiiEntry,
  | 'entryId'
  | 'book'
  | 'documentId'
  | 'source'
  | 'documentNumber'
  | 'counterpartyName'
  | 'issueDate'
  | 'totalCents'
  | 'status'
  | 'pendingOperation'
  | 'registered'
  | 'withdrawn'
  | 'deadline'
  | 'lastSentAt'
  | 'acceptedAt'
  | 'lastError'
  | 'reconciliation'
  | 'updatedAt'
>;

/** How many upcoming deadlines the answer lists (the counter counts them all), soonest first. */
export const DEADLINE_LIST_SIZE = 20;

/** Still to reach the AEAT, nothing wrong yet. */
export const PENDING_STATUSES: readonly SiiStatus[] = ['NOT_SENT', 'QUEUED', 'SENT', 'PARTIALLY_SENT'];
/** The AEAT refused the record (Incorrecto): it needs a correction. */
export const REJECTED_STATUSES: readonly SiiStatus[] = ['REJECTED', 'PENDING_CORRECTION'];

const DAY_MS = 24 * 3600 * 1000;

/**
 * A record that asks nothing of anyone: its source was withdrawn before the AEAT ever held it, so
 * no operation is due (the entry only records that the document existed; the same rule as
 * `isFinalEntry` of store/entry-item.ts).
 */
export const isInert = (e: Pick<StatEntry, 'withdrawn' | 'pendingOperation' | 'status'>): boolean =>
  e.withdrawn && e.pendingOperation === null && e.status !== 'QUEUED' && e.status !== 'SENT';

/** Not yet at the AEAT as it should be: its deadline still runs. */
export const isOpen = (e: StatEntry): boolean => e.status !== 'ACCEPTED' && !isInert(e);

/** The first day (yyyy-mm-dd, Spain) a period covers, ending today. */
export function periodStart(period: SiiStatPeriod, today: string): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  switch (period) {
    case 'CURRENT_MONTH':
      return `${today.slice(0, 7)}-01`;
    case 'CURRENT_QUARTER':
      return `${y}-${String(Math.floor((m - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
    case 'LAST_7_DAYS':
      return addDays(today, -6);
    case 'LAST_30_DAYS':
      return addDays(today, -29);
  }
}

/**
 * Whether our record and the AEAT's may disagree: a ConsultaLR (query or sync) found the AEAT's copy
 * different or missing since the record was last accepted, or a submission is SENT without an answer
 * (ambiguous until the sender's ConsultaLR resolves it). A record the AEAT accepted in its own
 * per-record answer needs no reconciliation.
 */
export function needsReconciliation(e: Pick<StatEntry, 'reconciliation' | 'acceptedAt' | 'status'>): boolean {
  const r = e.reconciliation;
  if (r && !r.matches && (e.acceptedAt === null || r.checkedAt >= e.acceptedAt)) return true;
  return e.status === 'SENT';
}

/** When the AEAT refused it: the answer follows the send within the same call. */
const rejectedAt = (e: StatEntry): string => e.lastSentAt ?? e.updatedAt;

const spanishDay = (iso: string): string => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

function problemOf(e: StatEntry, days: number): SiiProblemInvoice {
  const errorMessage = e.lastError
    ? `${e.lastError.code ? `[${e.lastError.code}] ` : ''}${e.lastError.message}`
    : days < 0
      ? `Plazo de envío al SII vencido el ${spanishDay(e.deadline)}.`
      : null;
  return {
    invoiceId: e.source.invoiceId,
    invoiceNumber: e.documentNumber,
    customerName: e.counterpartyName,
    issueDate: e.issueDate,
    totalAmount: e.totalCents,
    daysUntilDeadline: days,
    siiStatus: e.status,
    errorMessage,
    book: e.book,
    entryId: e.entryId,
    sourceType: e.source.type,
  };
}

/** A problem: refused, failed, waiting for a correction, or pending past its deadline. */
function isProblem(e: StatEntry, days: number): boolean {
  if (isInert(e)) return false;
  if (e.status === 'ERROR' || REJECTED_STATUSES.includes(e.status)) return true;
  return PENDING_STATUSES.includes(e.status) && days < 0;
}

const byIssueDateDesc = (a: SiiProblemInvoice, b: SiiProblemInvoice): number =>
  b.issueDate.localeCompare(a.issueDate) ||
  b.invoiceNumber.localeCompare(a.invoiceNumber) ||
  a.entryId.localeCompare(b.entryId);

export interface StatisticsInput {
  entries: readonly StatEntry[];
  now: Date;
  period: SiiStatPeriod;
  book?: SiiBook | undefined;
  /** The company is in the SII (its `siiEnabled`). */
  enabled: boolean;
}

export function buildStatistics(input: StatisticsInput): SiiStatistics {
  const { now, period } = input;
  const today = madridDate(now);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const from = periodStart(period, today);
  const entries = input.entries.filter((e) => !input.book || e.book === input.book);

  let totalPending = 0;
  let acceptedLast7Days = 0;
  let rejectedLast7Days = 0;
  let errors = 0;
  let reconciliationPending = 0;
  const problems: SiiProblemInvoice[] = [];
  const deadlines: SiiUpcomingDeadline[] = [];
  const books = new Map(
    (input.book ? [input.book] : SII_BOOKS).map((b) => [
      b,
      { bookName: SII_BOOK_NAMES[b], bookType: b, pending: 0, accepted: 0, rejected: 0, errors: 0 },
    ]),
  );

  for (const e of entries) {
    if (isInert(e)) continue;
    const days = daysUntilDeadline(e.deadline, today);
    const pending = PENDING_STATUSES.includes(e.status);
    const rejected = REJECTED_STATUSES.includes(e.status);
    if (pending) totalPending++;
    if (e.status === 'ERROR') errors++;
    if (e.status === 'ACCEPTED' && e.acceptedAt !== null && e.acceptedAt >= weekAgo) acceptedLast7Days++;
    if (rejected && rejectedAt(e) >= weekAgo) rejectedLast7Days++;
    if (needsReconciliation(e)) reconciliationPending++;
    if (isProblem(e, days)) problems.push(problemOf(e, days));
    if (isOpen(e) && days >= 0 && days <= SII_UPCOMING_WINDOW_DAYS) {
      deadlines.push({
        entryId: e.entryId,
        book: e.book,
        invoiceId: e.source.invoiceId,
        invoiceNumber: e.documentNumber,
        deadline: e.deadline,
        daysUntilDeadline: days,
        urgent: isUrgent(days),
        siiStatus: e.status,
        sourceType: e.source.type,
      });
    }
    const row = books.get(e.book);
    if (row && e.issueDate >= from && e.issueDate.slice(0, 10) <= today) {
      if (pending) row.pending++;
      else if (e.status === 'ACCEPTED') row.accepted++;
      else if (rejected) row.rejected++;
      else if (e.status === 'ERROR') row.errors++;
    }
  }

  deadlines.sort(
    (a, b) =>
      a.deadline.localeCompare(b.deadline) ||
      a.invoiceNumber.localeCompare(b.invoiceNumber) ||
      a.entryId.localeCompare(b.entryId),
  );
  return {
    totalPending,
    acceptedLast7Days,
    rejectedLast7Days,
    errors,
    upcomingDeadlines: deadlines.length,
    reconciliationPending,
    books: [...books.values()],
    problems: problems.sort(byIssueDateDesc).slice(0, SII_PROBLEM_LIST_SIZE),
    deadlines: deadlines.slice(0, DEADLINE_LIST_SIZE),
    period,
    enabled: input.enabled,
  };
}

/** The answer for a company outside the SII: nothing to count. */
export const emptyStatistics = (now: Date, period: SiiStatPeriod, book?: SiiBook): SiiStatistics =>
  buildStatistics({ entries: [], now, period, book, enabled: false });
