/**
 * The accounting bench (issue 18 item 7), run by infra/bench/accounting.ts in a child process of its
 * own (the platform's SDK clients are made once per process): a fresh DynamoDB Local, the steps
 * below, its figures as JSON to BENCH_ACCOUNTING_OUT (stdout without it). DynamoDB Local is stopped
 * at the end, also on failure, SIGTERM (the parent's time limit) and SIGINT.
 *
 *  1. Seed (written straight into the table): a gestor on the Gestoría Professional plan
 *     (`keys.subscription`: the plan gate of store/plan.ts) with a GESTOR membership in two SLs, each
 *     with its PYMES chart made by the product's `initializeChart` (the backfill not queued) and its
 *     settings' category and supplier mappings.
 *  2. Books of one year (./books.ts: the product's pure posting rules over the shared fiscal totals):
 *     the big company gets BENCH_ACCOUNTING_DOCUMENTS documents (default 100,000: issued invoices,
 *     their collections, received invoices, their payments), the small one 1,000 of the same mix.
 *     Party sub-accounts are created by the product's `ensurePartyAccount` on first use and kept in
 *     memory. Each posting is written with BatchWrite as exactly the items its transaction would
 *     leave (store/engine.ts's own builders: `entryItemOf`/`storedEntry`, `ledgerLineItem`, the
 *     document's posting state), with the year's entry-number counter, and the month aggregates are
 *     the sum of every posting's ADDs (`addToAggregates`) written as Puts of the items those ADDs
 *     would have left. Then BENCH_ACCOUNTING_ENGINE_SAMPLE documents of the same books (default 200,
 *     spread over the year) are posted through the real transaction, `applyDesiredPosting`, in the
 *     same company: the aggregates they change must change by exactly what the in-memory builder
 *     computes for them, and the entries, ledger lines and states they write must equal the builder's
 *     (timestamps aside), so the seeded items are the engine's.
 *  3. Warm reads through the accounting handler in process, next to a bare GetItem (the settings,
 *     ConsistentRead): GET balance-sheet at 31-12 and GET income-statement for the year, 200 samples
 *     after 20 untimed, p50/p99 and the answers' `itemsRead`; the same reads of the small company.
 *  4. Full recompute from the entries: every entry of the year read through the journal's date index
 *     (gsi1, 1 MB pages), the balance sheet and the P&L computed from their lines by
 *     `recomputeFromEntries` (both layouts), and compared field by field (every line, category and
 *     account, to the cent) with the API's answers; for both companies.
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
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { accountingActions } from '@functions/domains/accounting/handler';
import { chartAccount } from '@functions/domains/accounting/model/chart';
import { type DesiredPosting, netLines } from '@functions/domains/accounting/model/postings';
import { type RecomputeEntry, recomputeFromEntries } from '@functions/domains/accounting/model/reports';
import {
  accountItemOf,
  ensurePartyAccount,
  initializeChart,
  readAccounts,
  refsOf,
  storedAccount,
} from '@functions/domains/accounting/store/chart';
import type { AccountingDeps } from '@functions/domains/accounting/store/deps';
import {
  type AccountRef,
  type AggregateDelta,
  addToAggregates,
  applyDesiredPosting,
  automaticEntryId,
  type EntryToPost,
  entryItemOf,
  type LineToPost,
  ledgerLineItem,
  postingDate,
  storedEntry,
} from '@functions/domains/accounting/store/engine';
import { type DocumentPostingItem, ENTITY, type EntryItem } from '@functions/domains/accounting/store/items';
import { listChartAccounts, namer } from '@functions/domains/accounting/store/queries';
import { ddb } from '@functions/platform/aws/dynamodb';
import { createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { domains, envNames } from '@infra/manifest';
import type { RouteId } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import { type Company, companyItem, membershipItem, profileItem, SCHEMA_VERSION } from '@shared/db/records';
import { tableDefinition } from '@shared/db/table';
import type { BalanceSheet, IncomeStatement, StatementLayout } from '@shared/schemas/accounting';
import { subscriptionToPlan } from '@shared/schemas/billing';
import { LOCAL_CREDENTIALS, REGION } from '../../local/aws';
import { startDynamoDbLocal } from '../../local/engines/dynamodb-local';
import { ensureTable } from '../../local/engines/dynamodb-table';
import { BENCH_POSTING_SETTINGS, type BenchDocument, benchDocuments, type DocumentKind } from './books';

const TABLE = 'cuadra-bench-accounting';
const USER = 'bench-accounting-gestor';
const USER_EMAIL = 'gestor@cuadra.test';
const APP_URL = 'http://localhost:5173';
const BIG = 'bench-acc-big';
const SMALL = 'bench-acc-small';
const env = process.env;
const YEAR = Number(env.BENCH_ACCOUNTING_YEAR ?? 2026);
const DOCUMENTS = Number(env.BENCH_ACCOUNTING_DOCUMENTS ?? 100_000);
const SMALL_DOCUMENTS = 1_000;
const ENGINE_SAMPLE = Number(env.BENCH_ACCOUNTING_ENGINE_SAMPLE ?? 200);
const SAMPLES = Number(env.BENCH_ACCOUNTING_SAMPLES ?? 200);
const WARMUP = 20;
/** BatchWrites in flight while seeding. */
const WRITE_CONCURRENCY = 8;
const BATCH_WRITE_MAX = 25;
const LAYOUTS: readonly StatementLayout[] = ['ABREVIADO', 'PYMES'];

