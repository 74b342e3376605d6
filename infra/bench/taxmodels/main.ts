/**
 * The tax models bench (issue 14 item 6), run by infra/bench/taxmodels.ts in a child process of its
 * own (the platform's SDK clients are made once per process): a fresh DynamoDB Local, the steps
 * below, its figures as JSON to BENCH_TAXMODELS_OUT (stdout without it). DynamoDB Local is stopped
 * at the end, also on failure, SIGTERM (the parent's time limit) and SIGINT.
 *
 *  1. Seed: a gestor with a GESTOR membership in two companies (written straight into the table),
 *     each with its tax profile created THROUGH the tax handler in process (POST tax-profile: an SL
 *     in the general regime filing the 303 quarterly, with intra-EU operations).
 *  2. Books of one year (./books.ts: the product's own pure builders): the big company gets
 *     BENCH_TAXMODELS_INVOICES issued invoices (default 100,000) and BENCH_TAXMODELS_RECEIVED
 *     received ones (default 3,000); the small one 1,000 and 30 with the same mix. They are written
 *     straight into the table with BatchWrite (`invoiceItem`, `receivedInvoiceItem`), NOT through the
 *     API (100,000 confirmations would take the bench's whole budget). Their running aggregates are
 *     the sum of every invoice's contribution (`issuedContribution`, `receivedContribution`) merged
 *     per item by `aggregateDeltas` and written as Puts: exactly the items the invoices' own
 *     transactions would have left (each of them ADDs its contribution through the same deltas,
 *     `aggregateUpdateItems`), so the aggregates are the product's and the books are the product's.
 *  3. Warm reads, next to a bare GetItem (the profile item, ConsistentRead) in the same run: GET
 *     preview of the 303 of one quarter (BENCH_TAXMODELS_QUARTER, default 3) through the taxmodels
 *     handler in process, 200 samples after 20 untimed; its `itemsRead`, and the same for the small
 *     company (the items read do not grow with the invoices).
 *  4. Full recompute from the invoices, quarter by quarter over the whole year: every invoice of
 *     the quarter read through the date GSIs (gsi1, as the nightly recompute and the drill-down read
 *     the books), page by page (1 MB Query pages), each page turned into contributions by
 *     `bookContributions` (the nightly recompute's own), summed, and the 303 computed from those lines
 *     with `computeModel` (same company, facts, periodicity and earlier returns as the preview: none
 *     is stored here). Every box and the result are compared with the preview's.
 */

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  type BatchWriteCommandOutput,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { receivedInvoiceItem } from '@functions/domains/expenses/store/received-invoices';
import { invoiceItem } from '@functions/domains/invoices/store/invoices';
import { bookContributions } from '@functions/domains/invoices/workers/recompute-aggregates';
import { taxActions } from '@functions/domains/tax/handler';
import type { TaxDeps } from '@functions/domains/tax/store/deps';
import { taxModelsActions } from '@functions/domains/taxmodels/handler';
import { factsAt } from '@functions/domains/taxmodels/model/compute';
import { periodRange } from '@functions/domains/taxmodels/model/periods';
import { getCompanyIdentity, getTaxProfile } from '@functions/domains/taxmodels/store/books';
import type { TaxModelsDeps } from '@functions/domains/taxmodels/store/deps';
import { type AggregateDelta, aggregateDeltas, readPeriodTaxKeys } from '@functions/lib/tax-aggregates';
import { ddb } from '@functions/platform/aws/dynamodb';
import { lazyS3 } from '@functions/platform/aws/s3-lazy';
import { createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { domains, envNames } from '@infra/manifest';
import type { RouteId } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import { type Company, companyItem, membershipItem, profileItem, SCHEMA_VERSION } from '@shared/db/records';
import { tableDefinition } from '@shared/db/table';
import { computeModel } from '@shared/fiscal/models';
import type { ModelInput, PeriodLines } from '@shared/fiscal/models/types';
import { toReceivedForAggregates } from '@shared/fiscal/received-invoice-totals';
import {
  type AggregateContribution,
  issuedContribution,
  mergeCounterparties,
  mergeInvoiceTypes,
  mergeLines,
  periodsOf,
  receivedContribution,
  TAX_BOOKS,
} from '@shared/fiscal/tax-aggregates';
import type { ModelPreview } from '@shared/schemas/tax-models';
import { defaultTaxProfileFacts, type TaxProfileFacts } from '@shared/schemas/tax-profile';
import { LOCAL_CREDENTIALS, REGION } from '../../local/aws';
import { startDynamoDbLocal } from '../../local/engines/dynamodb-local';
import { ensureTable } from '../../local/engines/dynamodb-table';
import { type IssuedKind, issuedBook, receivedInvoices } from './books';

const TABLE = 'cuadra-bench-taxmodels';
const USER = 'bench-taxmodels-gestor';
const USER_EMAIL = 'gestor@cuadra.test';
const APP_URL = 'http://localhost:5173';
const BIG = 'bench-tm-big';
const SMALL = 'bench-tm-small';
const env = process.env;
const YEAR = Number(env.BENCH_TAXMODELS_YEAR ?? 2026);
const QUARTER = Number(env.BENCH_TAXMODELS_QUARTER ?? 3);
const ISSUED = Number(env.BENCH_TAXMODELS_INVOICES ?? 100_000);
const RECEIVED = Number(env.BENCH_TAXMODELS_RECEIVED ?? 3_000);
const SMALL_ISSUED = 1_000;
const SMALL_RECEIVED = 30;
const SAMPLES = Number(env.BENCH_TAXMODELS_SAMPLES ?? 200);
const WARMUP = 20;
/** BatchWrites in flight while seeding. */
const WRITE_CONCURRENCY = 8;
const BATCH_WRITE_MAX = 25;

export interface Latency {
  n: number;
  /** Requests that failed (warm-up included), and their messages (first 160 characters) with counts. */
  failed: number;
  errors: Record<string, number>;
  p50: number;
  p99: number;
}

/** What one quarter's aggregate Query returns, by kind of item. */
export interface ItemsBreakdown {
  keys: number;
  invoiceTypes: number;
  counterparties: number;
  /** Distinct counterparties (customers and suppliers) behind the counterparty items. */
  distinctCounterparties: number;
}

export interface SeedFigures {
  issued: number;
  received: number;
  kinds: Record<IssuedKind, number>;
  /** Building the invoices with the pure builders (parse, totals, confirmation) and their contributions. */
  buildMs: number;
  /** Wall time of the whole seed (build and BatchWrite interleaved). */
  wallMs: number;
  invoiceItems: number;
  aggregateItems: number;
}

export interface QuarterCheck {
  period: string;
  issuedInvoices: number;
  receivedInvoices: number;
  pages: number;
  /** Read through the GSIs, contributions summed, 303 computed. */
  recomputeMs: number;
  previewItemsRead: number;
  /** Boxes present in either answer whose values differ (absent = 0). */
  differences: { box: string; preview: number | null; recomputed: number | null }[];
  boxes: number;
  resultPreview: { type: string; amountCents: number };
  resultRecomputed: { type: string; amountCents: number };
}

export interface BenchOutput {
  year: number;
  quarter: number;
  seed?: SeedFigures;
  smallSeed?: SeedFigures;
  getItem?: Latency;
  preview?: Latency & {
    itemsRead: number;
    design: string;
    breakdown: ItemsBreakdown;
    /** The boxes of the measured quarter that are not zero. */
    filledBoxes: string[];
  };
  /** Where the preview's time goes: its aggregates Query, and the pure computation, on their own. */
  parts?: {
    query: Latency;
    /** The 303 needs only the tax-key items: the same quarter read as `<book>#K#` prefixes (2 Queries). */
    keysOnly: Latency & { items: number };
    compute: Latency;
  };
  smallItemsRead?: number;
  smallBreakdown?: ItemsBreakdown;
  /**
   * Issue 15: the income-tax previews of the same quarter. The 130 is cumulative (the tax-key items of
   * every quarter up to the measured one), the 111 reads the quarter with its recipients.
   */
  incomeTax?: Record<'130' | '111', Latency & { itemsRead: number; smallItemsRead: number; design: string }>;
  recompute?: { quarters: QuarterCheck[]; wallMs: number; peakRssMb: number };
  error?: string;
}

/** Progress on stderr: the parent shows the tail of it when the run fails. */
const progress = (what: string) =>
  process.stderr.write(`[bench-taxmodels ${new Date().toISOString().slice(11, 19)}] ${what}\n`);
const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};

