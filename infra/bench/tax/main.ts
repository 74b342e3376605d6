/**
 * The tax bench (issue 13), run by infra/bench/tax.ts in a child process of its own: the platform's
 * SDK clients are made once per process (functions/platform/aws/*.ts `once`) and the invoices bench
 * already pointed them at its own, stopped DynamoDB Local. Starts a fresh DynamoDB Local (the tax
 * area needs nothing else), runs the steps below and writes its figures as JSON to BENCH_TAX_OUT
 * (stdout without it). DynamoDB Local is stopped at the end, also on failure, SIGTERM (the parent's
 * time limit) and SIGINT. BENCH_TAX_LOG_LEVEL shows the handlers' logs.
 *
 *  1. Seed: one gestor (user profile with an e-mail, Cognito group GESTOR) with a GESTOR membership
 *     in each of C companies (BENCH_TAX_COMPANIES, default 200), written straight into the table.
 *  2. Each company's tax profile created THROUGH the tax handler in process (POST tax-profile): an SL
 *     filing quarterly, with employees, renting its premises, with intra-EU operations (quarterly
 *     349); first tax year = last year, so two years of obligations are planned (the ones already
 *     due stay PENDING: the default, and the heaviest case for the reads below).
 *  3. Warm reads, next to a bare GetItem (the profile item, ConsistentRead) measured in the same run:
 *     the calendar of one company, the global upcoming obligations (all C companies), the gestor's
 *     portfolio (30 days, overdue included: all C companies) and the fiscal analysis of one company.
 *  4. The daily alert run: the exported handler of workers/run-alerts.ts with a Scheduled Event of
 *     15 January next year, 07:00 Madrid, and a context with the schedule's real timeout; then the
 *     same event again, which must tell nobody anything (exactly-once). Its own figures come from
 *     its 'Tax alert run finished' log line; alerts, notification claims, in-app notifications and
 *     mail outbox items are also counted in the table after each run.
 */

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { taxActions } from '@functions/domains/tax/handler';
import { madridToday, yearOf } from '@functions/domains/tax/model/dates';
import type { TaxDeps } from '@functions/domains/tax/store/deps';
import { type RunAlertsResult, handler as runAlertsHandler } from '@functions/domains/tax/workers/run-alerts';
import { ddb } from '@functions/platform/aws/dynamodb';
import { createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { domains, envNames, schedules } from '@infra/manifest';
import type { RouteId } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import { type Company, companyItem, membershipItem, profileItem } from '@shared/db/records';
import { tableDefinition } from '@shared/db/table';
import { cifControl } from '@shared/fiscal/nif';
import { defaultTaxProfileFacts, type TaxProfileFacts } from '@shared/schemas/tax-profile';
import { LOCAL_CREDENTIALS, REGION } from '../../local/aws';
import { startDynamoDbLocal } from '../../local/engines/dynamodb-local';
import { ensureTable } from '../../local/engines/dynamodb-table';
import { scheduledEvent } from '../../local/engines/scheduler';

const TABLE = 'cuadra-bench-tax';
const USER = 'bench-tax-gestor';
const USER_EMAIL = 'gestor@cuadra.test';
const APP_URL = 'http://localhost:5173';
/** Companies the gestor looks after. */
const C = Number(process.env.BENCH_TAX_COMPANIES ?? 200);
/** Samples (after the warm-up) of each measured read. */
const SAMPLES = { getItem: 200, calendar: 200, upcoming: 30, portfolio: 30, analysis: 100 } as const;
/** Seed writes in flight. */
const SEED_CONCURRENCY = 8;

export interface Latency {
  n: number;
  /** Requests that failed (warm-up included), and their messages (first 160 characters) with counts. */
  failed: number;
  errors: Record<string, number>;
  p50: number;
  p99: number;
}

export interface CreateFigures extends Latency {
  wallMs: number;
  /** Obligations the creates planned (both years, every company). */
  obligations: number;
}

export interface ReadFigures extends Latency {
  /** Rows (obligations) in the last answer. */
  rows: number;
}

/** What the table holds after an alert run (all C companies). */
export interface AlertCounts {
  alerts: number;
  /** Claims `TAX#SENT#`: one per alert step told. */
  claims: number;
  /** The gestor's unread in-app notifications (sum of the per-company counters). */
  inApp: number;
  /** Mail outbox items written (nothing publishes them here). */
  mails: number;
}

export interface AlertRunFigures {
  wallMs: number;
  /** The worker's own figures, from its 'Tax alert run finished' log line (null: no such line). */
  result: RunAlertsResult | null;
  /** It logged 'Tax alert run stopped before the timeout'. */
  stoppedEarly: boolean;
  /** The handler threw (it does when a company failed). */
  threw: string | null;
  /** Error log lines (a company that failed), the first few. */
  errorLines: string[];
  counts: AlertCounts;
}

export interface AlertFigures {
  eventTime: string;
  timeoutSeconds: number;
  first: AlertRunFigures;
  second: AlertRunFigures;
}

export interface BenchOutput {
  companies: number;
  today?: string;
  taxYear?: number;
  seedMs?: number;
  create?: CreateFigures;
  getItem?: Latency;
  calendar?: ReadFigures;
  upcoming?: ReadFigures;
  portfolio?: ReadFigures;
  analysis?: Latency;
  alerts?: AlertFigures;
  error?: string;
}

/** Progress on stderr: the parent shows the tail of it when the run fails. */
const progress = (what: string) =>
  process.stderr.write(`[bench-tax ${new Date().toISOString().slice(11, 19)}] ${what}\n`);
const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};

