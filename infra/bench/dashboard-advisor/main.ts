/**
 * The advisor dashboard bench (issue 20), run by infra/bench/dashboard-advisor.ts in a child process
 * of its own (the platform's SDK clients are made once per process). Starts a fresh DynamoDB Local,
 * seeds, measures and writes its figures as JSON to BENCH_DASH_ADVISOR_OUT (stdout without it);
 * DynamoDB Local is stopped at the end, also on failure, SIGTERM (the parent's time limit) and SIGINT.
 *
 *  1. Seed, written straight into the table with the items the owning domains write
 *     (functions/domains/dashboard/store/advisor-fixtures.ts): one gestor with a GESTOR membership in
 *     each of C companies (BENCH_DASH_ADVISOR_COMPANIES, default 200); per company two CLIENTE members,
 *     a tax profile, the obligations of last year and this year (303/111/115 quarterly, 390/190/180
 *     annual: already due ones filed, one overdue in every fifth company, the rest PENDING with the
 *     open index), a year of issued invoices (INVOICES_PER_MONTH a month up to today: their running
 *     aggregates as the confirmations ADD them, the stored items of the current month), documents
 *     spread over the year (some waiting for review), VeriFacTu counters; every tenth company in the SII with open SII records
 *     (some rejected).
 *  2. Baseline: a bare GetItem (the company item) on the same client, same run.
 *  3. GET dashboard/advisor/summary through the dashboard's pipeline in process: cold = `refresh=true`
 *     (every company computed from its items, cache written), warm = without refresh (served from
 *     the 10-minute cache); GET dashboard/advisor/companies warm. p50/p99 and the items read
 *     (`meta.itemsRead`) of each.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { advisorCompaniesRoute } from '@functions/domains/dashboard/actions/advisor-companies';
import { advisorSummaryRoute } from '@functions/domains/dashboard/actions/advisor-summary';
import { addDays, madridToday } from '@functions/domains/dashboard/model/advisor-period';
import {
  documentItem,
  issuedInvoice,
  obligation,
  obligationItem,
  siiEntryItem,
  taxProfileItem,
  verifactuStatsItem,
} from '@functions/domains/dashboard/store/advisor-fixtures';
import type { DashboardDeps } from '@functions/domains/dashboard/store/deps';
import { aggregateDeltas, deltaUpdateItem } from '@functions/lib/tax-aggregates';
import { ddb } from '@functions/platform/aws/dynamodb';
import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { storedInvoiceItem } from '@functions/platform/testing/stored-invoices';
import { envNames } from '@infra/manifest';
import type { RouteId } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import { type Company, companyItem, membershipItem, profileItem } from '@shared/db/records';
import { tableDefinition } from '@shared/db/table';
import type { TaxObligation } from '@shared/fiscal/fiscal-alerts';
import { issuedContribution } from '@shared/fiscal/tax-aggregates';
import type { AdvisorSummary } from '@shared/schemas/dashboard';
import { LOCAL_CREDENTIALS, REGION } from '../../local/aws';
import { startDynamoDbLocal } from '../../local/engines/dynamodb-local';
import { ensureTable } from '../../local/engines/dynamodb-table';

const TABLE = 'cuadra-bench-dashboard-advisor';
const USER = 'bench-advisor-gestor';
const USER_EMAIL = 'gestor-bench@cuadra.test';
const C = Number(process.env.BENCH_DASH_ADVISOR_COMPANIES ?? 200);
const INVOICES_PER_MONTH = 8;
const DOCUMENTS_PER_MONTH = 3;
const SAMPLES = { getItem: 200, cold: 10, warm: 60, companies: 30 } as const;
const SEED_CONCURRENCY = 8;

export interface Latency {
  n: number;
  failed: number;
  errors: Record<string, number>;
  p50: number;
  p99: number;
}

export interface RouteFigures extends Latency {
  /** `meta.itemsRead` of the last answer (summary only). */
  itemsRead: number | null;
  fromCache: number | null;
  computed: number | null;
  companies: number;
}