const company = (companyId: string, name: string, nif: string): Company => ({
  companyId,
  name,
  nif,
  companyType: 'SL',
  isActive: true,
  siiEnabled: false,
  verifactuEnabled: false,
  email: 'administracion@obrador.test',
  phone: '+34 961 000 000',
  address: {
    street: 'Polígono Fuente del Jarro, calle 12',
    postalCode: '46988',
    city: 'Paterna',
    province: 'Valencia',
    country: 'ES',
  },
  fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: false, redeme: false },
  createdAt: `${YEAR - 1}-12-01T00:00:00.000Z`,
  updatedAt: `${YEAR - 1}-12-01T00:00:00.000Z`,
  createdBy: USER,
});
const COMPANIES = {
  [BIG]: company(BIG, 'Obrador Industrial del Turia SL', 'B46257747'),
  [SMALL]: company(SMALL, 'Horno de Barrio Benimaclet SL', 'B46336475'),
};

/**
 * An SL in the general VAT regime filing the 303 quarterly (no SII, REDEME, large company or VAT
 * group: art. 71.3 RIVA) with intra-EU deliveries and acquisitions (quarterly 349).
 */
const FACTS: TaxProfileFacts = {
  ...defaultTaxProfileFacts({ companyType: 'SL', siiEnabled: false }),
  hasEmployees: true,
  intraEuOperations: true,
  intraEuMonthly: false,
};

