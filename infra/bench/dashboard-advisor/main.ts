/**
 * The advisor dashboard bench (issue 20), run by infra/bench/dashboard-advisor.ts in a child process
 * of its own (the platform's SDK clients are made once per process). Starts a fresh DynamoDB Local,
 * seeds, measures and writes its figures as JSON to BENCH_DASH_ADVISOR_OUT (stdout without it);
 * DynamoDB Local is stopped at the end, also on failure, SIGTERM (the parent's time limit) and SIGINT.
 *
 *  1. Seed (./seed.ts): one gestor with a GESTOR membership in each of C companies
 *     (BENCH_DASH_ADVISOR_COMPANIES, default 200), each with its members, obligations, a year of issued
 *     invoices and their aggregates, documents, counters and (every tenth) SII records.
 *  2. Baseline: a bare GetItem (the company item) on the same client, same run.
 *  3. GET dashboard/advisor/summary through the dashboard's pipeline in process: cold = `refresh=true`
 *     (every company computed from its items, cache written), warm = without refresh (served from
 *     the 10-minute cache); GET dashboard/advisor/companies warm. p50/p99 and the items read
 *     (`meta.itemsRead`) of each.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { advisorCompaniesRoute } from '@functions/domains/dashboard/actions/advisor-companies';
import { advisorSummaryRoute } from '@functions/domains/dashboard/actions/advisor-summary';
import { madridToday } from '@functions/domains/dashboard/model/advisor-period';
import type { DashboardDeps } from '@functions/domains/dashboard/store/deps';
import { ddb } from '@functions/platform/aws/dynamodb';
import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { lambdaContext } from '@functions/platform/testing/api-event';
import { envNames } from '@infra/manifest';
import type { RouteId } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import type { AdvisorSummary } from '@shared/schemas/dashboard';
import { callApi } from '../lib/api';
import { benchProgress, runChildMain } from '../lib/child-main';
import { startBenchTable } from '../lib/dynamo';
import { type Latency, measure } from '../lib/measure';
import { companyIdOf, type SeedCounts, seedAdvisorBench } from './seed';

const TABLE = 'cuadra-bench-dashboard-advisor';
const USER = 'bench-advisor-gestor';
const USER_EMAIL = 'gestor-bench@cuadra.test';
const C = Number(process.env.BENCH_DASH_ADVISOR_COMPANIES ?? 200);
const SAMPLES = { getItem: 200, cold: 10, warm: 60, companies: 30 } as const;

export type { Latency };

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
  seeded?: SeedCounts;
  getItem?: Latency;
  cold?: RouteFigures;
  warm?: RouteFigures;
  companiesWarm?: RouteFigures;
  error?: string;
}

const progress = benchProgress('bench-dashboard-advisor');

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

const call = <T>(routeId: RouteId, query: Record<string, string>) =>
  callApi<T>(api, lambdaContext, USER, routeId, { query });

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
  const output: BenchOutput = { companies: C };
  await runChildMain({
    outEnv: 'BENCH_DASH_ADVISOR_OUT',
    tmpPrefix: 'cuadra-bench-dashboard-advisor-',
    output,
    run: async (ctx) => {
      if (!Number.isInteger(C) || C < 1)
        throw new Error(`BENCH_DASH_ADVISOR_COMPANIES: ${C} is not a positive integer`);
      await startBenchTable(ctx, TABLE, {
        [envNames.logLevel]: process.env.BENCH_DASH_ADVISOR_LOG_LEVEL ?? 'silent',
      });
      progress('engine started');
      const today = madridToday(new Date());
      output.today = today;
      const ts = performance.now();
      output.seeded = await seedAdvisorBench({
        db: deps.db,
        table: TABLE,
        user: USER,
        userEmail: USER_EMAIL,
        companies: C,
        today,
      });
      output.seedMs = performance.now() - ts;
      progress(`${C} companies seeded (${output.seeded.items} items)`);
      await reads(output);
    },
  });
}

await main();
process.exit(0);
