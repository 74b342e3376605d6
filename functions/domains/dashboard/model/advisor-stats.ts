/**
 * The advisor dashboard's figures (issue 20, spec part 3 §3 "Advisor summary"), pure: one company's
 * stats from the facts the store read (model of the status in shared/fiscal/company-health.ts), the
 * stats of a company whose computation failed (CRITICAL with zeros, spec part 3 §4), and the
 * summary over every company.
 */

import { companyHealth, pendingTasksOf } from '@shared/fiscal/company-health';
import { formatDateEs, obligationLabel, type TaxObligation } from '@shared/fiscal/fiscal-alerts';
import type {
  AdvisorActivity,
  AdvisorCompanyStats,
  AdvisorPendingTask,
  AdvisorPeriod,
  AdvisorSummary,
  CompanyHealth,
} from '@shared/schemas/dashboard';

/** Tasks and activity kept per company (enough for the summary's 10 across companies). */
export const PER_COMPANY_LIST_MAX = 10;
/** The summary's lists. */
export const SUMMARY_LIST_MAX = 10;

export interface AdvisorCompany {
  id: string;
  name: string;
  nif: string;
  companyType: string;
}

export type ObligationFact = Pick<
  TaxObligation,
  'obligationId' | 'modelType' | 'period' | 'year' | 'dueDate'
>;

/** What the store read of one company for one period. */
export interface CompanyFacts {
  company: AdvisorCompany;
  clientCount: number;
  documentCount: number;
  revenue: number;
  complianceScore: number | null;
  overdue: ObligationFact[];
  /** With the date each counts down to (the direct-debit deadline while it is open, else dueDate). */
  dueSoon: (ObligationFact & { countdown: string })[];
  rejectedSii: number;
  /** The earliest SII deadline among the rejected records, null without any. */
  rejectedSiiDeadline: string | null;
  rejectedVerifactu: number;
  unreviewedDocuments: number;
  lastActivity: string | null;
  /** The company's latest events the reads saw (any order). */
  activity: AdvisorActivity[];
}

/** A company's stats with the tasks and events the summary merges (what the cache holds). */
export interface ComputedCompany {
  stats: AdvisorCompanyStats;
  tasks: AdvisorPendingTask[];
  activity: AdvisorActivity[];
}

const withCompany = (path: string, companyId: string) =>
  `${path}${path.includes('?') ? '&' : '?'}company=${encodeURIComponent(companyId)}`;

/** In-app pages the tasks open (web/src/lib/paths.ts). */
export const TASK_URLS = {
  overdue: (c: string) => withCompany('/app/tax/calendar?filter=overdue', c),
  dueSoon: (c: string) => withCompany('/app/tax/calendar?filter=pending', c),
  documents: (c: string) => withCompany('/app/document-reviews', c),
  sii: (c: string) => withCompany('/app/tax/sii', c),
  verifactu: (c: string) => withCompany('/app/verifactu', c),
};

/** Most urgent first: overdue obligations, rejected records, deadlines, then documents to review. */
const KIND_RANK: Record<string, number> = {
  OVERDUE_OBLIGATION: 0,
  SII_REJECTED: 1,
  VERIFACTU_REJECTED: 2,
  DUE_SOON_OBLIGATION: 3,
  DOCUMENT_REVIEW: 4,
};

export function byUrgency(a: AdvisorPendingTask, b: AdvisorPendingTask): number {
  return (
    (KIND_RANK[a.kind] ?? 9) - (KIND_RANK[b.kind] ?? 9) ||
    (a.dueDate ?? '9999-12-31').localeCompare(b.dueDate ?? '9999-12-31') ||
    a.companyName.localeCompare(b.companyName, 'es') ||
    a.title.localeCompare(b.title, 'es')
  );
}

export const newestFirst = (a: AdvisorActivity, b: AdvisorActivity): number =>
  b.timestamp.localeCompare(a.timestamp) || a.id.localeCompare(b.id);

function tasksOf(f: CompanyFacts): AdvisorPendingTask[] {
  const { id, name } = f.company;
  const base = { companyId: id, companyName: name };
  const tasks: AdvisorPendingTask[] = [
    ...f.overdue.map((o) => ({
      ...base,
      kind: 'OVERDUE_OBLIGATION',
      title: `${obligationLabel(o)}: vencida el ${formatDateEs(o.dueDate)}`,
      dueDate: o.dueDate,
      url: TASK_URLS.overdue(id),
    })),
    ...f.dueSoon.map((o) => ({
      ...base,
      kind: 'DUE_SOON_OBLIGATION',
      title: `${obligationLabel(o)}: vence el ${formatDateEs(o.countdown)}`,
      dueDate: o.countdown,
      url: TASK_URLS.dueSoon(id),
    })),
  ];
  if (f.rejectedSii > 0)
    tasks.push({
      ...base,
      kind: 'SII_REJECTED',
      title: f.rejectedSii === 1 ? '1 registro SII rechazado' : `${f.rejectedSii} registros SII rechazados`,
      dueDate: f.rejectedSiiDeadline,
      url: TASK_URLS.sii(id),
    });
  if (f.rejectedVerifactu > 0)
    tasks.push({
      ...base,
      kind: 'VERIFACTU_REJECTED',
      title:
        f.rejectedVerifactu === 1
          ? '1 envío VeriFacTu con errores'
          : `${f.rejectedVerifactu} envíos VeriFacTu con errores`,
      dueDate: null,
      url: TASK_URLS.verifactu(id),
    });
  if (f.unreviewedDocuments > 0)
    tasks.push({
      ...base,
      kind: 'DOCUMENT_REVIEW',
      title:
        f.unreviewedDocuments === 1
          ? '1 documento por revisar'
          : `${f.unreviewedDocuments} documentos por revisar`,
      dueDate: null,
      url: TASK_URLS.documents(id),
    });
  return tasks.sort(byUrgency).slice(0, PER_COMPANY_LIST_MAX);
}