export interface BenchOutput {
  companies: number;
  today?: string;
  seedMs?: number;
  seeded?: { items: number; invoices: number; documents: number; obligations: number };
  getItem?: Latency;
  cold?: RouteFigures;
  warm?: RouteFigures;
  companiesWarm?: RouteFigures;
  error?: string;
}

const progress = (what: string) =>
  process.stderr.write(`[bench-dashboard-advisor ${new Date().toISOString().slice(11, 19)}] ${what}\n`);
const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};

const companyIdOf = (i: number) => `bench-adv-${String(i + 1).padStart(4, '0')}`;

const deps: DashboardDeps = {
  get db() {
    return ddb();
  },
  table: TABLE,
  now: () => new Date(),
};
const api = createApiHandler(
  'dashboard',
  {
    'dashboard.advisorSummary': advisorSummaryRoute,
    'dashboard.advisorCompanies': advisorCompaniesRoute,
  } as unknown as ActionsOf<'dashboard', DashboardDeps>,
  () => deps,
);

async function call<T>(routeId: RouteId, query: Record<string, string>): Promise<T> {
  const res = readResponse(
    await api(apiEvent({ routeId, query, claims: { sub: USER, groups: ['GESTOR'] } }), lambdaContext()),
  );
  if (res.status >= 300) throw new Error(`${routeId}: ${res.status} ${JSON.stringify(res.envelope.error)}`);
  return res.envelope.data as T;
}

async function pool(n: number, limit: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < n; i = next++) await fn(i);
  };
  await Promise.all(Array.from({ length: Math.min(limit, n) }, lane));
}

async function measure<T>(
  samples: number,
  warmup: number,
  fn: () => Promise<T>,
  onResult?: (r: T) => void,
): Promise<Latency> {
  const times: number[] = [];
  const errors: Record<string, number> = {};
  let failed = 0;
  for (let i = 0; i < warmup + samples; i++) {
    const t = performance.now();
    try {
      const r = await fn();
      if (i >= warmup) times.push(performance.now() - t);
      onResult?.(r);
    } catch (e) {
      failed++;
      const m = (e as Error).message.slice(0, 160);
      errors[m] = (errors[m] ?? 0) + 1;
    }
  }
  return { n: times.length, failed, errors, p50: percentile(times, 50), p99: percentile(times, 99) };
}

// --- 1. seed ---------------------------------------------------------------------------------------

async function putAll(items: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let pending: { PutRequest: { Item: Record<string, unknown> } }[] | undefined = items
      .slice(i, i + 25)
      .map((Item) => ({ PutRequest: { Item } }));
    while (pending && pending.length > 0) {
      const res = await deps.db.send(new BatchWriteCommand({ RequestItems: { [TABLE]: pending } }));
      pending = res.UnprocessedItems?.[TABLE] as typeof pending;
    }
  }
}

/** The obligations of a year: 303/111/115 each quarter (due the 20th after it; 4T on 30 January), 390/190/180. */
function yearObligations(companyId: string, year: number, today: string, overdue: boolean): TaxObligation[] {
  const out: TaxObligation[] = [];
  const dueOf = (q: number) =>
    q === 4 ? `${year + 1}-01-30` : `${year}-${String(q * 3 + 1).padStart(2, '0')}-20`;
  for (const model of ['303', '111', '115'] as const)
    for (let q = 1; q <= 4; q++)
      out.push(
        obligation(companyId, {
          modelType: model,
          period: `${q}T`,
          year,
          dueDate: dueOf(q),
          status: 'PENDING',
        }),
      );
  for (const model of ['390', '190', '180'] as const)
    out.push(
      obligation(companyId, {
        modelType: model,
        period: '0A',
        year,
        dueDate: `${year + 1}-01-30`,
        status: 'PENDING',
      }),
    );
  let keptOverdue = false;
  return out.map((o) => {
    if (o.dueDate >= today) return o;
    if (overdue && !keptOverdue && o.modelType === '115') {
      keptOverdue = true;
      return o;
    }
    return { ...o, status: 'SUBMITTED', submittedAt: `${addDays(o.dueDate, -2)}T09:00:00.000Z` };
  });
}