let cifSeed = 5_200_000 + Math.floor(Math.random() * 100_000);
const nextCif = () => {
  const seven = String(++cifSeed).padStart(7, '0');
  return `B${seven}${cifControl(seven).digit}`;
};

const companyIdOf = (i: number) => `bench-tax-${String(i + 1).padStart(4, '0')}`;

const deps: TaxDeps = {
  get db() {
    return ddb();
  },
  table: TABLE,
  now: () => new Date(),
  newId: () => randomUUID().replace(/-/g, ''),
  appUrl: APP_URL,
};
const taxApi = createApiHandler('tax', taxActions, () => deps);
/** The Lambda context with the tax function's real time budget (manifest), not the 15 s test default. */
const apiContext = () => lambdaContext({ getRemainingTimeInMillis: () => domains.tax.timeoutSeconds * 1000 });

async function call(
  routeId: RouteId,
  o: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
): Promise<Record<string, unknown>> {
  const res = readResponse(
    await taxApi(apiEvent({ routeId, ...o, claims: { sub: USER, groups: ['GESTOR'] } }), apiContext()),
  );
  if (res.status >= 300) throw new Error(`${routeId}: ${res.status} ${JSON.stringify(res.envelope.error)}`);
  return res.envelope.data as Record<string, unknown>;
}

/** `fn` over 0..n-1, at most `limit` at a time. */
async function pool(n: number, limit: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < n; i = next++) await fn(i);
  };
  await Promise.all(Array.from({ length: Math.min(limit, n) }, lane));
}

/** Times `fn` `samples` times after `warmup` untimed calls; a failure is counted, never thrown. */
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
      const ms = performance.now() - t;
      if (i >= warmup) times.push(ms);
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

