/**
 * The company dashboard summary bench (issue 20), run by infra/bench/dashboard-summary.ts in a child
 * process of its own (the platform's SDK clients are made once per process). Starts a fresh
 * DynamoDB Local, seeds, measures, writes its figures as JSON to BENCH_DASHBOARD_OUT (stdout
 * without it), and stops DynamoDB Local at the end, also on failure, SIGTERM and SIGINT.
 *
 *  1. Seed three companies, each with a GESTOR membership of the bench user, as the other areas'
 *     writes leave them (functions/domains/dashboard/store/summary-seed.ts: the invoices' stored
 *     items and the merged ADDs of their tax aggregates and counters, the treasury's open items, the
 *     open obligations, the ledger's month sums, VeriFacTu counters, documents to review):
 *      - "year": 12 months of invoices ending this month (BENCH_DASHBOARD_ISSUED, default 1,200
 *        issued in 3 series with a rectificativa every 50, BENCH_DASHBOARD_RECEIVED, default 600
 *        received), 150 open receivables (a third overdue), 80 open payables, 12 open obligations,
 *        40 PGC accounts × the year's months in the ledger, 25 documents to review; a quarter of the
 *        issued invoices paid (within their month, 0–24 days after issue) written through the
 *        treasury projection's own write (banking `putOpenItem`), then the company's collection
 *        summary recomputed by the banking code the `treasury` queue runs (`refreshCollectionSummary`:
 *        one consistent Query of the receivables), timed;
 *      - "tenth": a tenth of the invoices with the same mix per month (every series and invoice type
 *        in every month, so the same aggregate items): the items read must not follow the invoices;
 *      - "empty": the company and its membership only (the baseline of the same handler).
 *  2. Warm reads through the dashboard handler in process (GET dashboard/summary), next to a bare
 *     GetItem of the company item: `refresh=true` (every section computed, what a refresh or a stale
 *     minute costs) for the three companies, and the plain call within the minute (sections reused
 *     from their snapshots) for "year"; p50/p99 and `meta.itemsRead`.
 *  3. The figures of "year" against the seeded sums (income and expenses of the month, revenue and
 *     expenses year to date, invoices issued and received, open amounts, obligations, average
 *     collection days from the seeded payments).
 */

import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { buildOpenItem } from '@functions/domains/banking/model/open-item';
import { refreshCollectionSummary } from '@functions/domains/banking/store/collection-summary';
import { putOpenItem } from '@functions/domains/banking/store/open-items';
import { getSummaryRoute } from '@functions/domains/dashboard/actions/get-summary';
import { addMonths, madridToday, monthOf } from '@functions/domains/dashboard/model/summary-dates';
import type { DashboardDeps } from '@functions/domains/dashboard/store/deps';
import {
  applySeed,
  invoiceBookWrites,
  seedCompany,
  seedDocumentToReview,
  seedIssuedInvoice,
  seedLedgerSum,
  seedObligation,
  seedOpenItem,
  seedReceivedInvoice,
} from '@functions/domains/dashboard/store/summary-seed';
import { ddb } from '@functions/platform/aws/dynamodb';
import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { domains, envNames } from '@infra/manifest';
import { keys } from '@shared/db/keys';
import { addDays, daysBetween } from '@shared/fiscal/tax-calendar';
import type { DashboardSummary } from '@shared/schemas/dashboard';
import type { InvoiceWithPayments } from '@shared/schemas/invoices';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import { benchProgress, runChildMain } from '../lib/child-main';
import { startBenchTable } from '../lib/dynamo';
import { type Latency, measure } from '../lib/measure';
import { putBenchMembership } from '../lib/seed';

const TABLE = 'cuadra-bench-dashboard';
const USER = 'bench-dashboard-gestor';
const ISSUED = Number(process.env.BENCH_DASHBOARD_ISSUED ?? 1200);
const RECEIVED = Number(process.env.BENCH_DASHBOARD_RECEIVED ?? 600);
const SAMPLES = { getItem: 200, summary: 100 } as const;
const WARMUP = 10;

export type { Latency };

export interface SummaryLatency extends Latency {
  /** `meta.itemsRead` of the last answer. */
  itemsRead: number;
  fallbackMode: boolean;
}

export interface SeedFigures {
  issued: number;
  received: number;
  /** Issued invoices paid through the treasury projection's write. */
  paid: number;
  /** The collection summary's recompute: the receivables it read and its time. */
  collectionSummary: { receivables: number; ms: number } | null;
  aggregateItems: number;
  storedItems: number;
  wallMs: number;
}

export interface Check {
  name: string;
  expected: number;
  actual: number | null;
}