async function seed(today: string): Promise<NonNullable<BenchOutput['seeded']>> {
  const at = new Date().toISOString();
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const counts = { items: 0, invoices: 0, documents: 0, obligations: 0 };
  await putAll([
    profileItem({
      userId: USER,
      email: USER_EMAIL,
      firstName: 'Gestora',
      lastName: 'Banco Pruebas',
      role: 'GESTOR',
      isAutonomous: false,
      firmName: 'Asesoría Banco de Pruebas',
      emailVerified: true,
      isActive: true,
      createdAt: at,
      updatedAt: at,
    }),
  ]);
  await pool(C, SEED_CONCURRENCY, async (i) => {
    const companyId = companyIdOf(i);
    const sii = i % 10 === 0;
    const company: Company = {
      companyId,
      name: `Cliente Asesoría ${String(i + 1).padStart(4, '0')} SL`,
      nif: `B${String(5_000_000 + i).padStart(7, '0')}0`,
      companyType: 'SL',
      isActive: true,
      siiEnabled: sii,
      verifactuEnabled: !sii,
      address: {
        street: 'Calle de Colón 12',
        postalCode: '46004',
        city: 'Valencia',
        province: 'Valencia',
        country: 'ES',
      },
      fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: false, redeme: false },
      createdAt: at,
      updatedAt: at,
      createdBy: USER,
    };
    const member = (userId: string, companyRole: 'GESTOR' | 'CLIENTE') =>
      membershipItem({
        companyId,
        userId,
        companyRole,
        permissions: [],
        isActive: true,
        email: `${userId}@cuadra.test`,
        firstName: userId,
        lastName: 'Pruebas',
        createdAt: at,
        updatedAt: at,
      });
    const obligations = [
      ...yearObligations(companyId, year - 1, today, false),
      ...yearObligations(companyId, year, today, i % 5 === 0),
    ];
    const invoices = [];
    for (let m = 1; m <= month; m++)
      for (let k = 0; k < INVOICES_PER_MONTH; k++) {
        const day = Math.min(1 + k * 3, 28);
        const date = `${year}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        if (date > today) continue;
        invoices.push(
          issuedInvoice(companyId, `${m}-${k}`, date, 10_000 + ((i * 7 + m * 13 + k * 31) % 90) * 1_000),
        );
      }
    const documents = [];
    for (let m = 1; m <= month; m++)
      for (let k = 0; k < DOCUMENTS_PER_MONTH; k++) {
        const createdMs = Date.parse(
          `${year}-${String(m).padStart(2, '0')}-${String(2 + k * 6).padStart(2, '0')}T10:00:00Z`,
        );
        if (createdMs > Date.now()) continue;
        documents.push(
          documentItem({
            companyId,
            createdMs,
            suffix: `d${k}`,
            fileName: `factura-proveedor-${m}-${k}.pdf`,
            reviewPending: m === month && k === 0,
          }),
        );
      }
    const items: Record<string, unknown>[] = [
      companyItem(company),
      member(USER, 'GESTOR'),
      member(`${companyId}-cliente-1`, 'CLIENTE'),
      member(`${companyId}-cliente-2`, 'CLIENTE'),
      taxProfileItem(companyId),
      ...obligations.map(obligationItem),
      // Stored invoice items of the current month only (the dashboard reads older ones only through the
      // aggregates); the aggregates hold the whole year.
      ...invoices.filter((inv) => inv.invoiceDate.slice(0, 7) === today.slice(0, 7)).map(storedInvoiceItem),
      ...documents,
      verifactuStatsItem(companyId, { status_VERIFIED: invoices.length, status_ERROR: i % 7 === 0 ? 1 : 0 }),
      ...(sii
        ? [0, 1, 2].map((n) =>
            siiEntryItem({
              companyId,
              documentId: `${companyId}-sii-${n}`,
              status: n === 0 ? 'REJECTED' : 'QUEUED',
              deadline: addDays(today, 2 + n),
            }),
          )
        : []),
    ];
    await putAll(items);
    // The running aggregates as the confirmations leave them (merged by item, applied by ADD).
    const updates = aggregateDeltas(companyId, ...invoices.map((inv) => issuedContribution(inv, 1))).map(
      (d) => deltaUpdateItem(TABLE, d),
    );
    for (let k = 0; k < updates.length; k += 100)
      await deps.db.send(new TransactWriteCommand({ TransactItems: updates.slice(k, k + 100) }));
    counts.items += items.length + updates.length;
    counts.invoices += invoices.length;
    counts.documents += documents.length;
    counts.obligations += obligations.length;
  });
  return counts;
}

// --- 2-3. reads ------------------------------------------------------------------------------------

async function reads(out: BenchOutput): Promise<void> {
  const one = companyIdOf(0);
  out.getItem = await measure(SAMPLES.getItem, 20, () =>
    deps.db.send(new GetCommand({ TableName: TABLE, Key: keys.company(one) })),
  );
  progress('GetItem baseline measured');

  const summaryFigures = async (samples: number, warmup: number, query: Record<string, string>) => {
    let last: AdvisorSummary | undefined;
    const lat = await measure(
      samples,
      warmup,
      () => call<AdvisorSummary>('dashboard.advisorSummary', query),
      (r) => {
        last = r;
      },
    );
    return {
      ...lat,
      itemsRead: last?.meta.itemsRead ?? null,
      fromCache: last?.meta.fromCache ?? null,
      computed: last?.meta.computed ?? null,
      companies: last?.meta.companies ?? 0,
    };
  };
  out.cold = await summaryFigures(SAMPLES.cold, 1, { period: 'MONTH', refresh: 'true' });
  progress(`cold summary p50 ${out.cold.p50.toFixed(0)} ms`);
  out.warm = await summaryFigures(SAMPLES.warm, 3, { period: 'MONTH' });
  progress(`warm summary p50 ${out.warm.p50.toFixed(0)} ms`);
  let rows = 0;
  const lat = await measure(
    SAMPLES.companies,
    2,
    () => call<{ items: unknown[] }>('dashboard.advisorCompanies', { period: 'MONTH' }),
    (r) => {
      rows = r.items.length;
    },
  );
  out.companiesWarm = { ...lat, itemsRead: null, fromCache: null, computed: null, companies: rows };
}

async function main(): Promise<void> {
  const outFile = process.env.BENCH_DASH_ADVISOR_OUT;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadra-bench-dashboard-advisor-'));
  const stops: (() => Promise<void>)[] = [];
  let stopped = false;
  const stopAll = async () => {
    if (stopped) return;
    stopped = true;
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      void stopAll().finally(() => process.exit(signal === 'SIGTERM' ? 143 : 130));
    });
  const output: BenchOutput = { companies: C };
  try {
    if (!Number.isInteger(C) || C < 1)
      throw new Error(`BENCH_DASH_ADVISOR_COMPANIES: ${C} is not a positive integer`);
    const dynamo = await startDynamoDbLocal({ dataDir, logFile: path.join(dataDir, 'dynamodb.log') });
    stops.push(() => dynamo.stop());
    Object.assign(process.env, {
      AWS_REGION: REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      [envNames.table]: TABLE,
      [envNames.logLevel]: process.env.BENCH_DASH_ADVISOR_LOG_LEVEL ?? 'silent',
    });
    await ensureTable(new DynamoDBClient({}), TABLE, tableDefinition);
    progress('engine started');
    const today = madridToday(new Date());
    output.today = today;
    const ts = performance.now();
    output.seeded = await seed(today);
    output.seedMs = performance.now() - ts;
    progress(`${C} companies seeded (${output.seeded.items} items)`);
    await reads(output);
  } catch (e) {
    output.error = (e as Error).stack ?? String(e);
  } finally {
    await stopAll();
  }
  if (outFile) writeFileSync(outFile, JSON.stringify(output));
  else console.log(JSON.stringify(output, null, 2));
}

await main();
process.exit(0);
