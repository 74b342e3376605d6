/**
 * Issue 20 judged as a black box ("How it will be judged": each demo account's dashboard against
 * figures computed independently from its data; the e-mail digest in the dev mailbox), through the
 * HTTP API only. Every expected figure is computed here from OTHER areas' APIs — the issued invoices
 * list and each invoice's view, the received invoices, the open tax obligations of the calendar, the
 * fiscal analysis, the document reviews, the SII / VeriFacTu states, the company users, the
 * subscriptions, the notifications — never from the dashboards' code nor their aggregates; then
 * compared with what the dashboards answer:
 *  1. GET dashboard/summary for every demo company as its staff, as the client and as the admin:
 *     'Resumen del Mes' (income / expenses of the current Madrid month by the devengo date, pending
 *     invoices, open obligations), taxData (pending / overdue, next obligations), financialData
 *     (year to date, revenue by month, issued / overdue invoices, average collection days from
 *     each paid invoice's payments over the last twelve months), the alerts of overdue
 *     obligations, the caller's unread notifications and documents to review;
 *  2. the advisor's companies and summary: each company's status by the documented rule of
 *     shared/fiscal/company-health.ts applied to the facts gathered here (Panadería La Espiga, with
 *     its overdue 115, CRITICAL); gestor2 never sees the first gestoría's companies;
 *  3. the admin's stats against what can be listed (companies, their members, the subscriptions of
 *     the demo accounts) and a registration (one more user);
 *  4. the client dashboard as cliente@ (its company's invoices of the year, the gestora as advisor)
 *     and as autonomo@ (no advisor);
 *  5. the daily digest: in the dev mailbox after start for the gestora (unread notifications), and
 *     not a second time when the schedule runs again the same day.
 * Dates are Europe/Madrid, as the product's; a check that straddles midnight is computed again.
 * Disagreements are listed all at once per part (what was expected, what came back).
 */

import type { Page } from '@shared/api/envelope';
import { companyHealth, pendingTasksOf } from '@shared/fiscal/company-health';
import type { FiscalAnalysis } from '@shared/fiscal/fiscal-analysis';
import { accrualDateOf } from '@shared/fiscal/tax-aggregates';
import {
  type AddonType,
  addons,
  type PlanCode,
  plans,
  type SubscriptionLookup,
} from '@shared/schemas/billing';
import type { CompanyEntry } from '@shared/schemas/companies';
import type {
  AdminStats,
  AdvisorCompaniesResult,
  AdvisorSummary,
  ClientDashboard,
  DashboardSummary,
} from '@shared/schemas/dashboard';
import type { PendingReview } from '@shared/schemas/document-reviews';
import type { InvoicePayment, InvoiceView, InvoiceWithPayments } from '@shared/schemas/invoices';
import type { Meeting } from '@shared/schemas/meetings';
import type { Notification, UnreadSummary } from '@shared/schemas/notifications';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import type { ObligationView } from '@shared/schemas/tax';
import type { VerifactuDashboard } from '@shared/schemas/verifactu';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, demoCompanies, demoSubscriptions, demoUsers } from './demo-data';
import { apiClient } from './testing/api';
import type { SentMail } from './types';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const V1 = '/api/v1';

const ADMIN = 'admin@cuadra.test';
const GESTOR = 'gestor@cuadra.test';
const GESTOR2 = 'gestor2@cuadra.test';
const CLIENT = 'cliente@cuadra.test';
const AUTONOMO = 'autonomo@cuadra.test';
const PANADERIA = 'demo-panaderia-espiga';
const MARTA = 'demo-marta-sanchez';
const NAVARRO = 'demo-navarro-asesores';
const DIGEST_SUBJECT = /^Resumen diario de Cuadra: (\d+) notificaci(ón|ones) sin leer$/;

// --- dates (Europe/Madrid, the product's day) ------------------------------------------------------