export function buildCompanyStats(f: CompanyFacts, computedAt: string): ComputedCompany {
  const counts = {
    overdueObligations: f.overdue.length,
    dueSoonObligations: f.dueSoon.length,
    rejectedSii: f.rejectedSii,
    rejectedVerifactu: f.rejectedVerifactu,
    unreviewedDocuments: f.unreviewedDocuments,
  };
  const { status, reasons } = companyHealth({ failed: false, complianceScore: f.complianceScore, ...counts });
  return {
    stats: {
      company: f.company,
      status,
      reasons,
      clientCount: f.clientCount,
      documentCount: f.documentCount,
      revenue: f.revenue,
      pendingTasks: pendingTasksOf(counts),
      lastActivity: f.lastActivity,
      complianceScore: f.complianceScore,
      ...counts,
      failed: false,
      computedAt,
    },
    tasks: tasksOf(f),
    activity: [...f.activity].sort(newestFirst).slice(0, PER_COMPANY_LIST_MAX),
  };
}

/** A company whose stats could not be computed: CRITICAL with zeros (spec part 3 §4). */
export function failedCompanyStats(company: AdvisorCompany, computedAt: string): ComputedCompany {
  const { status, reasons } = companyHealth({
    failed: true,
    overdueObligations: 0,
    dueSoonObligations: 0,
    rejectedSii: 0,
    rejectedVerifactu: 0,
    unreviewedDocuments: 0,
    complianceScore: null,
  });
  return {
    stats: {
      company,
      status,
      reasons,
      clientCount: 0,
      documentCount: 0,
      revenue: 0,
      pendingTasks: 0,
      lastActivity: null,
      complianceScore: null,
      overdueObligations: 0,
      dueSoonObligations: 0,
      rejectedSii: 0,
      rejectedVerifactu: 0,
      unreviewedDocuments: 0,
      failed: true,
      computedAt,
    },
    tasks: [],
    activity: [],
  };
}

const STATUS_RANK: Record<CompanyHealth, number> = { CRITICAL: 0, WARNING: 1, HEALTHY: 2 };

/** The list's order: CRITICAL first, then WARNING, then HEALTHY; by name within each. */
export function sortCompanies(items: AdvisorCompanyStats[]): AdvisorCompanyStats[] {
  return [...items].sort(
    (a, b) =>
      STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
      a.company.name.localeCompare(b.company.name, 'es') ||
      a.company.id.localeCompare(b.company.id),
  );
}

export const filterByStatus = (
  items: AdvisorCompanyStats[],
  status: 'ALL' | CompanyHealth,
): AdvisorCompanyStats[] => (status === 'ALL' ? items : items.filter((s) => s.status === status));

export interface SummaryMeta {
  generatedAt: string;
  fromCache: number;
  computed: number;
  itemsRead: number;
}

/**
 * The summary over every company of the gestor (the status filter does not apply: the counts by
 * status are part of it). The average compliance score is over the companies that have one (a
 * company without tax profile, or whose stats failed, has none), one decimal; null when none has.
 */
export function summarize(
  period: AdvisorPeriod,
  companies: ComputedCompany[],
  meta: SummaryMeta,
): AdvisorSummary {
  const stats = companies.map((c) => c.stats);
  const scores = stats.flatMap((s) => (s.complianceScore === null ? [] : [s.complianceScore]));
  const sum = (f: (s: AdvisorCompanyStats) => number) => stats.reduce((acc, s) => acc + f(s), 0);
  const count = (status: CompanyHealth) => stats.filter((s) => s.status === status).length;
  return {
    period,
    clientStats: {
      totalCompanies: stats.length,
      totalClients: sum((s) => s.clientCount),
      healthyCompanies: count('HEALTHY'),
      warningCompanies: count('WARNING'),
      criticalCompanies: count('CRITICAL'),
    },
    documentStats: { totalDocuments: sum((s) => s.documentCount), totalRevenue: sum((s) => s.revenue) },
    taxStats: {
      averageComplianceScore:
        scores.length === 0
          ? null
          : Math.round((scores.reduce((a, b) => a + b, 0) * 10) / scores.length) / 10,
    },
    pendingTasks: sum((s) => s.pendingTasks),
    pendingTaskList: companies
      .flatMap((c) => c.tasks)
      .sort(byUrgency)
      .slice(0, SUMMARY_LIST_MAX),
    recentActivity: companies
      .flatMap((c) => c.activity)
      .sort(newestFirst)
      .slice(0, SUMMARY_LIST_MAX),
    meta: {
      generatedAt: meta.generatedAt,
      companies: stats.length,
      fromCache: meta.fromCache,
      computed: meta.computed,
      failed: stats.filter((s) => s.failed).length,
      itemsRead: meta.itemsRead,
    },
  };
}