let ids = 0;
const taxModelsDeps: TaxModelsDeps = {
  get db() {
    return ddb();
  },
  table: TABLE,
  now: () => new Date(),
  newId: () => `${++ids}${randomUUID().replace(/-/g, '').slice(0, 12)}`,
  appUrl: APP_URL,
  s3: lazyS3,
  bucket: 'cuadra-bench-documents',
};
const taxDeps: TaxDeps = {
  get db() {
    return ddb();
  },
  table: TABLE,
  now: () => new Date(),
  newId: () => randomUUID().replace(/-/g, ''),
  appUrl: APP_URL,
};
const taxModelsApi = createApiHandler('taxmodels', taxModelsActions, () => taxModelsDeps);
const taxApi = createApiHandler('tax', taxActions, () => taxDeps);

async function call<T>(
  api: typeof taxApi,
  domain: 'tax' | 'taxmodels',
  routeId: RouteId,
  o: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
): Promise<T> {
  const context = lambdaContext({ getRemainingTimeInMillis: () => domains[domain].timeoutSeconds * 1000 });
  const res = readResponse(
    await api(apiEvent({ routeId, ...o, claims: { sub: USER, groups: ['GESTOR'] } }), context),
  );
  if (res.status >= 300) throw new Error(`${routeId}: ${res.status} ${JSON.stringify(res.envelope.error)}`);
  return res.envelope.data as T;
}

const previewOf = (modelType: '303' | '130' | '111', companyId: string, period: string) =>
  call<ModelPreview>(taxModelsApi, 'taxmodels', 'taxModels.preview', {
    params: { companyId, modelType },
    query: { year: String(YEAR), period },
  });
const preview303 = (companyId: string, period: string) => previewOf('303', companyId, period);