export interface Latency {
  n: number;
  /** Requests that failed (warm-up included), and their messages (first 160 characters) with counts. */
  failed: number;
  errors: Record<string, number>;
  p50: number;
  p99: number;
}

export interface SeedFigures {
  documents: number;
  kinds: Record<DocumentKind, number>;
  /** Party sub-accounts created (customers under 4300, suppliers under 4000/4100). */
  parties: number;
  entryItems: number;
  ledgerLines: number;
  stateItems: number;
  aggregateItems: number;
  /** PGC accounts (C level) with movements in the year, and sub-accounts (S level). */
  pgcAccounts: number;
  subAccounts: number;
  /** Building the postings (pure rules, totals) and their items. */
  buildMs: number;
  /** Wall time of the whole seed (build and BatchWrite interleaved). */
  wallMs: number;
}

export interface EngineCheck {
  posted: number;
  wallMs: number;
  /** Aggregate items the sample changed, and those whose change differs from the builder's. */
  aggregatesChanged: number;
  aggregateDifferences: string[];
  /** Entries, ledger lines and states compared with the builder's (timestamps aside), and differences. */
  itemsCompared: number;
  itemDifferences: string[];
}

export interface ReportLatency extends Latency {
  itemsRead: number;
  smallItemsRead: number;
}

export interface RecomputeCheck {
  companyId: string;
  documents: number;
  entries: number;
  pages: number;
  /** Items read through the date index (the entries). */
  itemsRead: number;
  readMs: number;
  computeMs: number;
  peakRssMb: number;
  /** Per layout: what was compared and what differs. */
  layouts: {
    layout: StatementLayout;
    balanceLines: number;
    balanceAccounts: number;
    pnlLines: number;
    pnlAccounts: number;
    differences: string[];
    totalAssetsCents: number;
    resultCents: number;
    isBalanced: boolean;
  }[];
}

export interface BenchOutput {
  year: number;
  seed?: SeedFigures;
  smallSeed?: SeedFigures;
  engine?: EngineCheck;
  getItem?: Latency;
  balanceSheet?: ReportLatency;
  incomeStatement?: ReportLatency;
  recompute?: RecomputeCheck[];
  error?: string;
}