export interface BenchOutput {
  today?: string;
  seed?: { year: SeedFigures; tenth: SeedFigures };
  getItem?: Latency;
  year?: SummaryLatency;
  yearReused?: SummaryLatency;
  tenth?: SummaryLatency;
  empty?: SummaryLatency;
  checks?: Check[];
  error?: string;
}

const progress = benchProgress('bench-dashboard');

const deps: DashboardDeps = {
  get db() {
    return ddb();
  },
  table: TABLE,
  now: () => new Date(),
};
const api = createApiHandler(
  'dashboard',
  { 'dashboard.summary': getSummaryRoute } as unknown as ActionsOf<'dashboard', DashboardDeps>,
  () => deps,
);
const context = () =>
  lambdaContext({ getRemainingTimeInMillis: () => domains.dashboard.timeoutSeconds * 1000 });

async function summary(companyId: string, refresh: boolean): Promise<DashboardSummary> {
  const res = readResponse<DashboardSummary>(
    await api(
      apiEvent({
        routeId: 'dashboard.summary',
        claims: { sub: USER, groups: ['GESTOR'] },
        headers: { 'x-company-id': companyId },
        ...(refresh ? { query: { refresh: 'true' } } : {}),
      }),
      context(),
    ),
  );
  if (res.status !== 200 || !res.envelope.data)
    throw new Error(`dashboard.summary: ${res.status} ${JSON.stringify(res.envelope.error)}`);
  return res.envelope.data;
}

async function measureSummary(companyId: string, refresh: boolean): Promise<SummaryLatency> {
  let last: DashboardSummary | undefined;
  const l = await measure(
    SAMPLES.summary,
    WARMUP,
    () => summary(companyId, refresh),
    (r) => {
      last = r;
    },
  );
  return {
    ...l,
    itemsRead: last?.meta.itemsRead ?? Number.NaN,
    fallbackMode: last?.meta.fallbackMode ?? true,
  };
}

// --- seed ------------------------------------------------------------------------------------------

interface Books {
  issued: InvoiceWithPayments[];
  received: ReceivedInvoice[];
}

/** `issued` and `received` invoices spread over the 12 months ending with `today`'s, never after today. */
function books(
  companyId: string,
  today: string,
  issuedN: number,
  receivedN: number,
  /** Every this many issued invoices one is a rectificativa (its own type and series in every month). */
  rectEvery: number,
): Books {
  const first = addMonths(monthOf(today), -11);
  const dayIn = (i: number, n: number) => {
    const month = addMonths(first, Math.floor((i * 12) / n));
    const last = month === monthOf(today) ? Number(today.slice(8, 10)) : 28;
    return `${month}-${String(1 + (i % last)).padStart(2, '0')}`;
  };
  const issued = Array.from({ length: issuedN }, (_, i) => {
    const rect = i % rectEvery === rectEvery - 1;
    return seedIssuedInvoice(
      companyId,
      `i${String(i).padStart(5, '0')}`,
      dayIn(i, issuedN),
      rect ? -10_000 - i : 20_000 + 37 * i,
      {
        seriesId: rect ? 's-r' : ['s-a', 's-b', 's-c'][i % 3]!,
        ...(rect ? { invoiceType: 'R1' as const } : {}),
      },
    );
  });
  const received = Array.from({ length: receivedN }, (_, i) =>
    seedReceivedInvoice(companyId, `r${String(i).padStart(5, '0')}`, dayIn(i, receivedN), 8_000 + 11 * i),
  );
  return { issued, received };
}

/**
 * The payments of the seed: every fourth issued invoice with a positive total, paid in full 0–24
 * days after issue but within its month (the current month: by today), so every month of the
 * series has collections.
 */
function payments(today: string, b: Books): { invoice: InvoiceWithPayments; paidAt: string }[] {
  return b.issued
    .filter((inv, i) => i % 4 === 1 && inv.totals.totalCents > 0)
    .map((invoice, k) => {
      const month = monthOf(invoice.invoiceDate);
      const monthEnd = month === monthOf(today) ? today : `${month}-28`;
      const due = addDays(invoice.invoiceDate, 5 + (k % 20));
      return { invoice, paidAt: due < monthEnd ? due : monthEnd };
    });
}

/**
 * Writes the paid invoices' open items as the treasury projection does (8 at a time), then
 * recomputes the collection summary as the `treasury` queue's message does, timed.
 */