/** Times `fn` `samples` times after `warmup` untimed calls; a failure is counted, never thrown. */
async function measure<T>(samples: number, warmup: number, fn: () => Promise<T>, onResult?: (r: T) => void) {
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

async function seedPeople(db: DynamoDBDocumentClient): Promise<void> {
  const at = `${YEAR - 1}-12-01T00:00:00.000Z`;
  await db.send(
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
  for (const c of Object.values(COMPANIES)) {
    await db.send(new PutCommand({ TableName: TABLE, Item: companyItem(c) }));
    await db.send(
      new PutCommand({
        TableName: TABLE,
        Item: membershipItem({
          companyId: c.companyId,
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
    await call(taxApi, 'tax', 'taxProfile.create', {
      params: { companyId: c.companyId },
      body: { facts: FACTS, taxYear: YEAR },
    });
  }
}

/** Puts items with BatchWrite, `WRITE_CONCURRENCY` batches in flight; `put` waits when they are all busy. */
function batchWriter(db: DynamoDBDocumentClient) {
  let batch: Record<string, unknown>[] = [];
  const inflight = new Set<Promise<void>>();
  let written = 0;
  const send = async (items: Record<string, unknown>[]) => {
    let pending: NonNullable<BatchWriteCommandOutput['UnprocessedItems']>[string] | undefined = items.map(
      (Item) => ({ PutRequest: { Item } }),
    );
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 10) throw new Error('BatchWrite: unprocessed items after 10 retries');
      const res: BatchWriteCommandOutput = await db.send(
        new BatchWriteCommand({ RequestItems: { [TABLE]: pending } }),
      );
      pending = res.UnprocessedItems?.[TABLE];
      if (pending?.length) await new Promise((r) => setTimeout(r, 10 * 2 ** attempt));
    }
    written += items.length;
  };
  const flush = async () => {
    if (batch.length === 0) return;
    const p = send(batch).finally(() => inflight.delete(p));
    batch = [];
    inflight.add(p);
    if (inflight.size >= WRITE_CONCURRENCY) await Promise.race(inflight);
  };
  return {
    async put(item: Record<string, unknown>) {
      batch.push(item);
      if (batch.length === BATCH_WRITE_MAX) await flush();
    },
    async done() {
      await flush();
      await Promise.all(inflight);
      return written;
    },
  };
}

/** The item an aggregate delta leaves when it is the first write: the SET attributes and the ADDed numbers. */
const aggregateItem = (d: AggregateDelta): Record<string, unknown> => ({
  ...d.key,
  entity: d.entity,
  v: SCHEMA_VERSION,
  ...d.attributes,
  ...d.adds,
});

/** Writes a company's books and their aggregates; returns the figures. */
async function seedBooks(
  db: DynamoDBDocumentClient,
  companyId: string,
  issued: number,
  received: number,
): Promise<SeedFigures> {
  const t0 = performance.now();
  let buildMs = 0;
  const writer = batchWriter(db);
  /** Contributions by quarter: a quarter's contributions touch only its own month and quarter items. */
  const byQuarter = new Map<string, AggregateContribution[]>();
  const keep = (c: AggregateContribution) => {
    const q = periodsOf(c.date).quarter;
    const list = byQuarter.get(q) ?? [];
    list.push(c);
    byQuarter.set(q, list);
  };
  const book = issuedBook({
    company: COMPANIES[companyId as keyof typeof COMPANIES],
    year: YEAR,
    count: issued,
  });
  const issuedIt = book.invoices();
  for (;;) {
    const t = performance.now();
    const next = issuedIt.next();
    if (next.done) break;
    const inv = next.value;
    keep(issuedContribution(inv, 1));
    const item = invoiceItem(inv);
    buildMs += performance.now() - t;
    await writer.put(item);
  }
  const receivedIt = receivedInvoices({ companyId, year: YEAR, count: received });
  for (;;) {
    const t = performance.now();
    const next = receivedIt.next();
    if (next.done) break;
    const rec = next.value;
    keep(receivedContribution(toReceivedForAggregates(rec), 1));
    const item = receivedInvoiceItem(rec);
    buildMs += performance.now() - t;
    await writer.put(item);
  }
  const invoiceItems = await writer.done();
  const aggWriter = batchWriter(db);
  for (const [, contributions] of [...byQuarter].sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const d of aggregateDeltas(companyId, ...contributions)) await aggWriter.put(aggregateItem(d));
  }
  const aggregateItems = await aggWriter.done();
  return {
    issued,
    received,
    kinds: { ...book.kinds },
    buildMs,
    wallMs: performance.now() - t0,
    invoiceItems,
    aggregateItems,
  };
}

// --- 3. reads --------------------------------------------------------------------------------------

/** The items of a quarter's aggregate Query, by kind (the same prefix the preview reads). */
async function breakdownOf(
  db: DynamoDBDocumentClient,
  companyId: string,
  quarter: string,
): Promise<ItemsBreakdown> {
  const k = keys.taxAggregatePeriodPrefix(companyId, quarter);
  const out: ItemsBreakdown = { keys: 0, invoiceTypes: 0, counterparties: 0, distinctCounterparties: 0 };
  const parties = new Set<string>();
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': k.pk, ':p': k.skPrefix },
        ExclusiveStartKey: start,
      }),
    );
    for (const it of res.Items ?? []) {
      if (it.entity === 'CounterpartyAggregate') {
        out.counterparties++;
        parties.add(`${it.book}|${it.counterpartyKey}`);
      } else if (it.section === 'INVOICE_TYPE') out.invoiceTypes++;
      else out.keys++;
    }
    start = res.LastEvaluatedKey;
  } while (start);
  out.distinctCounterparties = parties.size;
  return out;
}