async function seed(): Promise<void> {
  const at = new Date().toISOString();
  await deps.db.send(
    new PutCommand({
      TableName: TABLE,
      Item: profileItem({
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
    }),
  );
  await pool(C, SEED_CONCURRENCY, async (i) => {
    const companyId = companyIdOf(i);
    const company: Company = {
      companyId,
      name: `Cliente Fiscal ${String(i + 1).padStart(4, '0')} SL`,
      nif: nextCif(),
      companyType: 'SL',
      isActive: true,
      siiEnabled: false,
      verifactuEnabled: false,
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
    await deps.db.send(new PutCommand({ TableName: TABLE, Item: companyItem(company) }));
    await deps.db.send(
      new PutCommand({
        TableName: TABLE,
        Item: membershipItem({
          companyId,
          userId: USER,
          companyRole: 'GESTOR',
          permissions: [],
          isActive: true,
          email: USER_EMAIL,
          firstName: 'Gestora',
          lastName: 'Banco Pruebas',
          createdAt: at,
          updatedAt: at,
        }),
      }),
    );
  });
}

// --- 2. profiles through the handler ---------------------------------------------------------------

/**
 * An SL in the general VAT regime filing quarterly (no SII, REDEME, large company or VAT group: RIVA
 * art. 71.3), with employees (modelo 111/190), renting its premises (115/180) and with intra-EU
 * operations below the monthly threshold (quarterly 349, RIVA art. 80).
 */
const FACTS: TaxProfileFacts = {
  ...defaultTaxProfileFacts({ companyType: 'SL', siiEnabled: false }),
  hasEmployees: true,
  rentsPremises: true,
  intraEuOperations: true,
  intraEuMonthly: false,
};

async function createProfiles(taxYear: number): Promise<CreateFigures> {
  const times: number[] = [];
  const errors: Record<string, number> = {};
  let failed = 0;
  let obligations = 0;
  const t0 = performance.now();
  for (let i = 0; i < C; i++) {
    const companyId = companyIdOf(i);
    const t = performance.now();
    try {
      const data = await call('taxProfile.create', {
        params: { companyId },
        body: { facts: FACTS, taxYear },
      });
      times.push(performance.now() - t);
      obligations += (data.obligations as { created: number }).created;
    } catch (e) {
      failed++;
      const m = (e as Error).message.slice(0, 160);
      errors[m] = (errors[m] ?? 0) + 1;
    }
  }
  return {
    n: times.length,
    failed,
    errors,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    wallMs: performance.now() - t0,
    obligations,
  };
}

// --- 3. reads --------------------------------------------------------------------------------------

async function reads(out: BenchOutput, year: number): Promise<void> {
  const one = companyIdOf(0);
  out.getItem = await measure(SAMPLES.getItem, 20, () =>
    deps.db.send(new GetCommand({ TableName: TABLE, Key: keys.taxProfile(one), ConsistentRead: true })),
  );
  progress('GetItem baseline measured');

  let rows = 0;
  const rowsOf = (key: string) => (r: Record<string, unknown>) => {
    rows = (r[key] as unknown[]).length;
  };
  out.calendar = {
    ...(await measure(
      SAMPLES.calendar,
      20,
      () => call('taxCalendar.get', { params: { companyId: one }, query: { year: String(year) } }),
      rowsOf('obligations'),
    )),
    rows,
  };
  progress('calendar measured');
  out.upcoming = {
    ...(await measure(SAMPLES.upcoming, 3, () => call('taxObligations.upcoming'), rowsOf('obligations'))),
    rows,
  };
  progress('global upcoming measured');
  out.portfolio = {
    ...(await measure(
      SAMPLES.portfolio,
      3,
      () => call('taxPortfolio.list', { query: { days: '30' } }),
      rowsOf('rows'),
    )),
    rows,
  };
  progress('portfolio measured');
  out.analysis = await measure(SAMPLES.analysis, 10, () =>
    call('taxAnalysis.get', { params: { companyId: one } }),
  );
  progress('fiscal analysis measured');
}

// --- 4. the daily alert run ------------------------------------------------------------------------

async function countQuery(input: QueryCommandInput): Promise<number> {
  let n = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: start }));
    n += res.Count ?? 0;
    start = res.LastEvaluatedKey;
  } while (start);
  return n;
}

const countPrefix = (k: { pk: string; skPrefix: string }) =>
  countQuery({
    TableName: TABLE,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': k.pk, ':p': k.skPrefix },
    ConsistentRead: true,
  });

async function alertCounts(): Promise<AlertCounts> {
  const counts: AlertCounts = { alerts: 0, claims: 0, inApp: 0, mails: 0 };
  await pool(C, SEED_CONCURRENCY, async (i) => {
    const companyId = companyIdOf(i);
    const [alerts, claims, counter] = await Promise.all([
      countPrefix(keys.taxAlertPrefix(companyId)),
      countPrefix(keys.taxAlertSentPrefix(companyId)),
      deps.db.send(
        new GetCommand({
          TableName: TABLE,
          Key: keys.notificationCounter(USER, companyId),
          ConsistentRead: true,
        }),
      ),
    ]);
    counts.alerts += alerts;
    counts.claims += claims;
    counts.inApp += Number(counter.Item?.unread ?? 0);
  });
  counts.mails = await countQuery({
    TableName: TABLE,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'OUTBOX#PENDING' },
  });
  return counts;
}

/**
 * One invocation of the schedule's handler, its log lines caught: the logger writes JSON lines
 * through console.log / console.error, at the level LOG_LEVEL says at the time of each line.
 */