/** Progress on stderr: the parent shows the tail of it when the run fails. */
const progress = (what: string) =>
  process.stderr.write(`[bench-accounting ${new Date().toISOString().slice(11, 19)}] ${what}\n`);
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
  email: 'administracion@distribuciones.test',
  phone: '+34 961 000 000',
  address: {
    street: 'Polígono Fuente del Jarro, calle 8',
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
  [BIG]: company(BIG, 'Distribuciones Hosteleras del Turia SL', 'B46257747'),
  [SMALL]: company(SMALL, 'Suministros Benimaclet SL', 'B46336475'),
};

let ids = 0;
const deps: AccountingDeps = {
  get db() {
    return ddb();
  },
  table: TABLE,
  // The chart's initialisation may queue a backfill: nothing to backfill here (the books are seeded).
  sqs: { send: async () => ({}) } as unknown as AccountingDeps['sqs'],
  queueUrl: 'http://localhost/queue/accounting',
  invoke: async () => {
    throw new Error('statement-pdf is not measured by the bench');
  },
  now: () => new Date(),
  newId: () => `${++ids}${randomUUID().replace(/-/g, '').slice(0, 12)}`,
};
const api = createApiHandler('accounting', accountingActions, () => deps);

async function call<T>(routeId: RouteId, companyId: string, query: Record<string, string>): Promise<T> {
  const context = lambdaContext({
    getRemainingTimeInMillis: () => domains.accounting.timeoutSeconds * 1000,
  });
  const res = readResponse(
    await api(
      apiEvent({
        routeId,
        query,
        headers: { 'x-company-id': companyId },
        claims: { sub: USER, groups: ['GESTOR'] },
      }),
      context,
    ),
  );
  if (res.status >= 300) throw new Error(`${routeId}: ${res.status} ${JSON.stringify(res.envelope.error)}`);
  return res.envelope.data as T;
}

const balanceSheetOf = (companyId: string, layout: StatementLayout = 'ABREVIADO') =>
  call<BalanceSheet>('accounting.balanceSheet', companyId, { balanceDate: `${YEAR}-12-31`, layout });
const incomeStatementOf = (companyId: string, layout: StatementLayout = 'ABREVIADO') =>
  call<IncomeStatement>('accounting.incomeStatement', companyId, {
    fromDate: `${YEAR}-01-01`,
    toDate: `${YEAR}-12-31`,
    layout,
  });

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

// --- 1. people, plan, chart -------------------------------------------------------------------------

async function seedPeople(db: DynamoDBDocumentClient): Promise<void> {
  const at = `${YEAR - 1}-12-01T00:00:00.000Z`;
  const put = (Item: Record<string, unknown>) => db.send(new PutCommand({ TableName: TABLE, Item }));
  await put(
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
  );
  // The plan gate (store/plan.ts): the subscription of an OWNER or GESTOR member unlocks accounting.
  await put({
    ...keys.subscription(USER),
    entity: 'Subscription',
    v: SCHEMA_VERSION,
    userId: USER,
    ...subscriptionToPlan('GESTORIA_PROFESSIONAL', {
      subscriptionId: `sub-${USER}`,
      status: 'ACTIVE',
      startedAt: at,
      currentPeriodEnd: `${YEAR + 1}-12-01T00:00:00.000Z`,
    }),
    createdAt: at,
    updatedAt: at,
  });
  for (const c of Object.values(COMPANIES)) {
    await put(companyItem(c));
    await put(
      membershipItem({
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
    );
    await initializeChart(deps, c.companyId, 'PYMES', { queueBackfill: false });
    await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.accountingSettings(c.companyId),
        UpdateExpression: 'SET categoryAccounts = :c, supplierAccounts = :s',
        ExpressionAttributeValues: {
          ':c': BENCH_POSTING_SETTINGS.categoryAccounts,
          ':s': BENCH_POSTING_SETTINGS.supplierAccounts,
        },
      }),
    );
  }
}

// --- 2. books -------------------------------------------------------------------------------------

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