/** The preview's aggregates Query and its pure computation timed on their own, and a keys-only read. */
async function previewParts(
  db: DynamoDBDocumentClient,
  quarter: string,
  period: string,
): Promise<NonNullable<BenchOutput['parts']>> {
  const deps = { db, table: TABLE };
  // What the preview reads (functions/domains/taxmodels/store/books.ts): the two tax-key sections.
  const query = await measure(SAMPLES, WARMUP, () => readPeriodTaxKeys(deps, BIG, quarter));
  const k = keys.taxAggregatePeriodPrefix(BIG, quarter);
  let items = 0;
  const keysOnly = await measure(
    SAMPLES,
    WARMUP,
    () =>
      Promise.all(
        TAX_BOOKS.map((book) =>
          db.send(
            new QueryCommand({
              TableName: TABLE,
              KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
              ExpressionAttributeValues: { ':pk': k.pk, ':p': `${k.skPrefix}${book}#K#` },
              ConsistentRead: true,
            }),
          ),
        ),
      ),
    (pages) => {
      items = pages.reduce((n, p) => n + (p.Items?.length ?? 0), 0);
    },
  );
  const read = await readPeriodTaxKeys(deps, BIG, quarter);
  const input = await modelInput(db, BIG, period, {
    byKey: read.byKey,
    byCounterparty: read.byCounterparty,
    byInvoiceType: read.byInvoiceType,
  });
  const compute = await measure(SAMPLES, WARMUP, async () => computeModel(input));
  return { query, keysOnly: { ...keysOnly, items }, compute };
}

// --- 4. full recompute -----------------------------------------------------------------------------

const emptyLines = (): PeriodLines => ({
  byKey: { ISSUED: [], RECEIVED: [] },
  byCounterparty: { ISSUED: [], RECEIVED: [] },
  byInvoiceType: { ISSUED: [], RECEIVED: [] },
});

/** Adds contributions into running period lines (the shared merge functions). */
function addInto(lines: PeriodLines, contributions: AggregateContribution[]): void {
  for (const book of TAX_BOOKS) {
    const mine = contributions.filter((c) => c.book === book);
    if (mine.length === 0) continue;
    lines.byKey[book] = mergeLines(lines.byKey[book], ...mine.map((c) => c.byKey));
    lines.byCounterparty[book] = mergeCounterparties(
      lines.byCounterparty[book],
      ...mine.map((c) => c.byCounterparty),
    );
    lines.byInvoiceType[book] = mergeInvoiceTypes(
      lines.byInvoiceType[book],
      ...mine.map((c) => c.byInvoiceType ?? []),
    );
  }
}

