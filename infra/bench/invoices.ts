/**
 * `npm run bench` (part 2, issue #4 item 14): the invoices handler in process against a real
 * DynamoDB Local — warm p50/p99 of the list of 20 invoices, of a single invoice and of confirming
 * a draft — next to a bare GetItem through the same document client, measured in the same run
 * (the ratio cancels the machine's speed). Then the number of items read to get one quarter's tax
 * aggregates after a quarter of confirmed invoices (reference/performance.md P5, P6 and P9). Last
 * (issue #11 item 10), the same lists for a second company with 100,000 invoices written straight
 * into the table with BatchWrite and counted by the counters' backfill: the list's total comes from
 * counters, so a page of 20 costs the same at 300 or 100,000 invoices.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  type BatchWriteCommandOutput,
  GetCommand,
  PutCommand,
} from '@aws-sdk/lib-dynamodb';
import { invoicesActions } from '@functions/domains/invoices/handler';
import type { InvoicesDeps } from '@functions/domains/invoices/store/deps';
import { countInRange, recomputeInvoiceCounts } from '@functions/domains/invoices/store/invoice-counts';
import { datePage } from '@functions/domains/invoices/store/invoice-pages';
import { invoiceItem } from '@functions/domains/invoices/store/invoices';
import { readPeriodAggregates } from '@functions/lib/tax-aggregates';
import { ddb } from '@functions/platform/aws/dynamodb';
import { createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import type { RouteId } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import { type Company, companyItem, membershipItem } from '@shared/db/records';
import { tableDefinition } from '@shared/db/table';
import type { Invoice } from '@shared/schemas/invoices';
import { startDynamoDbLocal } from '../local/engines/dynamodb-local';
import { ensureTable } from '../local/engines/dynamodb-table';
import { LOCAL_VERIFACTU_PRODUCER } from '../local/env';
import { envNames } from '../manifest';

const TABLE = 'cuadra-bench';
const COMPANY = 'bench-co';
/** A second company with years of invoices, written straight into the table (issue #11 item 10). */
const BIG_COMPANY = 'bench-big-co';
const USER = 'bench-user';
/** Invoices confirmed before measuring: one busy quarter of a small business. */
const SEEDED = Number(process.env.BENCH_INVOICES ?? 300);
/** The big company's invoices (BatchWrite, not through the API); 0 skips its lines. */
const BIG_SEEDED = Number(process.env.BENCH_BIG_INVOICES ?? 100_000);
/** Its invoices spread over these days, ending on 2026-03-31 (about six years). */
const BIG_DAYS = 2190;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
/** reference/performance.md P5: warm p99 against DynamoDB Local. */
const P99_SINGLE_MS = 25;
const P99_LIST_MS = 60;

const company: Company = {
  companyId: COMPANY,
  name: 'Banco de Pruebas SL',
  nif: 'B12345674',
  companyType: 'SL',
  isActive: true,
  siiEnabled: false,
  verifactuEnabled: false,
  address: {
    street: 'Calle Mayor 1',
    postalCode: '46001',
    city: 'Valencia',
    province: 'Valencia',
    country: 'ES',
  },
  fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: false, redeme: false },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: USER,
};

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/** Day `n` (0-based) of 2026-Q1 as an ISO date: a series only moves forward in time. */
const dayOfQuarter = (n: number) =>
  new Date(Date.UTC(2026, 0, 1 + Math.min(n, 89))).toISOString().slice(0, 10);

const invoiceBody = (i: number, invoiceDate: string) => ({
  invoiceType: 'F1',
  invoiceDate,
  customer: {
    nif: '12345678Z',
    name: `Cliente ${i % 40}`,
    address: 'Avenida del Puerto 10',
    postalCode: '46023',
    city: 'Valencia',
    country: 'ES',
  },
  invoiceLines: [
    { description: 'Servicio mensual', quantity: 1 + (i % 5), unitPriceCents: 12_345 + i, vatRateBp: 2100 },
    { description: 'Material', quantity: '2.5', unitPriceCents: 1999, vatRateBp: 1000, discountBp: 500 },
  ],
  irpfRateBp: i % 4 === 0 ? 1500 : undefined,
});

interface Timing {
  p50: number;
  p99: number;
}

const BATCH_WRITE_MAX = 25;