const madridToday = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
/** `yyyy-mm` `offset` months after `month`. */
function shiftMonth(month: string, offset: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

// --- calls -------------------------------------------------------------------------------------------

type Res<T> = Awaited<ReturnType<typeof api.request<T>>>;
const dataOf = <T>(res: Res<T>, what: string): T => {
  if (!res.body.success) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body.error)}`);
  return res.body.data;
};
const tokens = new Map<string, string>();
const tokenOf = (email: string): string => {
  const t = tokens.get(email);
  if (!t) throw new Error(`not logged in: ${email}`);
  return t;
};
const get = <T>(email: string, path: string, companyId?: string, query?: Record<string, string>) =>
  api.request<T>('GET', path, {
    token: tokenOf(email),
    ...(companyId ? { companyId } : {}),
    ...(query ? { query } : {}),
  });

/** Every page of a paged list (size 100). */
async function allPages<T>(
  email: string,
  path: string,
  companyId: string | undefined,
  query: Record<string, string> = {},
): Promise<T[]> {
  const out: T[] = [];
  for (let page = 0; page < 200; page++) {
    const data = dataOf(
      await get<Page<T> | T[]>(email, path, companyId, { ...query, page: String(page), size: '100' }),
      `GET ${path} (${companyId ?? 'no company'})`,
    );
    if (Array.isArray(data)) return data;
    out.push(...data.content);
    if (page + 1 >= data.totalPages || data.content.length === 0) break;
  }
  return out;
}

function report(title: string, problems: string[]) {
  if (problems.length)
    console.log(
      `[dashboard-judge] ${title} — ${problems.length} disagreement(s):\n  ${problems.join('\n  ')}`,
    );
  expect(problems, title).toEqual([]);
}
/** Records a disagreement when `got` is not `expected` (deep, by JSON). */
function same(problems: string[], what: string, got: unknown, expected: unknown) {
  if (JSON.stringify(got) !== JSON.stringify(expected))
    problems.push(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
}

// --- the facts of one company, from the other areas' APIs -------------------------------------------

/** A confirmed issued invoice with what its view says is still to collect. */
interface IssuedFact {
  inv: InvoiceWithPayments;
  outstandingCents: number;
  /** Pending céntimos of its due dates already passed (Europe/Madrid). */
  overdueCents: number;
  /** Replaced by a rectificativa by substitution ('Sustituida'). */
  substituted: boolean;
}

/** `fn` over `items`, six at a time, results in order. */
async function inBatches<T, R>(items: readonly T[], fn: (item: T) => Promise<R>, size = 6): Promise<R[]> {
  const out: R[] = [];
  for (let k = 0; k < items.length; k += size)
    out.push(...(await Promise.all(items.slice(k, k + size).map(fn))));
  return out;
}

interface CompanyFacts {
  companyId: string;
  today: string;
  /** Confirmed (and substituted) issued invoices. */
  issued: IssuedFact[];
  received: ReceivedInvoice[];
  /** Open obligations (pending or overdue) of every tax year the calendar has. */
  open: ObligationView[];
  /** 0-100 from the fiscal analysis, null without a tax profile. */
  complianceScore: number | null;
  unreviewedDocuments: number;
  rejectedSii: number;
  rejectedVerifactu: number;
  clientCount: number;
  /** Money collected for invoices in force (active payments), with the days from issue to payment. */
  collections: { month: string; cents: number; days: number }[];
}

/** What an issued invoice adds to the books' taxable base: a substitution nets what it replaces. */
function netBase({ inv }: IssuedFact): number {
  let base = inv.totals.baseCents;
  if (inv.rectification?.method === 'SUBSTITUTION')
    for (const r of inv.rectification.rectified) base -= r.totals.baseCents;
  return base;
}
function netTotal({ inv }: IssuedFact): number {
  let total = inv.totals.totalCents;
  if (inv.rectification?.method === 'SUBSTITUTION')
    for (const r of inv.rectification.rectified) total -= r.totals.totalCents;
  return total;
}
/** The day an issued invoice's VAT accrues (its month in the books). */
const bookDate = ({ inv }: IssuedFact): string =>
  accrualDateOf({
    invoiceDate: inv.invoiceDate,
    operationDate: inv.operationDate,
    breakdown: inv.breakdown,
    rectification: inv.rectification ?? null,
  });
const booked = (r: ReceivedInvoice) => r.draft?.booked !== false;

async function gatherFacts(email: string, companyId: string): Promise<CompanyFacts> {
  const today = madridToday();
  const year = Number(today.slice(0, 4));
  const listed = await allPages<InvoiceWithPayments>(email, `${V1}/invoices`, companyId);
  const confirmed = listed.filter((i) => i.status === 'CONFIRMED');
  // What is still to collect, and whether a due date passed, from each invoice's own view (a paid
  // invoice owes nothing and is never overdue).
  const issued = await inBatches(confirmed, async (inv): Promise<IssuedFact> => {
    if (inv.paymentStatus === 'PAID')
      return { inv, outstandingCents: 0, overdueCents: 0, substituted: false };
    const view = dataOf(
      await get<InvoiceView>(email, `${V1}/invoices/${encodeURIComponent(inv.invoiceId)}`, companyId),
      `invoice ${inv.invoiceNumber}`,
    );
    return {
      inv,
      outstandingCents: view.outstandingCents,
      overdueCents: view.instalments.filter((x) => x.overdue).reduce((t, x) => t + x.pendingCents, 0),
      substituted: view.displayStatus === 'SUBSTITUTED',
    };
  });
  const received = (await allPages<ReceivedInvoice>(email, `${V1}/received-invoices`, companyId)).filter(
    booked,
  );
  // Each invoice in force with a positive total that took payments: its active payments (credit notes
  // applied are no payments), from the invoice's payments list.
  const paidInvoices = issued.filter(
    (i) =>
      !i.substituted && !i.inv.substitutedBy && i.inv.totals.totalCents > 0 && (i.inv.paidCents ?? 0) > 0,
  );
  const collections = (
    await inBatches(paidInvoices, async ({ inv }) =>
      dataOf(
        await get<InvoicePayment[]>(
          email,
          `${V1}/invoices/${encodeURIComponent(inv.invoiceId)}/payments`,
          companyId,
        ),
        `payments of ${inv.invoiceNumber}`,
      )
        .filter((p) => (p.status ?? 'ACTIVE') === 'ACTIVE' && p.amountCents > 0)
        .map((p) => ({
          month: p.paidAt.slice(0, 7),
          cents: p.amountCents,
          days: daysBetween(inv.invoiceDate, p.paidAt),
        })),
    )
  ).flat();

  // Open obligations of each tax year the profile may reach (four back, as the calendar allows).
  const profile = await get<unknown>(email, `${V1}/companies/${companyId}/tax-profile`, companyId);
  const hasProfile = profile.body.success && profile.body.data !== null;
  const open: ObligationView[] = [];
  if (hasProfile)
    for (let y = year - 4; y <= year; y++) {
      const res = await get<ObligationView[]>(
        email,
        `${V1}/tax/companies/${companyId}/obligations/pending`,
        companyId,
        { year: String(y) },
      );
      if (res.body.success) open.push(...res.body.data);
    }
  let complianceScore: number | null = null;
  if (hasProfile)
    complianceScore = dataOf(
      await get<FiscalAnalysis>(email, `${V1}/tax/companies/${companyId}/fiscal-analysis`, companyId),
      'fiscal analysis',
    ).metrics.compliancePercentage;

  const reviews = await get<Page<PendingReview>>(email, `${V1}/document-reviews/pending`, companyId, {
    page: '0',
    size: '1',
  });
  const unreviewedDocuments = reviews.body.success ? reviews.body.data.totalElements : 0;

  const siiRejected = (s: string | null | undefined) => s === 'REJECTED' || s === 'PENDING_CORRECTION';
  const rejectedSii =
    issued.filter((i) => siiRejected(i.inv.siiStatus)).length +
    received.filter((r) => siiRejected(r.siiStatus)).length;
  const vf = await get<VerifactuDashboard>(email, `${V1}/verifactu/dashboard/${companyId}`, companyId);
  const rejectedVerifactu = vf.body.success ? (vf.body.data.counts.ERROR ?? 0) : 0;

  const users = await get<Page<{ companyRole: string; status: string }>>(
    email,
    `${V1}/companies/${companyId}/users`,
    companyId,
    { page: '0', size: '100' },
  );
  const clientCount = users.body.success
    ? users.body.data.content.filter((u) => u.companyRole === 'CLIENTE' && u.status === 'ACTIVE').length
    : 0;

  return {
    companyId,
    today,
    issued,
    received,
    open,
    complianceScore,
    unreviewedDocuments,
    rejectedSii,
    rejectedVerifactu,
    clientCount,
    collections,
  };
}

const overdueOf = (f: CompanyFacts) => f.open.filter((o) => o.dueDate < f.today);
const dueSoonOf = (f: CompanyFacts) =>
  f.open.filter((o) => o.dueDate >= f.today && daysBetween(f.today, o.dueDate) <= 7);
/** Issued invoices (not substituted) with something still to collect. */
const collectible = (f: CompanyFacts) => f.issued.filter((i) => !i.substituted && i.outstandingCents > 0);
const isOverdueInvoice = (i: IssuedFact) => !i.substituted && i.overdueCents > 0;

/** The company dashboard's figures, as the judge computes them from the facts. */
function expectedSummary(f: CompanyFacts) {
  const month = f.today.slice(0, 7);
  const year = f.today.slice(0, 4);
  const income = f.issued.filter((i) => bookDate(i).startsWith(month)).reduce((s, i) => s + netBase(i), 0);
  const expenses = f.received
    .filter((r) => r.accountingDate.startsWith(month))
    .reduce((s, r) => s + r.totals.baseCents, 0);
  const pending = collectible(f);
  const overdue = overdueOf(f);
  const revenueByMonth = Array.from({ length: 12 }, (_, k) => {
    const m = shiftMonth(month, k - 11);
    return {
      month: m,
      value: f.issued.filter((i) => bookDate(i).startsWith(m)).reduce((s, i) => s + netBase(i), 0),
    };
  });
  const ytd = f.issued.filter((i) => bookDate(i).startsWith(year));
  // Average collection days: Σ(collected × days from issue to payment) / Σ collected over the payments
  // of the twelve months ending with this one, to whole days; null when nothing was collected.
  const first = shiftMonth(month, -11);
  const window = f.collections.filter((c) => c.month >= first && c.month <= month);
  const collected = window.reduce((s, c) => s + c.cents, 0);
  const avgCollectionDays =
    collected > 0 ? Math.round(window.reduce((s, c) => s + c.cents * c.days, 0) / collected) : null;
  const next = [...f.open]
    .filter((o) => daysBetween(f.today, o.dueDate) <= 30)
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.modelType.localeCompare(b.modelType))
    .slice(0, 5)
    .map((o) => ({ model: o.modelType, dueDate: o.dueDate, daysLeft: daysBetween(f.today, o.dueDate) }));
  return {
    monthSummary: {
      month,
      income,
      expenses,
      pendingInvoices: { count: pending.length, amount: pending.reduce((s, i) => s + i.outstandingCents, 0) },
      pendingObligations: f.open.length,
    },
    obligations: { pending: f.open.length - overdue.length, overdue: overdue.length },
    next,
    overdueModels: overdue.map((o) => ({ model: o.modelType, dueDate: o.dueDate })),
    financial: {
      totalRevenue: ytd.reduce((s, i) => s + netBase(i), 0),
      totalExpenses: f.received
        .filter((r) => r.accountingDate.startsWith(year))
        .reduce((s, r) => s + r.totals.baseCents, 0),
      invoicesIssued: ytd.length,
      invoicesReceived: f.received.filter((r) => r.accountingDate.startsWith(year)).length,
      overdueInvoices: f.issued.filter(isOverdueInvoice).length,
      revenueByMonth,
      avgCollectionDays,
    },
  };
}

/** Compares one summary with the facts; `visible` says which sections the caller may see. */
function judgeSummary(
  problems: string[],
  who: string,
  s: DashboardSummary,
  f: CompanyFacts,
  visible: { invoices: boolean; tax: boolean; accounting: boolean; staff: boolean },
) {
  const e = expectedSummary(f);
  const at = `${who} on ${f.companyId}`;
  same(problems, `${at} company.companyId`, s.company.companyId, f.companyId);
  if (!visible.invoices) {
    same(problems, `${at} monthSummary (no invoices.read)`, s.monthSummary, null);
    same(problems, `${at} financialData (no invoices.read)`, s.financialData, null);
  } else if (!s.monthSummary || !s.financialData) {
    problems.push(`${at}: monthSummary/financialData missing (${s.meta.sections.month.source})`);
  } else {
    const m = s.monthSummary;
    same(problems, `${at} monthSummary.month`, m.month, e.monthSummary.month);
    same(problems, `${at} monthSummary.income`, m.income, e.monthSummary.income);
    same(problems, `${at} monthSummary.expenses`, m.expenses, e.monthSummary.expenses);
    same(problems, `${at} monthSummary.pendingInvoices`, m.pendingInvoices, e.monthSummary.pendingInvoices);
    if (visible.tax)
      same(
        problems,
        `${at} monthSummary.pendingObligations`,
        m.pendingObligations,
        e.monthSummary.pendingObligations,
      );
    const fd = s.financialData;
    same(problems, `${at} financialData.totalRevenue`, fd.totalRevenue, e.financial.totalRevenue);
    same(problems, `${at} financialData.totalExpenses`, fd.totalExpenses, e.financial.totalExpenses);
    same(problems, `${at} financialData.invoicesIssued`, fd.invoicesIssued, e.financial.invoicesIssued);
    same(problems, `${at} financialData.invoicesReceived`, fd.invoicesReceived, e.financial.invoicesReceived);
    same(problems, `${at} financialData.overdueInvoices`, fd.overdueInvoices, e.financial.overdueInvoices);
    same(problems, `${at} financialData.revenueByMonth`, fd.revenueByMonth, e.financial.revenueByMonth);
    same(
      problems,
      `${at} financialData.avgCollectionDays`,
      fd.avgCollectionDays,
      e.financial.avgCollectionDays,
    );
  }
  if (!visible.tax) {
    same(problems, `${at} taxData (no tax.read)`, s.taxData, null);
  } else if (!s.taxData) {
    problems.push(`${at}: taxData missing (${s.meta.sections.tax.source})`);
  } else {
    same(problems, `${at} taxData.obligations.overdue`, s.taxData.obligations.overdue, e.obligations.overdue);
    same(problems, `${at} taxData.obligations.pending`, s.taxData.obligations.pending, e.obligations.pending);
    same(
      problems,
      `${at} taxData.nextObligations`,
      s.taxData.nextObligations.map((o) => ({ model: o.model, dueDate: o.dueDate, daysLeft: o.daysLeft })),
      e.next,
    );
    // Each overdue obligation has its CRITICAL alert naming the model.
    for (const o of e.overdueModels) {
      const alert = s.alerts.find(
        (a) =>
          a.severity === 'CRITICAL' &&
          `${a.message} ${a.description}`.includes(o.model) &&
          (a.dueDate === null || a.dueDate === o.dueDate),
      );
      if (!alert)
        problems.push(
          `${at}: no CRITICAL alert for the overdue ${o.model} due ${o.dueDate} (alerts: ${JSON.stringify(s.alerts.map((a) => [a.severity, a.message]))})`,
        );
    }
  }
  if (!visible.accounting)
    same(problems, `${at} accountingData (no accounting.read)`, s.accountingData, null);
  const order = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'];
  const ranks = s.alerts.map((a) => order.indexOf(a.severity));
  if (ranks.some((r, k) => k > 0 && r < (ranks[k - 1] ?? 0)))
    problems.push(`${at}: alerts not sorted by severity: ${JSON.stringify(s.alerts.map((a) => a.severity))}`);
  for (const a of s.alerts)
    if (a.action && !a.action.url.startsWith('/app'))
      problems.push(`${at}: alert action not in-app: ${a.action.url}`);
  if (visible.staff)
    same(
      problems,
      `${at} additionalData.documentsToReview`,
      s.additionalData.documentsToReview,
      f.unreviewedDocuments,
    );
  else
    same(
      problems,
      `${at} additionalData.documentsToReview (client)`,
      s.additionalData.documentsToReview,
      null,
    );
  if (s.meta.fallbackMode)
    problems.push(`${at}: fallbackMode with every source up (${JSON.stringify(s.meta.sections)})`);
}

/** Runs `fn` and runs it again if Madrid's day changed meanwhile (a check made across midnight). */
async function onOneDay(fn: () => Promise<string[]>): Promise<string[]> {
  const before = madridToday();
  const problems = await fn();
  if (madridToday() === before) return problems;
  return fn();
}

// -----------------------------------------------------------------------------------------------------

/** The staff member whose facts are read for each demo company (the client's view is compared apart). */
const STAFF_OF: Record<string, string> = {
  'demo-romero-fontaneria': GESTOR,
  [PANADERIA]: GESTOR,
  'demo-transportes-levante': GESTOR,
  [NAVARRO]: GESTOR2,
  [MARTA]: AUTONOMO,
};

describe('dashboards against the demo data (issue 20 judge)', () => {
  const facts = new Map<string, CompanyFacts>();

  beforeAll(async () => {
    for (const u of demoUsers) tokens.set(u.email, await api.login(u.email, DEMO_PASSWORD));
    for (const c of demoCompanies)
      facts.set(c.companyId, await gatherFacts(STAFF_OF[c.companyId]!, c.companyId));
    // The collection summary behind avgCollectionDays is recomputed a few seconds after the last
    // change of an issued invoice's open item (banking store/collection-summary.ts): give the
    // treasury queue up to a minute to settle before judging (a wrong figure still fails below).
    const deadline = Date.now() + 60_000;
    for (const c of demoCompanies) {
      const expected = expectedSummary(facts.get(c.companyId)!).financial.avgCollectionDays;
      for (;;) {
        const s = await get<DashboardSummary>(
          STAFF_OF[c.companyId]!,
          `${V1}/dashboard/summary`,
          c.companyId,
          {
            refresh: 'true',
          },
        );
        const got = s.body.success ? s.body.data.financialData?.avgCollectionDays : undefined;
        if (got === expected || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 2_000));
      }
    }
  }, 330_000);

  const refreshed = (email: string, companyId: string) =>
    get<DashboardSummary>(email, `${V1}/dashboard/summary`, companyId, { refresh: 'true' });

  it('the company dashboard of every demo company, as its staff, its client and the admin', async () => {
    const problems = await onOneDay(async () => {
      const out: string[] = [];
      for (const c of demoCompanies) {
        const f =
          facts.get(c.companyId)?.today === madridToday()
            ? facts.get(c.companyId)!
            : await gatherFacts(STAFF_OF[c.companyId]!, c.companyId);
        facts.set(c.companyId, f);
        const staff = STAFF_OF[c.companyId]!;
        const s = dataOf(await refreshed(staff, c.companyId), `summary ${c.companyId} as ${staff}`);
        const e = expectedSummary(f);
        console.log(
          `[dashboard-judge] ${c.companyId}: judge ${JSON.stringify({ ...e.monthSummary, ...e.obligations, ytd: e.financial.totalRevenue, issued: e.financial.invoicesIssued, overdueInvoices: e.financial.overdueInvoices, avgCollectionDays: e.financial.avgCollectionDays, next: e.next.map((o) => `${o.model}@${o.dueDate}`) })}`,
        );
        judgeSummary(out, staff, s, f, { invoices: true, tax: true, accounting: true, staff: true });
        // The caller's own unread notifications in the company (the bell's count).
        const unread = dataOf(
          await get<UnreadSummary>(staff, `${V1}/notifications/unread`, c.companyId),
          'unread',
        ).count;
        same(
          out,
          `${staff} on ${c.companyId} additionalData.unreadNotifications`,
          s.additionalData.unreadNotifications,
          unread,
        );
      }
      // The client of the bakery: invoices and tax documents, no accounting, no reviews.
      const bakery = facts.get(PANADERIA)!;
      const asClient = dataOf(await refreshed(CLIENT, PANADERIA), 'summary as the client');
      judgeSummary(out, CLIENT, asClient, bakery, {
        invoices: true,
        tax: true,
        accounting: false,
        staff: false,
      });
      // The platform administrator sees the same figures of any company.
      const asAdmin = dataOf(await refreshed(ADMIN, 'demo-transportes-levante'), 'summary as admin');
      judgeSummary(out, ADMIN, asAdmin, facts.get('demo-transportes-levante')!, {
        invoices: true,
        tax: true,
        accounting: true,
        staff: true,
      });
      return out;
    });
    // The bakery's 115 of an earlier period is overdue in the demo: the judge must have seen it.
    const bakery = facts.get(PANADERIA)!;
    expect(
      overdueOf(bakery).map((o) => o.modelType),
      'the demo bakery has an overdue 115',
    ).toContain('115');
    report('company dashboards', problems);
  });

  it("a company outside the caller's reach is refused", async () => {
    const res = await get<DashboardSummary>(GESTOR2, `${V1}/dashboard/summary`, PANADERIA);
    expect(res.status).toBe(403);
    const client = await get<DashboardSummary>(CLIENT, `${V1}/dashboard/summary`, 'demo-transportes-levante');
    expect(client.status).toBe(403);
  });

  it("the advisor's companies and summary follow the documented health rule", async () => {
    const problems = await onOneDay(async () => {
      const out: string[] = [];
      for (const gestor of [GESTOR, GESTOR2]) {
        const mine = await allPages<CompanyEntry>(gestor, `${V1}/companies`, undefined);
        const result = dataOf(
          await get<AdvisorCompaniesResult>(gestor, `${V1}/dashboard/advisor/companies`, undefined, {
            period: 'MONTH',
            refresh: 'true',
          }),
          `advisor companies of ${gestor}`,
        );
        same(
          out,
          `${gestor} advisor companies`,
          result.items.map((i) => i.company.id).sort(),
          mine.map((c) => c.companyId).sort(),
        );
        for (const item of result.items) {
          const f0 = facts.get(item.company.id);
          if (!f0) continue; // a company another test file created: only the demo ones are judged
          const f = f0.today === madridToday() ? f0 : await gatherFacts(gestor, item.company.id);
          const at = `${gestor} advisor ${item.company.name}`;
          const factsOf = {
            failed: false,
            overdueObligations: overdueOf(f).length,
            dueSoonObligations: dueSoonOf(f).length,
            rejectedSii: f.rejectedSii,
            rejectedVerifactu: f.rejectedVerifactu,
            unreviewedDocuments: f.unreviewedDocuments,
            complianceScore: f.complianceScore,
          };
          const health = companyHealth(factsOf);
          console.log(
            `[dashboard-judge] ${at}: judge ${health.status} ${JSON.stringify(factsOf)}, product ${item.status}`,
          );
          same(out, `${at} failed`, item.failed, false);
          same(out, `${at} status`, item.status, health.status);
          same(out, `${at} reasons`, item.reasons, health.reasons);
          same(out, `${at} overdueObligations`, item.overdueObligations, factsOf.overdueObligations);
          same(out, `${at} dueSoonObligations`, item.dueSoonObligations, factsOf.dueSoonObligations);
          same(out, `${at} unreviewedDocuments`, item.unreviewedDocuments, factsOf.unreviewedDocuments);
          same(out, `${at} rejectedSii`, item.rejectedSii, factsOf.rejectedSii);
          same(out, `${at} rejectedVerifactu`, item.rejectedVerifactu, factsOf.rejectedVerifactu);
          same(out, `${at} complianceScore`, item.complianceScore, factsOf.complianceScore);
          same(out, `${at} pendingTasks`, item.pendingTasks, pendingTasksOf(factsOf));
          same(out, `${at} clientCount`, item.clientCount, f.clientCount);
          same(out, `${at} revenue (MONTH)`, item.revenue, expectedSummary(f).monthSummary.income);
        }
        const summary = dataOf(
          await get<AdvisorSummary>(gestor, `${V1}/dashboard/advisor/summary`, undefined, {
            period: 'MONTH',
          }),
          `advisor summary of ${gestor}`,
        );
        const count = (st: string) => result.items.filter((i) => i.status === st).length;
        same(out, `${gestor} summary clientStats`, summary.clientStats, {
          totalCompanies: mine.length,
          totalClients: result.items.reduce((s, i) => s + i.clientCount, 0),
          healthyCompanies: count('HEALTHY'),
          warningCompanies: count('WARNING'),
          criticalCompanies: count('CRITICAL'),
        });
        same(
          out,
          `${gestor} summary pendingTasks`,
          summary.pendingTasks,
          result.items.reduce((s, i) => s + i.pendingTasks, 0),
        );
        same(
          out,
          `${gestor} summary totalRevenue`,
          summary.documentStats.totalRevenue,
          result.items.reduce((s, i) => s + i.revenue, 0),
        );
        const scored = result.items.filter((i) => i.complianceScore !== null);
        if (scored.length > 0 && summary.taxStats.averageComplianceScore !== null) {
          const avg = scored.reduce((s, i) => s + (i.complianceScore ?? 0), 0) / scored.length;
          if (Math.abs(summary.taxStats.averageComplianceScore - avg) > 0.51)
            out.push(
              `${gestor} averageComplianceScore: expected ≈${avg}, got ${summary.taxStats.averageComplianceScore}`,
            );
        } else
          same(
            out,
            `${gestor} averageComplianceScore`,
            summary.taxStats.averageComplianceScore,
            scored.length ? 'a number' : null,
          );
        if (summary.pendingTaskList.length > 10)
          out.push(`${gestor} pendingTaskList has ${summary.pendingTaskList.length} > 10`);
        // Only CRITICAL companies when filtered so.
        const critical = dataOf(
          await get<AdvisorCompaniesResult>(gestor, `${V1}/dashboard/advisor/companies`, undefined, {
            status: 'CRITICAL',
          }),
          'critical companies',
        );
        same(
          out,
          `${gestor} status=CRITICAL filter`,
          critical.items.map((i) => i.company.id).sort(),
          result.items
            .filter((i) => i.status === 'CRITICAL')
            .map((i) => i.company.id)
            .sort(),
        );
      }
      return out;
    });
    const gestorView = dataOf(
      await get<AdvisorCompaniesResult>(GESTOR, `${V1}/dashboard/advisor/companies`, undefined, {}),
      'advisor companies',
    );
    expect(gestorView.items.find((i) => i.company.id === PANADERIA)?.status, 'Panadería (overdue 115)').toBe(
      'CRITICAL',
    );
    const other = dataOf(
      await get<AdvisorCompaniesResult>(GESTOR2, `${V1}/dashboard/advisor/companies`, undefined, {}),
      'gestor2 companies',
    );
    const gestorOnly = ['demo-romero-fontaneria', PANADERIA, 'demo-transportes-levante'];
    expect(other.items.filter((i) => gestorOnly.includes(i.company.id))).toEqual([]);
    expect(other.items.map((i) => i.company.id)).toContain(NAVARRO);
    // Clients and the autónoma are not advisors.
    expect((await get(CLIENT, `${V1}/dashboard/advisor/summary`)).status).toBe(403);
    report('advisor dashboard', problems);
  });

  it("the admin's stats against what can be listed, and one more user after a registration", async () => {
    const problems: string[] = [];
    const before = dataOf(await get<AdminStats>(ADMIN, `${V1}/admin/stats`), 'admin stats');
    // Users: every member of every company the admin lists, and the admin itself.
    const companies = await allPages<CompanyEntry>(ADMIN, `${V1}/companies`, undefined);
    const people = new Set<string>([ADMIN]);
    for (const c of companies) {
      const users = await get<Page<{ email: string; status: string }>>(
        ADMIN,
        `${V1}/companies/${c.companyId}/users`,
        c.companyId,
        { page: '0', size: '100' },
      );
      if (users.body.success)
        for (const u of users.body.data.content)
          if (u.status !== 'INVITED') people.add(u.email.toLowerCase());
    }
    if (before.totalUsers < people.size)
      problems.push(`totalUsers ${before.totalUsers} < ${people.size} people found in the companies`);
    if (before.activeUsers > before.totalUsers)
      problems.push(`activeUsers ${before.activeUsers} > totalUsers`);
    // The demo accounts' subscriptions, each read by its owner.
    let active = 0;
    let revenue = 0;
    for (const s of demoSubscriptions) {
      const own = dataOf(
        await get<SubscriptionLookup>(s.email, `${V1}/billing/subscription/status`),
        'subscription',
      ).subscription;
      if (own?.status !== 'ACTIVE') continue;
      active += 1;
      revenue +=
        plans[own.planCode as PlanCode].monthlyPriceCents +
        own.addons.reduce((sum, a) => sum + (addons[a.addonType as AddonType]?.monthlyPriceCents ?? 0), 0);
    }
    if (before.activeSubscriptions < active)
      problems.push(
        `activeSubscriptions ${before.activeSubscriptions} < ${active} active among the demo accounts`,
      );
    if (before.monthlyRevenue < revenue)
      problems.push(
        `monthlyRevenue ${before.monthlyRevenue} < ${revenue} of the demo accounts' active plans`,
      );
    same(problems, 'supportTickets (no support area)', before.supportTickets, null);

    // One registration: exactly one more user.
    const email = `judge-dashboard-${Date.now().toString(36)}@cuadra.test`;
    const reg = await api.request('POST', `${V1}/auth/register`, {
      body: {
        email,
        password: DEMO_PASSWORD,
        firstName: 'Rocío',
        lastName: 'Juez Paneles',
        accountType: 'GESTORIA',
        firmName: 'Gestoría del Juez',
        acceptTerms: true,
      },
    });
    expect(reg.body.success, JSON.stringify(reg.body)).toBe(true);
    const after = dataOf(await get<AdminStats>(ADMIN, `${V1}/admin/stats`), 'admin stats after');
    same(problems, 'totalUsers after one registration', after.totalUsers, before.totalUsers + 1);
    expect((await get(GESTOR, `${V1}/admin/stats`)).status).toBe(403);
    report('admin stats', problems);
  });

  it('the client dashboard: the bakery client with its gestora, the autónoma without advisor', async () => {
    const problems = await onOneDay(async () => {
      const out: string[] = [];
      const f0 = facts.get(PANADERIA)!;
      const f = f0.today === madridToday() ? f0 : await gatherFacts(GESTOR, PANADERIA);
      const year = f.today.slice(0, 4);
      const prevYear = String(Number(year) - 1);
      const d = dataOf(
        await get<ClientDashboard>(CLIENT, `${V1}/client/dashboard`, PANADERIA, { period: 'YEAR' }),
        'client dashboard',
      );
      const ofYear = f.issued.filter((i) => bookDate(i).startsWith(year));
      const totalInvoiced = ofYear.reduce((s, i) => s + netTotal(i), 0);
      const open = collectible(f).filter((i) => i.inv.invoiceDate.startsWith(year));
      const pendingAmount = open.reduce((s, i) => s + i.outstandingCents, 0);
      const overdueAmount = open.reduce((s, i) => s + i.overdueCents, 0);
      const previous = f.issued
        .filter((i) => bookDate(i).startsWith(prevYear))
        .reduce((s, i) => s + netTotal(i), 0);
      same(out, 'client financialSummary', d.financialSummary, {
        totalInvoiced,
        totalPaid: totalInvoiced - pendingAmount,
        pendingAmount,
        overdueAmount,
        invoiceCount: ofYear.length,
        changePercent:
          previous === 0 ? null : Math.round(((totalInvoiced - previous) / previous) * 1000) / 10,
      });
      same(out, 'client isAutonomous', d.isAutonomous, false);
      const gestora = demoUsers.find((u) => u.email === GESTOR)!;
      same(
        out,
        'client advisor',
        [d.advisor.name, d.advisor.email, d.advisor.isAutonomous],
        [`${gestora.firstName} ${gestora.lastName}`, GESTOR, false],
      );
      same(out, 'client advisor actions', d.advisor.availableActions, {
        uploadDocument: true,
        quickQuery: false,
        scheduleMeeting: true,
      });
      const meetings = dataOf(await get<Meeting[]>(CLIENT, `${V1}/meetings`, PANADERIA), 'meetings');
      same(
        out,
        'client pendingActions.meetingsToAnswer',
        d.pendingActions.meetingsToAnswer,
        meetings.filter((m) => m.status === 'PROPOSED').length,
      );
      if (d.recentActivity.length > 5) out.push(`client recentActivity has ${d.recentActivity.length} > 5`);
      const advisor = dataOf(
        await get<ClientDashboard['advisor']>(CLIENT, `${V1}/client/advisor`, PANADERIA),
        'advisor',
      );
      same(out, 'client/advisor email', advisor.email, GESTOR);

      const alone = dataOf(await get<ClientDashboard>(AUTONOMO, `${V1}/client/dashboard`, MARTA), 'autonomo');
      same(out, 'autónoma isAutonomous', [alone.isAutonomous, alone.advisor.isAutonomous], [true, true]);
      same(out, 'autónoma advisor actions', alone.advisor.availableActions, {
        uploadDocument: false,
        quickQuery: false,
        scheduleMeeting: false,
      });
      const marta = facts.get(MARTA)!;
      const martaYear = marta.issued.filter((i) => bookDate(i).startsWith(year));
      if (alone.financialSummary) {
        same(out, 'autónoma invoiceCount', alone.financialSummary.invoiceCount, martaYear.length);
        same(
          out,
          'autónoma totalInvoiced',
          alone.financialSummary.totalInvoiced,
          martaYear.reduce((s, i) => s + netTotal(i), 0),
        );
      } else out.push('autónoma financialSummary missing (she owns the company)');
      return out;
    });
    report('client dashboard', problems);
  });

  it('the daily digest is in the dev mailbox after start, and running the schedule again sends no second one', async () => {
    const mailbox = async () =>
      ((await (await fetch(new URL('/_dev/mailbox.json', cloud.url))).json()) as SentMail[]).filter(
        (m) => m.to.includes(GESTOR) && DIGEST_SUBJECT.test(m.subject),
      );
    const runDigest = async () => {
      const res = await fetch(new URL('/_dev/schedules/notifications-digest/run', cloud.url), {
        method: 'POST',
        headers: { Accept: 'application/json' },
      });
      expect(res.status, await res.text()).toBe(200);
    };
    const digests = await mailbox();
    expect(
      digests.length,
      'a digest for the gestora (who has unread notifications) after start',
    ).toBeGreaterThan(0);
    const first = digests[0]!;
    // What it lists are the gestora's notifications, grouped by her companies.
    const names = new Map(demoCompanies.map((c) => [c.name, c.companyId]));
    const sections = [...(first.text ?? '').matchAll(/^(.+) \((\d+)\)$/gm)];
    expect(sections.length, first.text).toBeGreaterThan(0);
    let listed = 0;
    for (const [, name, n] of sections) {
      const companyId = names.get(name!);
      expect(companyId, `digest section '${name}' is one of the gestora's companies`).toBeDefined();
      const titles = new Set(
        (await allPages<Notification>(GESTOR, `${V1}/notifications`, companyId)).map((x) => x.title),
      );
      const block = (first.text ?? '').split(`${name} (${n})`)[1] ?? '';
      const items = [...block.matchAll(/^- (.+) \(\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}\)$/gm)].slice(
        0,
        Number(n),
      );
      expect(items.length, `${name}: ${n} notifications listed`).toBe(Number(n));
      for (const [, title] of items)
        expect(titles.has(title!), `'${title}' is a notification of ${name}`).toBe(true);
      listed += Number(n);
    }
    const subjectCount = Number(DIGEST_SUBJECT.exec(first.subject)?.[1]);
    expect(subjectCount, 'the subject counts what is listed (or more)').toBeGreaterThanOrEqual(listed);

    // Once per person and day: the schedule again sends nothing more to her today (Madrid).
    const today = madridToday();
    const sentToday = (await mailbox()).filter((m) => madridToday(new Date(m.at)) === today).length;
    await runDigest();
    if (sentToday === 0) {
      // The start's digest was yesterday (Madrid midnight in between): today's goes out once.
      await new Promise((r) => setTimeout(r, 3000));
    }
    await runDigest();
    await new Promise((r) => setTimeout(r, 3000));
    const afterRuns = (await mailbox()).filter((m) => madridToday(new Date(m.at)) === today).length;
    expect(afterRuns, 'digests to the gestora today after running the schedule twice more').toBe(
      Math.max(1, sentToday),
    );
  });
});