/** Every item of a date range of one book's date index, page by page. */
async function* datePages(
  db: DynamoDBDocumentClient,
  gsi1pk: string,
  range: { start: string; end: string },
): AsyncGenerator<Record<string, unknown>[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.send(
      new QueryCommand({
        TableName: TABLE,
        IndexName: 'gsi1',
        // gsi1sk is `<date>#<id>`: '$' sorts right after '#', so `<end>$` bounds every key of that day.
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': gsi1pk, ':from': range.start, ':to': `${range.end}$` },
        ExclusiveStartKey: start,
      }),
    );
    yield res.Items ?? [];
    start = res.LastEvaluatedKey;
  } while (start);
}

/**
 * The 303's input as the preview builds it (model/compute.ts `previewWithBooks`): the company, the
 * profile's facts on the period's first day, the quarterly periodicity, the given lines, and no
 * earlier return (none is stored in the bench's table: checked before the recompute).
 */
async function modelInput(
  db: DynamoDBDocumentClient,
  companyId: string,
  period: string,
  lines: PeriodLines,
): Promise<ModelInput> {
  const deps = { db, table: TABLE };
  const [profile, identity] = await Promise.all([
    getTaxProfile(deps, companyId),
    getCompanyIdentity(deps, companyId),
  ]);
  if (!profile) throw new Error(`${companyId} has no tax profile`);
  return {
    modelType: '303',
    year: YEAR,
    period,
    company: { companyId, nif: identity.nif, name: identity.name },
    facts: factsAt(profile, periodRange(YEAR, period).start),
    periodicity: 'QUARTERLY',
    aggregates: lines,
    earlier: [],
    adjustments: {},
  };
}

async function recomputeQuarter(
  db: DynamoDBDocumentClient,
  companyId: string,
  period: string,
  sampleRss: () => void,
): Promise<
  Omit<QuarterCheck, 'previewItemsRead' | 'differences' | 'boxes' | 'resultPreview'> & {
    boxesRecomputed: Record<string, number>;
  }
> {
  const t0 = performance.now();
  const range = periodRange(YEAR, period);
  const lines = emptyLines();
  let pages = 0;
  let issuedInvoices = 0;
  let receivedInvoices = 0;
  for await (const page of datePages(db, keys.invoiceByDatePartition(companyId).gsi1pk, range)) {
    pages++;
    const { contributions, issuedCount } = bookContributions(page, []);
    issuedInvoices += issuedCount;
    addInto(lines, contributions);
    sampleRss();
  }
  for await (const page of datePages(db, keys.receivedInvoiceByDatePartition(companyId).gsi1pk, range)) {
    pages++;
    const { contributions, receivedCount } = bookContributions([], page);
    receivedInvoices += receivedCount;
    addInto(lines, contributions);
    sampleRss();
  }
  const computation = computeModel(await modelInput(db, companyId, period, lines));
  return {
    period,
    issuedInvoices,
    receivedInvoices,
    pages,
    recomputeMs: performance.now() - t0,
    boxesRecomputed: computation.boxes,
    resultRecomputed: computation.result,
  };
}

function boxDifferences(a: Record<string, number>, b: Record<string, number>) {
  const out: QuarterCheck['differences'] = [];
  for (const box of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    if ((a[box] ?? 0) !== (b[box] ?? 0))
      out.push({ box, preview: a[box] ?? null, recomputed: b[box] ?? null });
  }
  return out;
}

async function recomputeYear(db: DynamoDBDocumentClient): Promise<NonNullable<BenchOutput['recompute']>> {
  const stored = await call<{ totalElements: number }>(taxModelsApi, 'taxmodels', 'taxModels.list', {
    params: { companyId: BIG },
  });
  if (stored.totalElements !== 0) throw new Error(`expected no stored model, found ${stored.totalElements}`);
  let peakRss = process.memoryUsage().rss;
  const sampleRss = () => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  };
  const quarters: QuarterCheck[] = [];
  let wallMs = 0;
  for (const period of ['1T', '2T', '3T', '4T']) {
    const r = await recomputeQuarter(db, BIG, period, sampleRss);
    wallMs += r.recomputeMs;
    const p = await preview303(BIG, period);
    const { boxesRecomputed, ...rest } = r;
    quarters.push({
      ...rest,
      previewItemsRead: p.itemsRead,
      differences: boxDifferences(p.boxes, boxesRecomputed),
      boxes: Object.keys(p.boxes).length,
      resultPreview: p.result,
    });
    progress(
      `recomputed ${period}: ${r.issuedInvoices} issued + ${r.receivedInvoices} received in ${(r.recomputeMs / 1000).toFixed(1)} s`,
    );
  }
  return { quarters, wallMs, peakRssMb: peakRss / 2 ** 20 };
}