async function seedPayments(
  companyId: string,
  today: string,
  b: Books,
): Promise<Pick<SeedFigures, 'paid' | 'collectionSummary'>> {
  const paid = payments(today, b);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < paid.length; i = next++) {
      const { invoice, paidAt } = paid[i]!;
      const item = buildOpenItem(
        {
          kind: 'INV',
          documentId: invoice.invoiceId,
          companyId,
          number: invoice.invoiceNumber ?? invoice.invoiceId,
          issueDate: invoice.invoiceDate,
          party: {
            partyId: 'cu-1',
            name: invoice.customer?.name ?? 'Sin cliente',
            nif: null,
            iban: null,
            email: null,
          },
          totalCents: invoice.totals.totalCents,
          owed: true,
          cancelled: false,
          dueDate: invoice.dueDate,
          payments: [
            {
              paymentId: `pay-${invoice.invoiceId}`,
              date: paidAt,
              amountCents: invoice.totals.totalCents,
              method: 'TRANSFER',
            },
          ],
          paymentMethod: 'TRANSFER',
          version: 2,
        },
        `${paidAt}T12:00:00.000Z`,
      );
      if ((await putOpenItem(deps, item)) !== 'written')
        throw new Error(`open item ${invoice.invoiceId} not written`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, lane));
  const t = performance.now();
  if ((await refreshCollectionSummary(deps, companyId)) !== 'written')
    throw new Error('collection summary not written');
  const ms = performance.now() - t;
  // The 150 open receivables of the seed are read too.
  return { paid: paid.length, collectionSummary: { receivables: paid.length + 150, ms } };
}

async function seedOne(
  companyId: string,
  name: string,
  today: string,
  b: Books | null,
): Promise<SeedFigures> {
  const t = performance.now();
  await deps.db.send(new PutCommand({ TableName: TABLE, Item: seedCompany(companyId, { name }) }));
  await putBenchMembership(deps.db, TABLE, {
    companyId,
    userId: USER,
    email: 'gestor@cuadra.test',
    firstName: 'Gestora',
    lastName: 'Banco Pruebas',
    at: '2025-01-01T00:00:00.000Z',
  });
  if (!b)
    return {
      issued: 0,
      received: 0,
      paid: 0,
      collectionSummary: null,
      aggregateItems: 0,
      storedItems: 2,
      wallMs: performance.now() - t,
    };
  const book = invoiceBookWrites(TABLE, companyId, b.issued, b.received);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const extra = [
    ...Array.from({ length: 150 }, (_, i) =>
      seedOpenItem(companyId, 'INV', `oi-${i}`, 12_100 + i, addDays(today, i % 3 === 0 ? -5 - i : 3 + i)),
    ),
    ...Array.from({ length: 80 }, (_, i) =>
      seedOpenItem(companyId, 'REC', `op-${i}`, 6_050 + i, addDays(today, 2 + i)),
    ),
    ...Array.from({ length: 12 }, (_, i) =>
      seedObligation(companyId, {
        obligationId: `obl-${i}`,
        modelType: (['303', '111', '115', '130'] as const)[i % 4]!,
        period: '4T',
        year,
        dueDate: addDays(today, -20 + 15 * i),
      }),
    ),
    ...Array.from({ length: 25 }, (_, i) =>
      seedDocumentToReview(companyId, `${1_700_000_000_000 + i}-doc`, `${addDays(today, -i)}T09:00:00.000Z`),
    ),
    ...Array.from({ length: 40 }, (_, a) =>
      Array.from({ length: month }, (_, m) =>
        seedLedgerSum(
          companyId,
          year,
          m + 1,
          String(a < 20 ? 600 + a : a < 35 ? 700 + a : 570 + (a - 35)),
          1_000 * (a + 1),
          700 * (m + 1),
        ),
      ),
    ).flat(),
    { ...keys.accountingSettings(companyId), entity: 'AccountingSettings', closedThrough: null },
    { ...keys.entryNumberCounter(companyId, year), entity: 'EntryCounter', companyId, year, last: 4_321 },
    { ...keys.verifactuStats(companyId), entity: 'VerifactuStats', status_ERROR: 2, corrected_ERROR: 0 },
    { ...keys.notificationCounter(USER, companyId), entity: 'NotificationCounter', unread: 7 },
  ];
  await applySeed(deps.db, TABLE, { puts: [...book.puts, ...extra], updates: book.updates });
  const collections = await seedPayments(companyId, today, b);
  return {
    issued: b.issued.length,
    received: b.received.length,
    ...collections,
    aggregateItems: book.updates.length,
    storedItems: book.puts.length + extra.length,
    wallMs: performance.now() - t,
  };
}