/** Writes BIG_SEEDED copies of `sample` for BIG_COMPANY straight into the table (8 BatchWrites in flight). */
async function seedBig(db: ReturnType<typeof ddb>, sample: Invoice): Promise<void> {
  const last = Date.UTC(2026, 2, 31);
  const itemOf = (i: number) => {
    const invoiceDate = new Date(last - Math.floor((i * BIG_DAYS) / BIG_SEEDED) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const invoiceId = `big${i}`;
    return invoiceItem({
      ...sample,
      companyId: BIG_COMPANY,
      invoiceId,
      invoiceDate,
      number: i + 1,
      invoiceNumber: `B-${i + 1}`,
    });
  };
  let next = 0;
  const worker = async () => {
    while (next < BIG_SEEDED) {
      const start = next;
      next = Math.min(BIG_SEEDED, next + BATCH_WRITE_MAX);
      let pending: NonNullable<BatchWriteCommandOutput['UnprocessedItems']>[string] | undefined = [];
      for (let i = start; i < next; i++) pending.push({ PutRequest: { Item: itemOf(i) } });
      for (let attempt = 0; pending && pending.length > 0; attempt++) {
        if (attempt > 10) throw new Error('BatchWrite: unprocessed items after 10 retries');
        const res: BatchWriteCommandOutput = await db.send(
          new BatchWriteCommand({ RequestItems: { [TABLE]: pending } }),
        );
        pending = res.UnprocessedItems?.[TABLE];
        if (pending?.length) await new Promise((r) => setTimeout(r, 10 * 2 ** attempt));
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

export async function benchInvoices(): Promise<{ lines: string[]; ok: boolean }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadra-bench-'));
  const dynamo = await startDynamoDbLocal({ dataDir, logFile: path.join(dataDir, 'dynamodb.log') });
  try {
    // The pipeline's membership check uses the platform's client, configured like the local cloud does.
    Object.assign(process.env, {
      AWS_REGION: 'eu-west-1',
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      // Confirming builds the VeriFacTu registro de alta (the company is not in the SII): the
      // producer of the software goes into its SistemaInformatico.
      [envNames.verifactuProducerNif]: LOCAL_VERIFACTU_PRODUCER.nif,
      [envNames.verifactuProducerName]: LOCAL_VERIFACTU_PRODUCER.name,
    });
    await ensureTable(new DynamoDBClient({}), TABLE, tableDefinition);
    const db = ddb();
    let ids = 0;
    const deps: InvoicesDeps = {
      db,
      table: TABLE,
      now: () => new Date('2026-04-02T10:00:00.000Z'),
      newId: () => `b${++ids}`,
    };
    process.env.TABLE_NAME = TABLE;
    process.env.LOG_LEVEL ??= 'silent';
    const handler = createApiHandler('invoices', invoicesActions, () => deps);
    const call = async (
      routeId: RouteId,
      o: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
      companyId = COMPANY,
    ) => {
      const res = readResponse(
        await handler(
          apiEvent({
            routeId,
            ...o,
            claims: { sub: USER, groups: ['GESTOR'] },
            headers: { 'x-company-id': companyId },
          }),
          lambdaContext(),
        ),
      );
      if (res.status >= 300)
        throw new Error(`${routeId}: ${res.status} ${JSON.stringify(res.envelope.error)}`);
      return res.envelope.data as Record<string, unknown>;
    };

    for (const companyId of [COMPANY, BIG_COMPANY]) {
      await db.send(new PutCommand({ TableName: TABLE, Item: companyItem({ ...company, companyId }) }));
      await db.send(
        new PutCommand({
          TableName: TABLE,
          Item: membershipItem({
            companyId,
            userId: USER,
            companyRole: 'GESTOR',
            permissions: [],
            isActive: true,
            email: 'bench@cuadra.test',
            firstName: 'Banco',
            lastName: 'Pruebas',
            createdAt: company.createdAt,
            updatedAt: company.createdAt,
          }),
        }),
      );
    }
    await call('invoiceSeries.create', { body: { code: 'B', purpose: 'ORDINARY', isDefault: true } });

    // A quarter of confirmed invoices, then drafts to confirm while measuring.
    let sample: Invoice | undefined;
    for (let i = 0; i < SEEDED; i++)
      sample = (await call('invoices.createAndConfirm', {
        query: { series: 'B' },
        body: invoiceBody(i, dayOfQuarter(Math.floor((i * 89) / SEEDED))),
      })) as unknown as Invoice;
    const drafts: string[] = [];
    for (let i = 0; i < SAMPLES; i++)
      drafts.push(
        String(
          (await call('invoices.create', { body: invoiceBody(SEEDED + i, dayOfQuarter(89)) })).invoiceId,
        ),
      );
    const someId = drafts[0]!;

    const time = async (fn: () => Promise<unknown>) => {
      const t = performance.now();
      await fn();
      return performance.now() - t;
    };
    const measure = async (fn: (i: number) => Promise<unknown>) => {
      for (let i = 0; i < 20; i++) await fn(i); // warm-up
      const xs: number[] = [];
      for (let i = 0; i < SAMPLES; i++) xs.push(await time(() => fn(i)));
      return { p50: percentile(xs, 50), p99: percentile(xs, 99) };
    };

    const getItem = await measure(() =>
      db.send(new GetCommand({ TableName: TABLE, Key: keys.invoice(COMPANY, someId), ConsistentRead: true })),
    );
    const single = await measure(() => call('invoices.get', { params: { invoiceId: someId } }));
    const list = await measure(() => call('invoices.list', { query: { page: '0', size: '20' } }));
    const listQuarter = await measure(() =>
      call('invoices.list', { query: { page: '0', size: '20', from: '2026-01-01', to: '2026-03-31' } }),
    );
    // Where the list's time goes: the page Query and its total from the counters, on their own.
    const pageQuery = await measure(() => datePage(deps, COMPANY, { dir: 'desc', page: 0, size: 20 }));
    const countRead = await measure(() => countInRange(deps, COMPANY));
    const countQuarter = await measure(() => countInRange(deps, COMPANY, '2026-01-01', '2026-03-31'));
    let next = 0;
    const confirm = await measure(async () => {
      const id = drafts[next++];
      if (id) await call('invoices.confirm', { params: { invoiceId: id }, query: { series: 'B' } });
      else await call('invoices.get', { params: { invoiceId: someId } });
    });
    const aggregates = await readPeriodAggregates({ db, table: TABLE }, COMPANY, '2026-Q1');

    // The big company: BIG_SEEDED invoices written with BatchWrite (copies of a confirmed one, dated
    // over BIG_DAYS days), its counters set by the backfill (recomputeInvoiceCounts), then the same
    // lists measured against the same GetItem baseline.
    let big:
      | { seedMs: number; backfillMs: number; total: number; list: Timing; listQuarter: Timing }
      | undefined;
    if (BIG_SEEDED > 0 && sample) {
      const seedMs = await time(() => seedBig(db, sample!));
      const backfillMs = await time(() => recomputeInvoiceCounts(deps, BIG_COMPANY));
      const first = await call('invoices.list', { query: { page: '0', size: '20' } }, BIG_COMPANY);
      const bigList = await measure(() =>
        call('invoices.list', { query: { page: '0', size: '20' } }, BIG_COMPANY),
      );
      const bigQuarter = await measure(() =>
        call(
          'invoices.list',
          { query: { page: '0', size: '20', from: '2026-01-01', to: '2026-03-31' } },
          BIG_COMPANY,
        ),
      );
      big = {
        seedMs,
        backfillMs,
        total: Number(first.totalElements),
        list: bigList,
        listQuarter: bigQuarter,
      };
    }

    const row = (name: string, m: { p50: number; p99: number }, limit?: number) => {
      const ok = limit === undefined || m.p99 <= limit;
      return {
        ok,
        text: `${name.padEnd(44)} p50 ${m.p50.toFixed(1).padStart(6)} ms  p99 ${m.p99.toFixed(1).padStart(6)} ms  x GetItem p50 ${(m.p50 / getItem.p50).toFixed(1).padStart(5)}  ${limit === undefined ? '' : ok ? `ok (p99 <= ${limit} ms)` : `FAIL (p99 > ${limit} ms)`}`,
      };
    };
    const rows = [
      row('GetItem, same client (baseline)', getItem),
      row('GET invoices/{id}', single, P99_SINGLE_MS),
      row('GET invoices?size=20', list, P99_LIST_MS),
      row('GET invoices?size=20&from..to (quarter)', listQuarter, P99_LIST_MS),
      row('  of which: Query of the page (Limit 20)', pageQuery),
      row('  of which: total from the counters', countRead),
      row('  of which: quarter total from the counters', countQuarter),
      row('POST invoices/{id}/confirm', confirm),
      ...(big
        ? [
            row(`GET invoices?size=20 at ${BIG_SEEDED} invoices`, big.list, P99_LIST_MS),
            row(`GET ...&from..to (quarter) at ${BIG_SEEDED}`, big.listQuarter, P99_LIST_MS),
          ]
        : []),
    ];
    const bigOk = !big || big.total === BIG_SEEDED;
    const lines = [
      `Invoices in process against DynamoDB Local (${SEEDED} confirmed invoices in 2026-Q1, ${SAMPLES} samples, warm):`,
      ...rows.map((r) => `  ${r.text}`),
      `  Quarter tax aggregates 2026-Q1: ${aggregates.itemsRead} items read (instead of ${SEEDED + SAMPLES} invoices)`,
      ...(big
        ? [
            `  ${BIG_SEEDED} invoices of a second company: BatchWrite ${(big.seedMs / 1000).toFixed(1)} s, counters backfill ${(big.backfillMs / 1000).toFixed(1)} s, list total ${big.total} ${bigOk ? 'ok' : `FAIL (expected ${BIG_SEEDED})`}`,
          ]
        : []),
    ];
    return { lines, ok: bigOk && rows.every((r) => r.ok) };
  } finally {
    await dynamo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