// --- engine and the run ----------------------------------------------------------------------------

async function main(): Promise<void> {
  const outFile = env.BENCH_TAXMODELS_OUT;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadra-bench-taxmodels-'));
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
  const output: BenchOutput = { year: YEAR, quarter: QUARTER };
  try {
    for (const [name, n] of Object.entries({ ISSUED, RECEIVED, SAMPLES }))
      if (!Number.isInteger(n) || n < 1)
        throw new Error(`BENCH_TAXMODELS ${name}: ${n} is not a positive integer`);
    if (![1, 2, 3, 4].includes(QUARTER)) throw new Error(`BENCH_TAXMODELS_QUARTER: ${QUARTER} is not 1-4`);
    const dynamo = await startDynamoDbLocal({ dataDir, logFile: path.join(dataDir, 'dynamodb.log') });
    stops.push(() => dynamo.stop());
    Object.assign(process.env, {
      AWS_REGION: REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      [envNames.table]: TABLE,
      [envNames.appUrl]: APP_URL,
      [envNames.logLevel]: env.BENCH_TAXMODELS_LOG_LEVEL ?? 'silent',
    });
    await ensureTable(new DynamoDBClient({}), TABLE, tableDefinition);
    const db = ddb();
    progress('engine started');

    await seedPeople(db);
    output.smallSeed = await seedBooks(db, SMALL, SMALL_ISSUED, SMALL_RECEIVED);
    progress('small company seeded');
    output.seed = await seedBooks(db, BIG, ISSUED, RECEIVED);
    progress(
      `${ISSUED} + ${RECEIVED} invoices and ${output.seed.aggregateItems} aggregate items written in ${(output.seed.wallMs / 1000).toFixed(1)} s`,
    );

    const period = `${QUARTER}T`;
    const quarter = `${YEAR}-Q${QUARTER}`;
    output.getItem = await measure(SAMPLES, WARMUP, () =>
      db.send(new GetCommand({ TableName: TABLE, Key: keys.taxProfile(BIG), ConsistentRead: true })),
    );
    let last: ModelPreview | undefined;
    const latency = await measure(
      SAMPLES,
      WARMUP,
      () => preview303(BIG, period),
      (r) => {
        last = r;
      },
    );
    output.preview = {
      ...latency,
      itemsRead: last?.itemsRead ?? Number.NaN,
      design: last?.design ?? '?',
      breakdown: await breakdownOf(db, BIG, quarter),
      filledBoxes: Object.entries(last?.boxes ?? {})
        .filter(([, v]) => v !== 0)
        .map(([box]) => box),
    };
    output.parts = await previewParts(db, quarter, period);
    output.smallItemsRead = (await preview303(SMALL, period)).itemsRead;
    output.smallBreakdown = await breakdownOf(db, SMALL, quarter);
    progress('preview measured');

    const incomeTax: NonNullable<BenchOutput['incomeTax']> = {} as NonNullable<BenchOutput['incomeTax']>;
    for (const modelType of ['130', '111'] as const) {
      let seen: ModelPreview | undefined;
      const l = await measure(
        SAMPLES,
        WARMUP,
        () => previewOf(modelType, BIG, period),
        (r) => {
          seen = r;
        },
      );
      incomeTax[modelType] = {
        ...l,
        itemsRead: seen?.itemsRead ?? Number.NaN,
        design: seen?.design ?? '?',
        smallItemsRead: (await previewOf(modelType, SMALL, period)).itemsRead,
      };
    }
    output.incomeTax = incomeTax;
    progress('income-tax previews measured');

    output.recompute = await recomputeYear(db);
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