/** The seeded sums the summary of "year" must show. */
function checks(today: string, b: Books, s: DashboardSummary | undefined): Check[] {
  const month = monthOf(today);
  const year = today.slice(0, 4);
  const base = (i: InvoiceWithPayments) => i.totals.baseCents;
  const rbase = (r: ReceivedInvoice) => r.lines.reduce((x, l) => x + l.unitPriceCents, 0);
  const inYear = (d: string) => d.startsWith(`${year}-`);
  const c = (name: string, expected: number, actual: number | null | undefined): Check => ({
    name,
    expected,
    actual: actual ?? null,
  });
  return [
    c(
      'income of the month',
      b.issued.filter((i) => monthOf(i.invoiceDate) === month).reduce((x, i) => x + base(i), 0),
      s?.monthSummary?.income,
    ),
    c(
      'expenses of the month',
      b.received.filter((r) => monthOf(r.issueDate) === month).reduce((x, r) => x + rbase(r), 0),
      s?.monthSummary?.expenses,
    ),
    c(
      'revenue year to date',
      b.issued.filter((i) => inYear(i.invoiceDate)).reduce((x, i) => x + base(i), 0),
      s?.financialData?.totalRevenue,
    ),
    c(
      'expenses year to date',
      b.received.filter((r) => inYear(r.issueDate)).reduce((x, r) => x + rbase(r), 0),
      s?.financialData?.totalExpenses,
    ),
    c(
      'invoices issued year to date',
      b.issued.filter((i) => inYear(i.invoiceDate)).length,
      s?.financialData?.invoicesIssued,
    ),
    c(
      'invoices received year to date',
      b.received.filter((r) => inYear(r.issueDate)).length,
      s?.financialData?.invoicesReceived,
    ),
    c(
      'revenue, 12 months',
      b.issued.reduce((x, i) => x + base(i), 0),
      s?.financialData?.revenueByMonth.reduce((x, m) => x + m.value, 0),
    ),
    c('pending invoices (open receivables)', 150, s?.monthSummary?.pendingInvoices.count),
    c(
      'pending payments (céntimos)',
      Array.from({ length: 80 }, (_, i) => 6_050 + i).reduce((x, n) => x + n, 0),
      s?.financialData?.pendingPayments,
    ),
    c('overdue invoices', 50, s?.financialData?.overdueInvoices),
    c('open obligations', 12, s?.monthSummary?.pendingObligations),
    c('documents to review', 25, s?.additionalData.documentsToReview),
    (() => {
      const paid = payments(today, b).map((p) => ({
        cents: p.invoice.totals.totalCents,
        days: daysBetween(p.invoice.invoiceDate, p.paidAt),
      }));
      const cents = paid.reduce((x, p) => x + p.cents, 0);
      const centsDays = paid.reduce((x, p) => x + p.cents * p.days, 0);
      return c('average collection days', Math.round(centsDays / cents), s?.financialData?.avgCollectionDays);
    })(),
  ];
}

// --- run -------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const out: BenchOutput = {};
  await runChildMain({
    outEnv: 'BENCH_DASHBOARD_OUT',
    tmpPrefix: 'cuadra-bench-dashboard-',
    output: out,
    run: async (ctx) => {
      for (const [name, n] of [
        ['BENCH_DASHBOARD_ISSUED', ISSUED],
        ['BENCH_DASHBOARD_RECEIVED', RECEIVED],
      ] as const)
        if (!Number.isInteger(n) || n < 10) throw new Error(`${name}: ${n} is not an integer >= 10`);
      await startBenchTable(ctx, TABLE, {
        [envNames.logLevel]: process.env.BENCH_DASHBOARD_LOG_LEVEL ?? 'silent',
      });
      progress('engine started');

      const today = madridToday(new Date());
      out.today = today;
      const yearBooks = books('bench-dash-year', today, ISSUED, RECEIVED, 50);
      const tenthBooks = books(
        'bench-dash-tenth',
        today,
        Math.round(ISSUED / 10),
        Math.round(RECEIVED / 10),
        5,
      );
      out.seed = {
        year: await seedOne('bench-dash-year', 'Año Completo SL', today, yearBooks),
        tenth: await seedOne('bench-dash-tenth', 'Décima Parte SL', today, tenthBooks),
      };
      await seedOne('bench-dash-empty', 'Recién Creada SL', today, null);
      progress('seeded');

      out.getItem = await measure(SAMPLES.getItem, WARMUP, () =>
        deps.db.send(new GetCommand({ TableName: TABLE, Key: keys.company('bench-dash-year') })),
      );
      out.year = await measureSummary('bench-dash-year', true);
      progress('year (refresh) measured');
      out.yearReused = await measureSummary('bench-dash-year', false);
      out.tenth = await measureSummary('bench-dash-tenth', true);
      out.empty = await measureSummary('bench-dash-empty', true);
      progress('all measured');
      out.checks = checks(today, yearBooks, await summary('bench-dash-year', true));
    },
  });
}

await main();
// Keep-alive sockets of the SDK would hold the process open.
process.exit(0);
