/**
 * The company dashboard's summary (GET dashboard/summary, issue 20 design "Company dashboard"):
 * six sections (`DASHBOARD_SECTIONS`), each computed by its own function from aggregates, counters
 * and bounded index reads, all in parallel. Per section:
 *  - the caller may not see it → null, `source: 'LIVE'`, `asOf: null` (no read at all);
 *  - its last good snapshot is under a minute old and no `refresh` → that value (`LIVE`, its asOf);
 *  - computed → the value (`LIVE`, now), stored as the section's last good snapshot (at most once a
 *    minute, snapshots.ts);
 *  - computing it throws → the last good snapshot (`SNAPSHOT`, its asOf), or null/empty without one
 *    (`UNAVAILABLE`); either way `meta.fallbackMode`.
 * Alerts and activity are computed company-wide (so their snapshot serves every caller) and
 * filtered by what the caller may see. `meta.itemsRead` sums the items of every read made.
 */

import type { TableDeps } from '@functions/lib/directory';
import type { Logger } from '@functions/platform/logger';
import type { AccessSubject } from '@shared/api/access';
import { AppError } from '@shared/api/errors';
import {
  type AccountingData,
  DASHBOARD_SECTIONS,
  type DashboardAlert,
  type DashboardSection,
  type DashboardSummary,
  type FinancialData,
  type MonthSummary,
  type RecentActivityItem,
  type SectionSource,
  type TaxData,
} from '@shared/schemas/dashboard';
import { buildAlerts } from '../model/summary-alerts';
import { madridToday, monthOf, monthsEndingAt } from '../model/summary-dates';
import {
  buildAccountingData,
  buildActivity,
  buildFinancialData,
  buildMonthSummary,
  buildTaxData,
  overdueReceivables,
  SERIES_MONTHS,
} from '../model/summary-sections';
import {
  sectionVisible,
  summaryVisibility,
  visibleActivity,
  visibleAlerts,
} from '../model/summary-visibility';
import { isFresh, readSnapshots, type SectionSnapshot, writeSnapshot } from './snapshots';
import { SummaryReader } from './summary-reader';
import {
  countDocumentsToReview,
  readAccounting,
  readActivity,
  readCollectionMonths,
  readCompany,
  readComplianceState,
  readModelEstimates,
  readMonthSeries,
  readOpenDocuments,
  readOpenObligations,
  readSiiStatus,
  readUnread,
  type SummaryCompany,
} from './summary-reads';

export interface SummaryDeps extends TableDeps {
  now: () => Date;
}

/**
 * The months of the financial series, ending with the current one; the month section reads the
 * same (once per request), so both see one answer.
 */
const seriesMonths = (today: string) => monthsEndingAt(monthOf(today), SERIES_MONTHS);

/** The alerts section as computed and snapshotted (company-wide). */
export interface AlertsSection {
  alerts: DashboardAlert[];
  documentsToReview: number;
}

export interface SectionValues {
  month: MonthSummary;
  tax: TaxData;
  financial: FinancialData;
  accounting: AccountingData | null;
  alerts: AlertsSection;
  activity: RecentActivityItem[];
}

interface Context {
  r: SummaryReader;
  companyId: string;
  now: Date;
  today: string;
  company: () => Promise<SummaryCompany>;
}

/** Each section's computation: its own reads (shared ones made once per request) and its model. */
export const sectionComputers: { [S in DashboardSection]: (c: Context) => Promise<SectionValues[S]> } = {
  month: async ({ r, companyId, today }) => {
    const [series, open, obligations] = await Promise.all([
      readMonthSeries(r, companyId, seriesMonths(today)),
      readOpenDocuments(r, companyId),
      readOpenObligations(r, companyId),
    ]);
    return buildMonthSummary({ figures: series.at(-1)!, open, obligations });
  },
  tax: async ({ r, companyId, now, today, company }) => {
    const [obligations, c] = await Promise.all([readOpenObligations(r, companyId), company()]);
    const [estimated, sii] = await Promise.all([
      readModelEstimates(r, companyId, obligations),
      c.siiEnabled ? readSiiStatus(r, companyId, now) : Promise.resolve(null),
    ]);
    return buildTaxData({ today, obligations, estimated, sii: sii?.status ?? null });
  },
  financial: async ({ r, companyId, today }) => {
    const [months, open, collections] = await Promise.all([
      readMonthSeries(r, companyId, seriesMonths(today)),
      readOpenDocuments(r, companyId),
      readCollectionMonths(r, companyId),
    ]);
    return buildFinancialData({ today, months, open, collections });
  },
  accounting: async ({ r, companyId, today }) => {
    const year = Number(today.slice(0, 4));
    const books = await readAccounting(r, companyId, year);
    return books ? buildAccountingData({ year, ...books }) : null;
  },
  alerts: async ({ r, companyId, now, today, company }) => {
    const c = await company();
    const [state, obligations, sii, documentsToReview, open] = await Promise.all([
      readComplianceState(r, companyId),
      readOpenObligations(r, companyId),
      c.siiEnabled ? readSiiStatus(r, companyId, now) : Promise.resolve(null),
      countDocumentsToReview(r, companyId),
      readOpenDocuments(r, companyId),
    ]);
    const overdue = overdueReceivables(open, today);
    return {
      alerts: buildAlerts({
        today,
        companyName: c.name,
        hasTaxProfile: state.hasTaxProfile,
        siiEnabled: c.siiEnabled,
        verifactuConfigured: state.verifactuConfigured,
        verifactuErrors: state.verifactuErrors,
        obligations,
        siiRejected: sii ? sii.rejected : null,
        documentsToReview,
        overdueInvoices: {
          count: overdue.length,
          amountCents: overdue.reduce((s, d) => s + d.outstandingCents, 0),
        },
      }),
      documentsToReview,
    };
  },
  activity: async ({ r, companyId, today }) => buildActivity(await readActivity(r, companyId, today)),
};

