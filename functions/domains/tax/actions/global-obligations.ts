/**
 * The obligations of every company the caller may read for tax (spec part 2 §3 "Global upcoming /
 * overdue obligations", "Obligations summary"), or of one with `?companyId=`. User routes: each
 * company passes tax.read first (store/portfolio.ts `readableCompanies`), a foreign `companyId` is
 * 403 CORE_003. Companies without a tax profile have no obligations and simply add nothing.
 *
 * Answers (the web reads these shapes):
 * - GET /tax/obligations/upcoming?companyId&fromDate&days →
 *   `{ from, to, obligations: UpcomingObligation[] }`: the open obligations due in [from, to] (both
 *   inclusive; from = `fromDate` or today in Madrid, to = from + `days`, default 30), by dueDate.
 *   With a `fromDate` in the past the window may hold overdue ones (status OVERDUE).
 * - GET /tax/obligations/overdue?companyId → `{ today, obligations: OverdueObligation[] }`: open
 *   obligations whose dueDate is before today, oldest first, each with `daysOverdue`.
 * - GET /tax/obligations/summary?companyId&fromDate&days → `ObligationsSummary`: overdue (dueDate
 *   before today), pending (open, not overdue), upcoming (pending due in the window) and the
 *   earliest pending dueDate.
 */

import { defineUserAction } from '@functions/platform/http';
import { addDays } from '@shared/fiscal/tax-calendar';
import {
  GlobalObligationsQuery,
  type ObligationsSummary,
  type OverdueObligation,
  type UpcomingObligation,
} from '@shared/schemas/tax';
import { madridToday } from '../model/dates';
import { toOverdue, toUpcoming } from '../model/views';
import type { TaxDeps } from '../store/deps';
import { listOpenObligations, type ObligationRecord } from '../store/obligations';
import {
  COMPANY_READ_CONCURRENCY,
  mapBounded,
  type ReadableCompany,
  readableCompanies,
  type TaxReader,
} from '../store/portfolio';

export interface UpcomingObligationsAnswer {
  from: string;
  to: string;
  obligations: UpcomingObligation[];
}
export interface OverdueObligationsAnswer {
  today: string;
  obligations: OverdueObligation[];
}

type Range = { from?: string; to?: string };

/** The open obligations of each company in `range`, at most COMPANY_READ_CONCURRENCY companies at a time. */
async function openObligations(
  deps: TaxDeps,
  companies: ReadableCompany[],
  range: Range,
): Promise<{ company: ReadableCompany; obligation: ObligationRecord }[]> {
  const lists = await mapBounded(companies, COMPANY_READ_CONCURRENCY, async (company) =>
    (await listOpenObligations(deps, company.companyId, range)).map((obligation) => ({
      company,
      obligation,
    })),
  );
  return lists.flat();
}

/** By due date, then company name, model and period: a stable order for lists across companies. */
export function byDueDate<
  T extends { dueDate: string; companyName: string; modelType: string; period: string },
>(a: T, b: T): number {
  return (
    a.dueDate.localeCompare(b.dueDate) ||
    a.companyName.localeCompare(b.companyName, 'es') ||
    a.modelType.localeCompare(b.modelType) ||
    a.period.localeCompare(b.period)
  );
}

const readerOf = (auth: { userId: string; isAdmin: boolean }): TaxReader => ({
  userId: auth.userId,
  isAdmin: auth.isAdmin,
});

/** The window of the query: [fromDate or today, + days]. */
const windowOf = (query: GlobalObligationsQuery, today: string) => {
  const from = query.fromDate ?? today;
  return { from, to: addDays(from, query.days) };
};

export async function upcomingObligations(
  deps: TaxDeps,
  reader: TaxReader,
  query: GlobalObligationsQuery,
): Promise<UpcomingObligationsAnswer> {
  const today = madridToday(deps.now());
  const window = windowOf(query, today);
  const companies = await readableCompanies(deps, reader, query.companyId);
  const found = await openObligations(deps, companies, window);
  return {
    ...window,
    obligations: found
      .map(({ company, obligation }) => toUpcoming(obligation, company.name, today))
      .sort(byDueDate),
  };
}

export async function overdueObligations(
  deps: TaxDeps,
  reader: TaxReader,
  companyId: string | undefined,
): Promise<OverdueObligationsAnswer> {
  const today = madridToday(deps.now());
  const companies = await readableCompanies(deps, reader, companyId);
  // effectiveStatus: overdue once today is after the due date, so the last overdue dueDate is yesterday.
  const found = await openObligations(deps, companies, { to: addDays(today, -1) });
  return {
    today,
    obligations: found
      .map(({ company, obligation }) => toOverdue(obligation, company.name, today))
      .sort(byDueDate),
  };
}

export async function obligationsSummary(
  deps: TaxDeps,
  reader: TaxReader,
  query: GlobalObligationsQuery,
): Promise<ObligationsSummary> {
  const today = madridToday(deps.now());
  const window = windowOf(query, today);
  const companies = await readableCompanies(deps, reader, query.companyId);
  const open = (await openObligations(deps, companies, {})).map((f) => f.obligation);
  const pending = open.filter((o) => o.dueDate >= today);
  return {
    overdueObligations: open.length - pending.length,
    pendingObligations: pending.length,
    upcomingObligations: pending.filter((o) => o.dueDate >= window.from && o.dueDate <= window.to).length,
    nextDueDate: pending.map((o) => o.dueDate).sort()[0] ?? null,
  };
}

export const globalUpcomingObligationsRoute = defineUserAction({
  query: GlobalObligationsQuery,
  run: ({ auth, query }, deps: TaxDeps) => upcomingObligations(deps, readerOf(auth), query),
});

export const globalOverdueObligationsRoute = defineUserAction({
  query: GlobalObligationsQuery.pick({ companyId: true }),
  run: ({ auth, query }, deps: TaxDeps) => overdueObligations(deps, readerOf(auth), query.companyId),
});

export const globalObligationsSummaryRoute = defineUserAction({
  query: GlobalObligationsQuery,
  run: ({ auth, query }, deps: TaxDeps) => obligationsSummary(deps, readerOf(auth), query),
});