async function alertRun(eventTime: Date, timeoutSeconds: number): Promise<AlertRunFigures> {
  const lines: string[] = [];
  const original = { log: console.log, error: console.error, level: process.env[envNames.logLevel] };
  const show = process.env.BENCH_TAX_LOG_LEVEL !== undefined;
  const catchLine =
    (write: (...a: unknown[]) => void) =>
    (...a: unknown[]) => {
      if (typeof a[0] === 'string') lines.push(a[0]);
      if (show) write(...a);
    };
  console.log = catchLine(original.log);
  console.error = catchLine(original.error);
  process.env[envNames.logLevel] = 'info';
  const started = Date.now();
  const context = lambdaContext({
    functionName: 'tax-alerts',
    getRemainingTimeInMillis: () => started + timeoutSeconds * 1000 - Date.now(),
  });
  let threw: string | null = null;
  const t = performance.now();
  try {
    await runAlertsHandler(scheduledEvent('tax-alerts', eventTime), context);
  } catch (e) {
    threw = (e as Error).message;
  } finally {
    console.log = original.log;
    console.error = original.error;
    if (original.level === undefined) delete process.env[envNames.logLevel];
    else process.env[envNames.logLevel] = original.level;
  }
  const wallMs = performance.now() - t;
  const parsed = lines.flatMap((l) => {
    try {
      return [JSON.parse(l) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
  const finished = parsed.find((l) => l.msg === 'Tax alert run finished');
  const result = finished
    ? ({
        date: finished.date,
        companies: finished.companies,
        processed: finished.processed,
        failed: finished.failed,
        skipped: finished.skipped,
        created: finished.created,
        updated: finished.updated,
        notified: finished.notified,
        obligationsCreated: finished.obligationsCreated,
        markedOverdue: finished.markedOverdue,
      } as RunAlertsResult)
    : null;
  return {
    wallMs,
    result,
    stoppedEarly: parsed.some((l) => l.msg === 'Tax alert run stopped before the timeout'),
    threw,
    errorLines: parsed
      .filter((l) => l.level === 'error')
      .slice(0, 5)
      .map((l) => `${String(l.msg)}: ${String(l.errorMessage ?? '')}`.slice(0, 200)),
    counts: await alertCounts(),
  };
}

/**
 * 15 January of next year at 07:00 in Madrid, when the schedule fires (cron(0 7 * * ? *), Europe/
 * Madrid): 06:00 UTC, Madrid being on CET (UTC+1) all January. Five days before the 20 January
 * deadline of the fourth quarter's withholding returns, modelos 111 and 115 (RIRPF art. 108.3: the
 * first 20 calendar days of January), and inside the 30-day alert window of the 30 January deadline
 * of the fourth quarter's 303 (RIVA art. 71.4: the last period of the year, the first 30 days of January).
 */
const alertDay = (year: number) => new Date(Date.UTC(year + 1, 0, 15, 6, 0, 0));

async function alertRuns(year: number): Promise<AlertFigures> {
  const schedule = schedules['tax-alerts'];
  if (!schedule) throw new Error("infra/manifest.ts has no schedule 'tax-alerts'");
  // As the stack sets it: the target's own timeout, else its domain's.
  const timeoutSeconds = schedule.target.timeoutSeconds ?? domains[schedule.target.domain].timeoutSeconds;
  const at = alertDay(year);
  const first = await alertRun(at, timeoutSeconds);
  progress(`alert run 1 done in ${(first.wallMs / 1000).toFixed(1)} s`);
  const second = await alertRun(at, timeoutSeconds);
  progress(`alert run 2 done in ${(second.wallMs / 1000).toFixed(1)} s`);
  return { eventTime: at.toISOString(), timeoutSeconds, first, second };
}

// --- engine and the run ----------------------------------------------------------------------------

async function main(): Promise<void> {
  const outFile = process.env.BENCH_TAX_OUT;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadra-bench-tax-'));
  const stops: (() => Promise<void>)[] = [];
  let stopped = false;
  const stopAll = async () => {
    if (stopped) return;
    stopped = true;
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  // The parent's time limit (SIGTERM) or a Ctrl-C on `npm run bench` (SIGINT to the whole group).
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      void stopAll().finally(() => process.exit(signal === 'SIGTERM' ? 143 : 130));
    });
  const output: BenchOutput = { companies: C };
  try {
    if (!Number.isInteger(C) || C < 1) throw new Error(`BENCH_TAX_COMPANIES: ${C} is not a positive integer`);
    const dynamo = await startDynamoDbLocal({ dataDir, logFile: path.join(dataDir, 'dynamodb.log') });
    stops.push(() => dynamo.stop());
    Object.assign(process.env, {
      AWS_REGION: REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      // The worker builds its own deps (makeDeps): the table and the app's URL for e-mail links.
      [envNames.table]: TABLE,
      [envNames.appUrl]: APP_URL,
      [envNames.logLevel]: process.env.BENCH_TAX_LOG_LEVEL ?? 'silent',
    });
    await ensureTable(new DynamoDBClient({}), TABLE, tableDefinition);
    progress('engine started');

    const today = madridToday(new Date());
    const year = yearOf(today);
    output.today = today;
    output.taxYear = year - 1;
    const ts = performance.now();
    await seed();
    output.seedMs = performance.now() - ts;
    progress(`${C} companies seeded`);
    output.create = await createProfiles(year - 1);
    progress(`${output.create.n} profiles created in ${(output.create.wallMs / 1000).toFixed(1)} s`);
    await reads(output, year);
    output.alerts = await alertRuns(year);
  } catch (e) {
    output.error = (e as Error).stack ?? String(e);
  } finally {
    await stopAll();
  }
  if (outFile) writeFileSync(outFile, JSON.stringify(output));
  else console.log(JSON.stringify(output, null, 2));
}

await main();
// Keep-alive sockets of the SDK would hold the process open.
process.exit(0);