/** The section key under which the company header is snapshotted too (it is needed to answer). */
const COMPANY_SNAPSHOT = 'company';

interface SectionOutcome<T> {
  value: T | null;
  source: SectionSource;
  asOf: string | null;
  fallback: boolean;
}

export async function buildSummary(
  deps: SummaryDeps,
  input: {
    companyId: string;
    userId: string;
    who: AccessSubject;
    refresh: boolean;
    log?: Logger;
    /** Tests and the bench replace one section's computation (to make it fail, say). */
    computers?: Partial<typeof sectionComputers>;
  },
): Promise<DashboardSummary> {
  const now = deps.now();
  const today = madridToday(now);
  const { companyId } = input;
  const r = new SummaryReader({ db: deps.db, table: deps.table });
  const visibility = summaryVisibility(input.who);
  const computers = { ...sectionComputers, ...input.computers };
  const writes: Promise<unknown>[] = [];

  const snapshots = await readSnapshots(r, companyId).catch((e: unknown) => {
    input.log?.warn('Dashboard snapshots unreadable', { companyId, error: String(e) });
    return new Map<string, SectionSnapshot>();
  });
  const remember = (section: string, data: unknown) => {
    if (isFresh(snapshots.get(section), now)) return;
    writes.push(
      writeSnapshot(r.deps, companyId, section, now, data).catch((e: unknown) =>
        input.log?.warn('Dashboard snapshot not written', { companyId, section, error: String(e) }),
      ),
    );
  };

  const companyRead = readCompany(r, companyId).then((c) => {
    if (!c) throw new AppError('CORE_006', 'La empresa no existe.');
    remember(COMPANY_SNAPSHOT, c);
    return c;
  });
  // Sections that need it see the failure; the header falls back below.
  companyRead.catch(() => undefined);
  const ctx: Context = { r, companyId, now, today, company: () => companyRead };

  const run = async <S extends DashboardSection>(section: S): Promise<SectionOutcome<SectionValues[S]>> => {
    if (!sectionVisible(section, visibility))
      return { value: null, source: 'LIVE', asOf: null, fallback: false };
    const snap = snapshots.get(section);
    const compute = computers[section] as (c: Context) => Promise<SectionValues[S]>;
    if (!input.refresh && snap && isFresh(snap, now))
      return { value: snap.data as SectionValues[S], source: 'LIVE', asOf: snap.asOf, fallback: false };
    try {
      const value = await compute(ctx);
      remember(section, value);
      return { value, source: 'LIVE', asOf: now.toISOString(), fallback: false };
    } catch (e) {
      input.log?.warn('Dashboard section failed', { companyId, section, error: String(e) });
      return snap
        ? { value: snap.data as SectionValues[S], source: 'SNAPSHOT', asOf: snap.asOf, fallback: true }
        : { value: null, source: 'UNAVAILABLE', asOf: null, fallback: true };
    }
  };

  const [month, tax, financial, accounting, alerts, activity, unread, company] = await Promise.all([
    run('month'),
    run('tax'),
    run('financial'),
    run('accounting'),
    run('alerts'),
    run('activity'),
    readUnread(r, input.userId, companyId).catch((e: unknown) => {
      input.log?.warn('Unread notifications unreadable', { companyId, error: String(e) });
      return 0;
    }),
    companyRead.catch((e: unknown) => {
      const snap = snapshots.get(COMPANY_SNAPSHOT);
      if (snap && !(e instanceof AppError)) return snap.data as SummaryCompany;
      throw e;
    }),
  ]);
  await Promise.all(writes);

  const outcomes: Record<DashboardSection, SectionOutcome<unknown>> = {
    month,
    tax,
    financial,
    accounting,
    alerts,
    activity,
  };
  return {
    company: {
      companyId: company.companyId,
      name: company.name,
      nif: company.nif,
      companyType: company.companyType,
      siiEnabled: company.siiEnabled,
    },
    monthSummary: month.value,
    taxData: tax.value,
    financialData: financial.value,
    accountingData: accounting.value,
    alerts: alerts.value ? visibleAlerts(alerts.value.alerts, visibility) : [],
    recentActivity: activity.value ? visibleActivity(activity.value, visibility) : [],
    additionalData: {
      documentsToReview: visibility.documents && alerts.value ? alerts.value.documentsToReview : null,
      unreadNotifications: unread,
    },
    meta: {
      generatedAt: now.toISOString(),
      fallbackMode: DASHBOARD_SECTIONS.some((s) => outcomes[s].fallback),
      sections: Object.fromEntries(
        DASHBOARD_SECTIONS.map((s) => [s, { source: outcomes[s].source, asOf: outcomes[s].asOf }]),
      ) as DashboardSummary['meta']['sections'],
      itemsRead: r.itemsRead,
    },
  };
}
