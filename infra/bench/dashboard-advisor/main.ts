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

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { advisorCompaniesRoute } from '@functions/domains/dashboard/actions/advisor-companies';
import { advisorSummaryRoute } from '@functions/domains/dashboard/actions/advisor-summary';
import { madridToday } from '@functions/domains/dashboard/model/advisor-period';
import type { DashboardDeps } from '@functions/domains/dashboard/store/deps';
import { ddb } from '@functions/platform/aws/dynamodb';
import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { envNames } from '@infra/manifest';
import type { RouteId } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import { tableDefinition } from '@shared/db/table';
import type { AdvisorSummary } from '@shared/schemas/dashboard';
import { LOCAL_CREDENTIALS, REGION } from '../../local/aws';
import { startDynamoDbLocal } from '../../local/engines/dynamodb-local';
import { ensureTable } from '../../local/engines/dynamodb-table';
import { companyIdOf, type SeedCounts, seedAdvisorBench } from './seed';

const TABLE = 'cuadra-bench-dashboard-advisor';
const USER = 'bench-advisor-gestor';
const USER_EMAIL = 'gestor-bench@cuadra.test';
const C = Number(process.env.BENCH_DASH_ADVISOR_COMPANIES ?? 200);
const SAMPLES = { getItem: 200, cold: 10, warm: 60, companies: 30 } as const;

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
  seeded?: SeedCounts;
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