/** The item an aggregate's ADDs leave when they are its first write (engine.ts `aggregateUpdate`'s SET and ADD). */
const aggregateItem = (companyId: string, d: AggregateDelta): Record<string, unknown> => ({
  ...keys.ledgerAggregate(companyId, d.year, d.level, d.month, 'N', d.accountCode),
  entity: ENTITY.aggregate,
  v: SCHEMA_VERSION,
  companyId,
  year: d.year,
  month: d.month,
  level: d.level,
  kind: 'N',
  accountCode: d.accountCode,
  debitCents: d.debitCents,
  creditCents: d.creditCents,
  count: d.count,
});

/**
 * What applyDesiredPosting resolves before its transaction, in memory: party lines to their
 * sub-accounts (created once by `ensurePartyAccount`), and every account's reference (stored, or a
 * PGC account added to the chart from the PGC data, as engine.ts `accountRefs` does).
 */
function resolver(companyId: string) {
  const partyCodes = new Map<string, string>();
  const refs = new Map<string, AccountRef>();
  const at = new Date().toISOString();
  let parties = 0;
  const refOf = async (code: string) => {
    if (refs.has(code)) return;
    const stored = await readAccounts(deps, companyId, [code]);
    if (!stored.has(code)) {
      const def = chartAccount(code);
      if (!def) throw new Error(`Account ${code} of an automatic posting is not in the PGC`);
      const item = accountItemOf(companyId, def, at);
      await deps.db.send(
        new PutCommand({
          TableName: TABLE,
          Item: storedAccount(item),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      stored.set(code, item);
    }
    for (const [c, r] of refsOf(stored)) refs.set(c, r);
  };
  return {
    refs,
    get parties() {
      return parties;
    },
    async lines(p: DesiredPosting): Promise<LineToPost[]> {
      const out: LineToPost[] = [];
      for (const l of p.lines) {
        let accountCode = l.accountCode;
        if (l.party) {
          const k = `${l.accountCode}|${l.party.kind}|${l.party.partyKey}`;
          let code = partyCodes.get(k);
          if (!code) {
            code = await ensurePartyAccount(deps, companyId, l.accountCode, l.party);
            partyCodes.set(k, code);
            parties++;
          }
          accountCode = code;
        }
        await refOf(accountCode);
        out.push({
          accountCode,
          description: l.description,
          debitCents: l.debitCents,
          creditCents: l.creditCents,
        });
      }
      return out;
    },
  };
}

/** The entry (and its state) applyDesiredPosting writes for a document with nothing posted yet. */
function firstPosting(companyId: string, p: DesiredPosting, lines: LineToPost[]) {
  // The first entry ever posted for the document (nothing was posted for it before).
  const entryId = automaticEntryId(companyId, p.sourceKey, 1);
  const dates = postingDate(p.date, null);
  const entry: EntryToPost = {
    source: p.source,
    kind: 'NORMAL',
    document: p.document,
    createdBy: 'system',
    sourceKey: p.sourceKey,
    entryId,
    ...dates,
    description: p.description,
    reversalOf: null,
    lines,
  };
  const state = (at: string): DocumentPostingItem => ({
    companyId,
    sourceKey: p.sourceKey,
    version: p.version,
    lines: netLines(lines),
    entryIds: [entryId],
    entryDate: dates.entryDate,
    updatedAt: at,
  });
  return { entry, state };
}

const stateItem = (companyId: string, s: DocumentPostingItem) => ({
  ...keys.documentPosting(companyId, s.sourceKey),
  entity: ENTITY.documentPosting,
  v: SCHEMA_VERSION,
  ...s,
});

interface SeededBooks {
  figures: SeedFigures;
  /** Documents left for the engine (BIG only), and the resolver that knows the company's accounts. */
  sample: BenchDocument[];
  resolve: ReturnType<typeof resolver>;
  aggregates: Map<string, AggregateDelta>;
}

async function seedBooks(
  db: DynamoDBDocumentClient,
  companyId: string,
  documents: number,
  engineSample: number,
): Promise<SeededBooks> {
  const t0 = performance.now();
  let buildMs = 0;
  const writer = batchWriter(db);
  const resolve = resolver(companyId);
  const aggregates = new Map<string, AggregateDelta>();
  const kinds: Record<DocumentKind, number> = { ISSUED: 0, COLLECTION: 0, RECEIVED: 0, PAYMENT: 0 };
  const sample: BenchDocument[] = [];
  const every = engineSample > 0 ? Math.max(1, Math.floor(documents / engineSample)) : 0;
  const at = new Date().toISOString();
  let number = 0;
  let ledgerLines = 0;
  let index = 0;
  const it = benchDocuments({ year: YEAR, count: documents });
  for (;;) {
    let t = performance.now();
    const next = it.next();
    if (next.done) break;
    const doc = next.value;
    kinds[doc.kind]++;
    const i = index++;
    if (every > 0 && i % every === every - 1 && sample.length < engineSample) {
      sample.push(doc);
      buildMs += performance.now() - t;
      continue;
    }
    buildMs += performance.now() - t;
    const lines = await resolve.lines(doc.posting);
    t = performance.now();
    const { entry, state } = firstPosting(companyId, doc.posting, lines);
    const item: EntryItem = entryItemOf(companyId, entry, ++number, resolve.refs, at);
    const items: Record<string, unknown>[] = [storedEntry(companyId, item)];
    for (const line of item.lines) {
      items.push(ledgerLineItem(companyId, item, line));
      addToAggregates(aggregates, item.entryDate, line, resolve.refs, 1);
    }
    ledgerLines += item.lines.length;
    items.push(stateItem(companyId, state(at)));
    buildMs += performance.now() - t;
    for (const x of items) await writer.put(x);
    if (number % 10_000 === 0) progress(`${companyId}: ${number} postings written`);
  }
  await writer.put({
    ...keys.entryNumberCounter(companyId, YEAR),
    entity: ENTITY.entryCounter,
    v: SCHEMA_VERSION,
    companyId,
    year: YEAR,
    last: number,
  });
  let aggregateItems = 0;
  for (const d of aggregates.values()) {
    if (d.debitCents === 0 && d.creditCents === 0 && d.count === 0) continue;
    await writer.put(aggregateItem(companyId, d));
    aggregateItems++;
  }
  await writer.done();
  const levels = (level: 'C' | 'S') =>
    new Set([...aggregates.values()].filter((d) => d.level === level).map((d) => d.accountCode)).size;
  return {
    figures: {
      documents,
      kinds,
      parties: resolve.parties,
      entryItems: number,
      ledgerLines,
      stateItems: number,
      aggregateItems,
      pgcAccounts: levels('C'),
      subAccounts: levels('S'),
      buildMs,
      wallMs: performance.now() - t0,
    },
    sample,
    resolve,
    aggregates,
  };
}

// --- 2b. the sample through the real transaction ---------------------------------------------------

type Item = Record<string, unknown>;

async function queryAll(db: DynamoDBDocumentClient, pk: string): Promise<Item[]> {
  const out: Item[] = [];
  let start: Item | undefined;
  do {
    const res = await db.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Paths where two JSON values differ (`ignore`: keys left out at any depth); at most `limit`. */
function differences(
  a: unknown,
  b: unknown,
  ignore: ReadonlySet<string>,
  at = '',
  out: string[] = [],
  limit = 40,
) {
  if (out.length >= limit) return out;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${at}: ${a.length} items against ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); i++)
      differences(a[i], b[i], ignore, `${at}[${i}]`, out, limit);
    return out;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = a as Record<string, unknown>;
    const kb = b as Record<string, unknown>;
    for (const k of new Set([...Object.keys(ka), ...Object.keys(kb)])) {
      if (ignore.has(k)) continue;
      differences(ka[k], kb[k], ignore, at ? `${at}.${k}` : k, out, limit);
    }
    return out;
  }
  if (a !== b) out.push(`${at}: ${JSON.stringify(a)} against ${JSON.stringify(b)}`);
  return out;
}

const NUMBERS = ['debitCents', 'creditCents', 'count'] as const;

/**
 * Posts the sample through `applyDesiredPosting` and checks what it left against the builder: the
 * change of every aggregate item of the year, and each entry, its ledger lines and its state.
 */
async function engineSample(
  db: DynamoDBDocumentClient,
  companyId: string,
  books: SeededBooks,
): Promise<EngineCheck> {
  const pk = keys.ledgerAggregatePartition(companyId, YEAR).pk;
  const before = new Map((await queryAll(db, pk)).map((i) => [String(i.sk), i]));
  const t0 = performance.now();
  let posted = 0;
  for (const doc of books.sample) {
    const outcome = await applyDesiredPosting(deps, companyId, doc.posting);
    if (outcome !== 'posted') throw new Error(`${doc.posting.sourceKey}: ${outcome}, expected posted`);
    posted++;
  }
  const wallMs = performance.now() - t0;
  const after = new Map((await queryAll(db, pk)).map((i) => [String(i.sk), i]));

  // What the builder computes for the same documents.
  const expected = new Map<string, AggregateDelta>();
  const itemDifferences: string[] = [];
  let itemsCompared = 0;
  for (const doc of books.sample) {
    const lines = await books.resolve.lines(doc.posting);
    const { entry, state } = firstPosting(companyId, doc.posting, lines);
    const stored = await db.send(
      new GetCommand({
        TableName: TABLE,
        Key: keys.journalEntry(companyId, entry.entryId),
        ConsistentRead: true,
      }),
    );
    if (!stored.Item) {
      itemDifferences.push(`${doc.posting.sourceKey}: no entry ${entry.entryId}`);
      continue;
    }
    const storedEntryItem = stored.Item as unknown as EntryItem;
    const mine = entryItemOf(
      companyId,
      entry,
      storedEntryItem.entryNumber,
      books.resolve.refs,
      storedEntryItem.createdAt,
    );
    const timestamps = new Set(['createdAt', 'updatedAt']);
    const label = (what: string) => `${doc.posting.sourceKey} ${what}`;
    itemDifferences.push(
      ...differences(stored.Item, storedEntry(companyId, mine), timestamps).map(
        (d) => `${label('entry')} ${d}`,
      ),
    );
    itemsCompared++;
    for (const line of mine.lines) {
      const l = ledgerLineItem(companyId, mine, line);
      const got = await db.send(
        new GetCommand({ TableName: TABLE, Key: { pk: l.pk, sk: l.sk }, ConsistentRead: true }),
      );
      itemDifferences.push(
        ...differences(got.Item ?? null, l, timestamps).map((d) => `${label('line')} ${d}`),
      );
      itemsCompared++;
      addToAggregates(expected, mine.entryDate, line, books.resolve.refs, 1);
      addToAggregates(books.aggregates, mine.entryDate, line, books.resolve.refs, 1);
    }
    const s = stateItem(companyId, state(''));
    const gotState = await db.send(
      new GetCommand({ TableName: TABLE, Key: { pk: s.pk, sk: s.sk }, ConsistentRead: true }),
    );
    itemDifferences.push(
      ...differences(gotState.Item ?? null, s, timestamps).map((d) => `${label('state')} ${d}`),
    );
    itemsCompared++;
  }

  // Every aggregate item: its change (after − before) against the builder's deltas; the attributes
  // the engine SETs against the builder's item.
  const aggregateDifferences: string[] = [];
  const expectedBySk = new Map(
    [...expected.values()].map((d) => [
      keys.ledgerAggregate(companyId, d.year, d.level, d.month, 'N', d.accountCode).sk,
      d,
    ]),
  );
  let changed = 0;
  for (const sk of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(sk);
    const a = after.get(sk);
    const d = expectedBySk.get(sk);
    const delta = (k: (typeof NUMBERS)[number]) => Number(a?.[k] ?? 0) - Number(b?.[k] ?? 0);
    const moved = NUMBERS.some((k) => delta(k) !== 0);
    if (moved) changed++;
    for (const k of NUMBERS) {
      if (delta(k) !== (d?.[k] ?? 0))
        aggregateDifferences.push(`${sk} ${k}: changed by ${delta(k)}, builder ${d?.[k] ?? 0}`);
    }
    if (a && d) {
      const mine = aggregateItem(companyId, d);
      for (const k of Object.keys(mine))
        if (!NUMBERS.includes(k as (typeof NUMBERS)[number]) && a[k] !== mine[k])
          aggregateDifferences.push(`${sk} ${k}: ${JSON.stringify(a[k])} against ${JSON.stringify(mine[k])}`);
    }
  }
  return {
    posted,
    wallMs,
    aggregatesChanged: changed,
    aggregateDifferences: aggregateDifferences.slice(0, 40),
    itemsCompared,
    itemDifferences: itemDifferences.slice(0, 40),
  };
}

// --- 4. full recompute -----------------------------------------------------------------------------

async function recompute(
  db: DynamoDBDocumentClient,
  companyId: string,
  documents: number,
): Promise<RecomputeCheck> {
  let peakRss = process.memoryUsage().rss;
  const t0 = performance.now();
  const entries: RecomputeEntry[] = [];
  const k = keys.journalByDatePartition(companyId);
  let pages = 0;
  let itemsRead = 0;
  let start: Item | undefined;
  do {
    const res = await db.send(
      new QueryCommand({
        TableName: TABLE,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': k.gsi1pk, ':from': `${YEAR}-01-01`, ':to': `${YEAR}-12-31#~` },
        ExclusiveStartKey: start,
      }),
    );
    pages++;
    for (const i of res.Items ?? []) {
      itemsRead++;
      const e = i as unknown as EntryItem;
      entries.push({
        entryDate: e.entryDate,
        kind: e.kind,
        lines: e.lines.map((l) => ({
          accountCode: l.accountCode,
          debitCents: l.debitCents,
          creditCents: l.creditCents,
        })),
      });
    }
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    start = res.LastEvaluatedKey;
  } while (start);
  // Sub-accounts roll up into the PGC account the chart names as their parent.
  const chart = await listChartAccounts(deps, companyId);
  const parents = new Map(
    chart.filter((a) => a.level === 'SUBACCOUNT').map((a) => [a.accountCode, a.parentCode]),
  );
  const readMs = performance.now() - t0;
  const layouts: RecomputeCheck['layouts'] = [];
  let computeMs = 0;
  for (const layout of LAYOUTS) {
    const t = performance.now();
    const mine = recomputeFromEntries(entries, {
      companyId,
      balanceDate: `${YEAR}-12-31`,
      fromDate: `${YEAR}-01-01`,
      toDate: `${YEAR}-12-31`,
      layout,
      parentOf: (code) => parents.get(code) ?? null,
      accountName: namer('PYMES'),
    });
    computeMs += performance.now() - t;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const [bs, pnl] = await Promise.all([
      balanceSheetOf(companyId, layout),
      incomeStatementOf(companyId, layout),
    ]);
    const ignore = new Set(['itemsRead']);
    const categories = (b: BalanceSheet) => [
      ...b.assets.current,
      ...b.assets.nonCurrent,
      ...b.liabilities.current,
      ...b.liabilities.nonCurrent,
      ...b.equity.items,
    ];
    layouts.push({
      layout,
      balanceLines: bs.lines.length,
      balanceAccounts: categories(bs).reduce((n, c) => n + c.accounts.length, 0),
      pnlLines: pnl.lines.length,
      pnlAccounts: pnl.accounts.length,
      differences: [
        ...differences(bs, mine.balanceSheet, ignore).map((d) => `balance sheet ${d}`),
        ...differences(pnl, mine.incomeStatement, ignore).map((d) => `P&L ${d}`),
      ],
      totalAssetsCents: bs.totalAssetsCents,
      resultCents: pnl.resultCents,
      isBalanced: bs.isBalanced && mine.balanceSheet.isBalanced,
    });
  }
  return {
    companyId,
    documents,
    entries: entries.length,
    pages,
    itemsRead,
    readMs,
    computeMs: computeMs / LAYOUTS.length,
    peakRssMb: peakRss / 2 ** 20,
    layouts,
  };
}

// --- engine and the run ----------------------------------------------------------------------------

async function main(): Promise<void> {
  const outFile = env.BENCH_ACCOUNTING_OUT;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadra-bench-accounting-'));
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
  const output: BenchOutput = { year: YEAR };
  try {
    for (const [name, n] of Object.entries({ DOCUMENTS, SAMPLES }))
      if (!Number.isInteger(n) || n < 1)
        throw new Error(`BENCH_ACCOUNTING ${name}: ${n} is not a positive integer`);
    if (!Number.isInteger(ENGINE_SAMPLE) || ENGINE_SAMPLE < 1 || ENGINE_SAMPLE * 2 > DOCUMENTS)
      throw new Error(`BENCH_ACCOUNTING_ENGINE_SAMPLE: ${ENGINE_SAMPLE} must be 1 to half the documents`);
    const dynamo = await startDynamoDbLocal({ dataDir, logFile: path.join(dataDir, 'dynamodb.log') });
    stops.push(() => dynamo.stop());
    Object.assign(process.env, {
      AWS_REGION: REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      [envNames.table]: TABLE,
      [envNames.appUrl]: APP_URL,
      [envNames.logLevel]: env.BENCH_ACCOUNTING_LOG_LEVEL ?? 'silent',
    });
    await ensureTable(new DynamoDBClient({}), TABLE, tableDefinition);
    const db = ddb();
    progress('engine started');

    await seedPeople(db);
    const small = await seedBooks(db, SMALL, SMALL_DOCUMENTS, 0);
    output.smallSeed = small.figures;
    progress('small company seeded');
    const big = await seedBooks(db, BIG, DOCUMENTS, ENGINE_SAMPLE);
    progress(
      `${DOCUMENTS - big.sample.length} postings and ${big.figures.aggregateItems} aggregate items written in ${(big.figures.wallMs / 1000).toFixed(1)} s`,
    );
    output.engine = await engineSample(db, BIG, big);
    // The figures of the whole books (the sample included).
    const levels = (level: 'C' | 'S') =>
      new Set([...big.aggregates.values()].filter((d) => d.level === level).map((d) => d.accountCode)).size;
    output.seed = { ...big.figures, pgcAccounts: levels('C'), subAccounts: levels('S') };
    progress(`${output.engine.posted} documents posted through applyDesiredPosting`);

    output.getItem = await measure(SAMPLES, WARMUP, () =>
      db.send(new GetCommand({ TableName: TABLE, Key: keys.accountingSettings(BIG), ConsistentRead: true })),
    );
    let bsItems = Number.NaN;
    const bs = await measure(
      SAMPLES,
      WARMUP,
      () => balanceSheetOf(BIG),
      (r) => {
        bsItems = r.itemsRead;
      },
    );
    output.balanceSheet = {
      ...bs,
      itemsRead: bsItems,
      smallItemsRead: (await balanceSheetOf(SMALL)).itemsRead,
    };
    let pnlItems = Number.NaN;
    const pnl = await measure(
      SAMPLES,
      WARMUP,
      () => incomeStatementOf(BIG),
      (r) => {
        pnlItems = r.itemsRead;
      },
    );
    output.incomeStatement = {
      ...pnl,
      itemsRead: pnlItems,
      smallItemsRead: (await incomeStatementOf(SMALL)).itemsRead,
    };
    progress('reports measured');

    output.recompute = [];
    for (const [companyId, documents] of [
      [BIG, DOCUMENTS],
      [SMALL, SMALL_DOCUMENTS],
    ] as const) {
      const r = await recompute(db, companyId, documents);
      output.recompute.push(r);
      progress(`recomputed ${companyId}: ${r.entries} entries in ${(r.readMs / 1000).toFixed(1)} s`);
    }
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
