import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DeleteCommandInput,
  DynamoDBDocumentClient,
  PutCommand,
  type PutCommandInput,
  QueryCommand,
  type QueryCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { aggregateUpdateItems } from '@functions/lib/tax-aggregates';
import { FakeAggregateTable } from '@functions/lib/tax-aggregates/testing/aggregate-items';
import { createLogger } from '@functions/platform/logger';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import { AGGREGATE_GRAMMAR_VERSION } from '@shared/fiscal/aggregate-keys';
import { type PaymentForAggregates, paymentContributions } from '@shared/fiscal/payment-aggregates';
import { toReceivedForAggregates } from '@shared/fiscal/received-invoice-totals';
import { receivedPaymentContributions } from '@shared/fiscal/received-payment-aggregates';
import { issuedContribution, receivedContribution } from '@shared/fiscal/tax-aggregates';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import { mockClient } from 'aws-sdk-client-mock';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  backfillAggregates,
  recomputeAll,
  recomputeCompany,
  recomputeCompanyFromTable,
} from './recompute-aggregates';

type StoredItem = Record<string, unknown>;

useEnv({ TABLE_NAME: 'cuadra-test', AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });

const CO = 'co-1';
const TABLE = 'cuadra-test';
const db = mockClient(DynamoDBDocumentClient);
const deps = { db: testDocumentClient(), table: TABLE };
const log = createLogger();

const group = (operation: string, vatRateBp: number, baseCents: number) => ({
  operation,
  vatRateBp,
  recargoRateBp: 0,
  baseCents,
  vatCents: (baseCents * vatRateBp) / 10_000,
  recargoCents: 0,
});

/** A stored issued invoice item (what the gsi1 Query returns). */
const issued = (id: string, status: string, invoiceDate: string, over: Record<string, unknown> = {}) => {
  const breakdown = [group('S1', 2100, 10_000), group('E1', 0, 3_000)];
  return {
    ...keys.invoice(CO, id),
    ...keys.invoiceByDate(CO, invoiceDate, id),
    entity: 'Invoice',
    v: 1,
    invoiceId: id,
    companyId: CO,
    invoiceType: 'F1',
    status,
    invoiceDate,
    customer: { customerId: null, name: 'Cliente SL', taxId: 'B12345674', country: 'ES' },
    breakdown,
    totals: { baseCents: 13_000, vatCents: 2_100, recargoCents: 0, irpfCents: 1_950, totalCents: 13_150 },
    ...over,
  };
};

const received = (id: string, accountingDate: string, over: Record<string, unknown> = {}) => ({
  ...keys.receivedInvoice(CO, id),
  ...keys.receivedInvoiceByDate(CO, accountingDate, id),
  entity: 'ReceivedInvoice',
  v: 1,
  receivedInvoiceId: id,
  companyId: CO,
  supplier: { supplierId: null, name: 'Proveedor SA', taxId: 'A11111111', country: 'ES' },
  issueDate: accountingDate,
  accountingDate,
  totals: {
    baseCents: 1_000,
    vatCents: 210,
    supplierVatCents: 210,
    selfAssessedVatCents: 0,
    importVatCents: 0,
    deductibleVatCents: 210,
    recargoCents: 0,
    irpfCents: 0,
    totalCents: 1_210,
    lineBasesCents: [1_000],
    breakdown: [
      {
        kind: 'DOMESTIC',
        vatRateBp: 2100,
        recargoRateBp: 0,
        deductibleBp: 10_000,
        investmentGoods: false,
        baseCents: 1_000,
        vatCents: 210,
        recargoCents: 0,
        deductibleVatCents: 210,
      },
    ],
  },
  ...over,
});

const confirmed = issued('a', 'CONFIRMED', '2026-01-20');
const paid = issued('b', 'CONFIRMED', '2026-04-02', { paymentStatus: 'PAID' });
const cancelledInv = issued('c', 'CANCELLED', '2026-02-03');
const draft = issued('d', 'DRAFT', '2026-02-04');
const rectificativa = issued('r', 'CONFIRMED', '2026-02-10', {
  invoiceType: 'R1',
  breakdown: [group('S1', 2100, 8_000)],
  totals: { baseCents: 8_000, vatCents: 1_680, recargoCents: 0, irpfCents: 0, totalCents: 9_680 },
  rectification: {
    method: 'SUBSTITUTION',
    reason: 'Precio',
    rectified: [{ invoiceId: 'a', breakdown: confirmed.breakdown, totals: confirmed.totals }],
  },
});
const rec1 = received('x', '2026-03-01');
const recDeleted = received('y', '2026-03-02', { status: 'DELETED' });

/** The aggregates as the write paths leave them: confirm +1, cancel −1, received +1. */
function writtenTable(): FakeAggregateTable {
  const t = new FakeAggregateTable();
  for (const inv of [confirmed, paid, cancelledInv, rectificativa]) {
    t.apply(aggregateUpdateItems(TABLE, CO, issuedContribution(inv as never, 1)));
  }
  t.apply(aggregateUpdateItems(TABLE, CO, issuedContribution(cancelledInv as never, -1)));
  t.apply(
    aggregateUpdateItems(
      TABLE,
      CO,
      receivedContribution(toReceivedForAggregates(rec1 as unknown as ReceivedInvoice), 1),
    ),
  );
  return t;
}

/** The stored numbers by sort key, without the all-zero items (as readAllAggregateItems reads them). */
const storedNums = (t: FakeAggregateTable) => {
  const out = new Map<string, Record<string, number>>();
  for (const i of t.items.values()) {
    const nums = Object.fromEntries(
      Object.entries(i).filter(([k, v]) => typeof v === 'number' && k !== 'v') as [string, number][],
    );
    if (Object.values(nums).some((n) => n !== 0)) out.set(String(i.sk), nums);
  }
  return out;
};

describe('recomputeCompany', () => {
  const books = {
    issued: [confirmed, paid, cancelledInv, draft, rectificativa],
    received: [rec1, recDeleted],
  };

  it('agrees to the cent with what the writes stored (cancelled, drafts and deleted contribute nothing)', () => {
    const t = writtenTable();
    const stored = storedNums(t);
    const r = recomputeCompany(CO, books, stored);
    expect(r.differences).toEqual([]);
    expect(r).toMatchObject({ result: 'OK', issuedInvoices: 3, receivedInvoices: 1 });
    expect(r.itemsCompared).toBe(stored.size);
  });

  it('reports every differing field of every item, stored and recomputed', () => {
    const t = writtenTable();
    const stored = storedNums(t);
    const sk = keys.taxAggregate(CO, 'Q', '2026-Q1', 'ISSUED', 'K', 'S1|2100|0|ES|0|G').sk;
    stored.set(sk, { ...stored.get(sk)!, vatCents: stored.get(sk)!.vatCents! + 1 });
    const forgotten = keys.taxAggregate(CO, 'M', '2026-03', 'RECEIVED', 'K', 'DOMESTIC|2100|0|C|0').sk;
    stored.delete(forgotten);
    const r = recomputeCompany(CO, books, stored);
    expect(r.result).toBe('DIFFERENCES');
    expect(r.differences).toContainEqual({
      sk,
      field: 'vatCents',
      storedCents: 1_681,
      recomputedCents: 1_680,
    });
    expect(
      r.differences.filter((d) => d.sk === forgotten).map((d) => [d.field, d.storedCents, d.recomputedCents]),
    ).toEqual([
      ['baseCents', 0, 1_000],
      ['count', 0, 1],
      ['deductibleBaseCents', 0, 1_000],
      ['deductibleVatCents', 0, 210],
      ['totalCents', 0, 1_210],
      ['vatCents', 0, 210],
    ]);
  });
});

const AGG_PK = `COMPANY#${CO}#TAXAGG`;

/** The check item of a company already on the current grammar (report-only behaviour). */
const currentGrammar = (t: FakeAggregateTable, companyId: string) =>
  t.items.set(`check-${companyId}`, {
    ...keys.taxAggregateCheck(companyId),
    entity: 'AggregateCheck',
    grammarVersion: AGGREGATE_GRAMMAR_VERSION,
  });

/**
 * The table as grammar v1 left it: VAT keys without region, marker and regime (received: without
 * marker), no deductible base, counterparties per quarter only and without operation key.
 */
function asV1(t: FakeAggregateTable): FakeAggregateTable {
  const v1 = new FakeAggregateTable();
  for (const item of t.items.values()) {
    const sk = String(item.sk);
    if (item.pk !== AGG_PK) continue;
    if (item.entity === 'CounterpartyAggregate') {
      if (sk.startsWith('M#')) continue;
      const oldSk = sk.replace(/#C#([^|#]*)\|[^#]*/, '#C#$1');
      const id = `${AGG_PK}\u0000${oldSk}`;
      const cur = v1.items.get(id) ?? {
        ...item,
        sk: oldSk,
        baseCents: 0,
        vatCents: 0,
        totalCents: 0,
        count: 0,
      };
      for (const f of ['baseCents', 'vatCents', 'totalCents', 'count'])
        cur[f] = (cur[f] as number) + (item[f] as number);
      delete cur.opKey;
      v1.items.set(id, cur);
      continue;
    }
    const taxKey = String(item.taxKey ?? '');
    const oldKey =
      item.section === 'KEY' && taxKey !== 'IRPF'
        ? taxKey
            .split('|')
            .slice(0, item.book === 'ISSUED' ? 3 : 4)
            .join('|')
        : taxKey;
    const oldSk = sk.replace(`#K#${taxKey}`, `#K#${oldKey}`);
    const { deductibleBaseCents: _d, ...rest } = item;
    v1.items.set(`${AGG_PK}\u0000${oldSk}`, {
      ...rest,
      sk: oldSk,
      ...(item.section === 'KEY' ? { taxKey: oldKey } : {}),
    });
  }
  return v1;
}

describe('recomputeAll (schedule)', () => {
  let table: FakeAggregateTable;
  let issuedBook: Record<string, unknown>[];
  const route = () => {
    db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      const pk = input.ExpressionAttributeValues?.[':pk'];
      if (input.IndexName === 'gsi2' && pk === keys.companyDirectory().gsi2pk) {
        return { Items: [{ companyId: CO }, { companyId: 'co-empty' }] };
      }
      if (input.IndexName === 'gsi1' && pk === keys.invoiceByDatePartition(CO).gsi1pk) {
        return { Items: issuedBook };
      }
      if (input.IndexName === 'gsi1' && pk === keys.receivedInvoiceByDatePartition(CO).gsi1pk) {
        return { Items: [rec1, recDeleted] };
      }
      if (!input.IndexName) return table.query(input);
      return { Items: [] };
    });
    db.on(PutCommand).callsFake((input: PutCommandInput) => {
      const item = input.Item as Record<string, unknown>;
      table.items.set(`${item.pk}\u0000${item.sk}`, item);
      return {};
    });
    // The repair's ADDs reach the aggregates partition; the invoice counters are not modelled.
    db.on(UpdateCommand).callsFake((input: UpdateCommandInput) => {
      if (
        (input.Key as { pk: string }).pk === AGG_PK ||
        String((input.Key as { pk: string }).pk).endsWith('#TAXAGG')
      )
        table.apply([{ Update: input as never }]);
      return {};
    });
    db.on(DeleteCommand).callsFake((input: DeleteCommandInput) => {
      const key = input.Key as { pk: string; sk: string };
      const id = `${key.pk}\u0000${key.sk}`;
      const item = table.items.get(id);
      const names = Object.values(input.ExpressionAttributeNames ?? {});
      if (item && names.some((n) => (item[n] ?? 0) !== 0)) {
        throw new ConditionalCheckFailedException({ message: 'not empty', $metadata: {} });
      }
      table.items.delete(id);
      return {};
    });
  };
  beforeEach(() => {
    db.reset();
    table = writtenTable();
    issuedBook = [confirmed, paid, cancelledInv, draft, rectificativa];
    route();
  });

  const ctx = { log, now: new Date('2026-05-01T01:00:00.000Z'), remainingMs: () => 600_000 };
  const books = () => ({ issued: issuedBook as StoredItem[], received: [rec1, recDeleted] as StoredItem[] });
  /** The aggregate items' numbers (without the check item). */
  const storedOf = (t: FakeAggregateTable) => {
    const only = new FakeAggregateTable();
    for (const [k, i] of t.items) if (i.entity !== 'AggregateCheck') only.items.set(k, i);
    return storedNums(only);
  };

  it('finds the companies on the directory index (no Scan) and records an OK check per company', async () => {
    currentGrammar(table, CO);
    currentGrammar(table, 'co-empty');
    const out = await recomputeAll(deps, ctx, 0);
    expect(out).toEqual({
      checked: 2,
      repaired: 0,
      countersCorrected: 0,
      withDifferences: 0,
      failed: 0,
      skipped: 0,
    });
    const puts = db.commandCalls(PutCommand).map((c) => c.args[0].input.Item!);
    expect(puts).toHaveLength(2);
    expect(puts[0]).toMatchObject({
      ...keys.taxAggregateCheck(CO),
      entity: 'AggregateCheck',
      v: 1,
      result: 'OK',
      checkedAt: '2026-05-01T01:00:00.000Z',
      issuedInvoices: 3,
      receivedInvoices: 1,
      differenceCount: 0,
      differences: [],
      grammarVersion: AGGREGATE_GRAMMAR_VERSION,
    });
    expect(puts[1]).toMatchObject({ companyId: 'co-empty', result: 'OK', itemsCompared: 0 });
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('checks a company on the current grammar twice before reporting differences, and never repairs it', async () => {
    currentGrammar(table, CO);
    currentGrammar(table, 'co-empty');
    const sk = keys.taxAggregate(CO, 'Q', '2026-Q2', 'ISSUED', 'T', 'F1').sk;
    const item = [...table.items.values()].find((i) => i.sk === sk)!;
    item.count = 5;
    const out = await recomputeAll(deps, ctx, 0);
    expect(out).toMatchObject({ checked: 2, withDifferences: 1, repaired: 0 });
    // companies + (aggregates, issued, received) × 2 passes for co-1 + 3 for co-empty, then the
    // invoice counters of each company (counters, invoice dates, counters again).
    expect(db.commandCalls(QueryCommand)).toHaveLength(1 + 6 + 3 + 2 * 3);
    const put = db.commandCalls(PutCommand)[0]!.args[0].input.Item!;
    expect(put).toMatchObject({
      result: 'DIFFERENCES',
      differenceCount: 1,
      differences: [{ sk, field: 'count', storedCents: 5, recomputedCents: 1 }],
      grammarVersion: AGGREGATE_GRAMMAR_VERSION,
    });
    expect(item.count).toBe(5);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('stops before the timeout and counts the companies left', async () => {
    const out = await recomputeAll(deps, { ...ctx, remainingMs: () => 1_000 }, 0);
    expect(out).toEqual({
      checked: 0,
      repaired: 0,
      countersCorrected: 0,
      withDifferences: 0,
      failed: 0,
      skipped: 2,
    });
  });

  it('backfills a company with grammar v1 items: v2 items equal to a recompute, to the cent, and the version recorded', async () => {
    table = asV1(table);
    expect(recomputeCompany(CO, books(), storedOf(table)).result).toBe('DIFFERENCES');
    const out = await recomputeAll(deps, ctx, 0);
    expect(out).toMatchObject({ checked: 2, repaired: 1, withDifferences: 0, failed: 0 });
    const stored = storedOf(table);
    const r = recomputeCompany(CO, books(), stored);
    expect(r.differences).toEqual([]);
    // Nothing of v1 is left: the old keys were deleted once at zero (only the cancelled invoice's
    // own zeros, written before, stay).
    const old = [...table.items.values()].filter(
      (i) => i.entity !== 'AggregateCheck' && !stored.has(String(i.sk)),
    );
    for (const i of old)
      for (const [k, v] of Object.entries(i)) if (typeof v === 'number' && k !== 'v') expect(v).toBe(0);
    expect(table.items.has(`${AGG_PK}\u0000Q#2026-Q1#ISSUED#K#S1|2100|0`)).toBe(false);
    expect(table.items.has(`${AGG_PK}\u0000Q#2026-Q1#ISSUED#C#B12345674`)).toBe(false);
    expect(db.commandCalls(DeleteCommand).length).toBeGreaterThan(0);
    for (const i of table.items.values()) {
      if (i.entity === 'TaxAggregate' && i.section === 'KEY' && i.taxKey !== 'IRPF')
        expect(String(i.taxKey).split('|').length).toBeGreaterThanOrEqual(5);
      if (i.entity === 'CounterpartyAggregate') expect(i.opKey).toBeTruthy();
    }
    const check = table.items.get(`${AGG_PK}\u0000${keys.taxAggregateCheck(CO).sk}`)!;
    expect(check).toMatchObject({ result: 'OK', grammarVersion: AGGREGATE_GRAMMAR_VERSION });
    expect(check.repairedItems).toBeGreaterThan(0);
    // The next night: current grammar, report only, nothing written but the check.
    db.resetHistory();
    const again = await recomputeAll(deps, ctx, 0);
    expect(again).toMatchObject({ repaired: 0, withDifferences: 0 });
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('applies nothing while the books move between passes, and keeps the older version for the next run', async () => {
    table = asV1(table);
    const before = new Map([...table.items].map(([k, v]) => [k, { ...v }]));
    let reads = 0;
    const later = issued('z', 'CONFIRMED', '2026-04-09');
    db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      const pk = input.ExpressionAttributeValues?.[':pk'];
      if (input.IndexName === 'gsi1' && pk === keys.invoiceByDatePartition(CO).gsi1pk) {
        reads += 1;
        // Another invoice per pass: every pass sees a different book.
        return {
          Items: [
            ...issuedBook,
            ...Array.from({ length: reads }, (_, n) => ({ ...later, invoiceId: `z${n}` })),
          ],
        };
      }
      if (input.IndexName === 'gsi1') return { Items: [rec1, recDeleted] };
      if (input.IndexName === 'gsi2') return { Items: [{ companyId: CO }] };
      return table.query(input);
    });
    const r = await backfillAggregates(deps, CO, ctx.now, 0);
    expect(r.repairedItems).toBeUndefined();
    expect(r.result).toBe('DIFFERENCES');
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
    const check = table.items.get(`${AGG_PK}\u0000${keys.taxAggregateCheck(CO).sk}`)!;
    expect(check.grammarVersion).toBeUndefined();
    for (const [k, v] of before) expect(table.items.get(k)).toEqual(v);
  });
});

describe('aggregates of random books equal the recompute', () => {
  const customers = [
    { customerId: null, name: 'Cliente SL', taxId: 'B12345674', country: 'ES' },
    {
      customerId: null,
      name: 'Client SARL',
      taxId: { type: 'NIF_IVA', value: 'FR12345678901', country: 'FR' },
      country: 'FR',
    },
    { customerId: null, name: 'Inc', taxId: { type: 'OTHER', value: '1', country: 'US' }, country: 'US' },
    null,
  ];
  const groupArb = fc
    .record({
      operation: fc.constantFrom('S1', 'S1', 'E5', 'N2', 'E1'),
      vatRateBp: fc.constantFrom(2100, 1000),
      baseCents: fc.integer({ min: 1, max: 500_000 }),
    })
    .map((g) => {
      const vatRateBp = g.operation === 'S1' ? g.vatRateBp : 0;
      return {
        ...group(g.operation, vatRateBp, g.baseCents),
        vatCents: Math.round((g.baseCents * vatRateBp) / 10_000),
      };
    });
  const dayArb = fc.integer({ min: 0, max: 400 });
  const dateOf = (day: number) =>
    new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
  const invoiceArb = fc.record({
    day: dayArb,
    status: fc.constantFrom('CONFIRMED', 'CONFIRMED', 'CONFIRMED', 'CANCELLED', 'DRAFT'),
    customer: fc.constantFrom(...customers),
    breakdown: fc.array(groupArb, { minLength: 1, maxLength: 3 }),
    regime: fc.constantFrom('GENERAL', 'CRITERIO_CAJA'),
    series: fc.constantFrom('s-a', 's-b'),
    rectifies: fc.option(
      fc.record({
        method: fc.constantFrom('SUBSTITUTION', 'DIFFERENCES'),
        back: fc.integer({ min: 0, max: 120 }),
      }),
    ),
    payments: fc.array(
      fc.record({
        share: fc.integer({ min: 1, max: 100 }),
        // Up to two years and a half: some after the deadline (art. 163 terdecies.Dos LIVA).
        after: fc.integer({ min: 0, max: 900 }),
        method: fc.constantFrom('CASH', 'TRANSFER', 'CARD'),
        deleted: fc.boolean(),
        fix: fc.option(fc.integer({ min: 1, max: 100 })),
      }),
      { maxLength: 4 },
    ),
  });

  it('writes (confirm, cancel, payments and their corrections) leave exactly what the recompute gives', () => {
    fc.assert(
      fc.property(fc.array(invoiceArb, { maxLength: 10 }), (list) => {
        const t = new FakeAggregateTable();
        const issuedItems: Record<string, unknown>[] = [];
        const paymentItems: Record<string, unknown>[] = [];
        list.forEach((x, n) => {
          const id = `i${n}`;
          const date = dateOf(x.day);
          const totals = {
            baseCents: x.breakdown.reduce((s, g) => s + g.baseCents, 0),
            vatCents: x.breakdown.reduce((s, g) => s + g.vatCents, 0),
            recargoCents: 0,
            irpfCents: 0,
            totalCents: x.breakdown.reduce((s, g) => s + g.baseCents + g.vatCents, 0),
          };
          const rectification = x.rectifies
            ? {
                method: x.rectifies.method,
                reason: 'x',
                rectified: [
                  {
                    invoiceId: `old${n}`,
                    invoiceNumber: 'F-1',
                    invoiceDate: dateOf(Math.max(0, x.day - x.rectifies.back)),
                    invoiceType: 'F1',
                    breakdown: [x.breakdown[0]!],
                    totals: {
                      ...totals,
                      baseCents: x.breakdown[0]!.baseCents,
                      vatCents: x.breakdown[0]!.vatCents,
                      totalCents: x.breakdown[0]!.baseCents + x.breakdown[0]!.vatCents,
                    },
                  },
                ],
              }
            : null;
          const inv = issued(id, x.status, date, {
            invoiceType: rectification ? 'R1' : 'F1',
            customer: x.customer,
            breakdown: x.breakdown,
            totals,
            rectification,
            seriesId: x.series,
            issuer: { vatRegime: x.regime },
          });
          issuedItems.push(inv);
          if (x.status === 'DRAFT') return;
          // Confirm and cancel write the invoice with its payments' contributions (none yet:
          // under the criterio de caja, the uncollected VAT at the deadline).
          t.apply(
            aggregateUpdateItems(
              TABLE,
              CO,
              issuedContribution(inv as never, 1),
              ...paymentContributions(inv as never, [], 1),
            ),
          );
          if (x.status === 'CANCELLED') {
            t.apply(
              aggregateUpdateItems(
                TABLE,
                CO,
                issuedContribution(inv as never, -1),
                ...paymentContributions(inv as never, [], -1),
              ),
            );
            return;
          }
          // Payments, one write at a time: after(+1) − before(−1), as the payment writes do.
          let payments: PaymentForAggregates[] = [];
          let paidSoFar = 0;
          const write = (next: PaymentForAggregates[]) => {
            t.apply(
              aggregateUpdateItems(
                TABLE,
                CO,
                ...paymentContributions(inv as never, payments, -1),
                ...paymentContributions(inv as never, next, 1),
              ),
            );
            payments = next;
          };
          x.payments.forEach((p, k) => {
            const amount = Math.min(
              totals.totalCents - paidSoFar,
              Math.max(1, Math.floor((totals.totalCents * p.share) / 100)),
            );
            if (amount <= 0) return;
            paidSoFar += amount;
            const pay: PaymentForAggregates = {
              paymentId: `${id}-p${k}`,
              amountCents: amount,
              paidAt: dateOf(x.day + p.after),
              method: p.method,
              createdAt: `2027-01-01T00:00:${String(k).padStart(2, '0')}.000Z`,
            };
            write([...payments, pay]);
            if (p.fix) {
              const fixed = Math.min(totals.totalCents - paidSoFar + amount, p.fix * 100);
              paidSoFar += fixed - amount;
              write(
                payments.map((q) =>
                  q.paymentId === pay.paymentId ? { ...q, amountCents: fixed, method: 'CASH' } : q,
                ),
              );
            }
            if (p.deleted) {
              paidSoFar -= payments.find((q) => q.paymentId === pay.paymentId)!.amountCents;
              write(payments.map((q) => (q.paymentId === pay.paymentId ? { ...q, status: 'DELETED' } : q)));
            }
          });
          for (const p of payments)
            paymentItems.push({
              ...keys.invoicePayment(CO, id, p.createdAt, p.paymentId),
              entity: 'InvoicePayment',
              invoiceId: id,
              companyId: CO,
              ...p,
            });
          (inv as Record<string, unknown>).paidCents = paidSoFar;
        });
        const r = recomputeCompany(
          CO,
          { issued: issuedItems, received: [], payments: paymentItems },
          storedNums(t),
        );
        expect(r.differences).toEqual([]);
      }),
      { numRuns: 80 },
    );
  });
});

describe('received invoices of a supplier under the criterio de caja (grammar v5, art. 163 quaterdecies LIVA)', () => {
  /** 1.000 € + 21 % from a supplier in the RECC, booked on 10/11/2025, fully paid in two halves. */
  const recc = received('z', '2025-11-10', { supplierCashCriterion: true, paidCents: 1_210 });
  const paymentItem = (id: string, amountCents: number, paidAt: string, status = 'ACTIVE') => ({
    ...keys.receivedInvoicePayment(CO, 'z', `2026-03-01T10:00:0${id.slice(-1)}.000Z`, id),
    entity: 'ReceivedInvoicePayment',
    receivedInvoiceId: 'z',
    companyId: CO,
    paymentId: id,
    amountCents,
    paidAt,
    method: 'TRANSFER',
    status,
    createdAt: `2026-03-01T10:00:0${id.slice(-1)}.000Z`,
  });
  const p1 = paymentItem('p1', 605, '2025-12-15');
  const gone = paymentItem('p2', 300, '2026-01-10', 'DELETED');
  const p3 = paymentItem('p3', 605, '2026-02-20');
  const rec = toReceivedForAggregates(recc as unknown as ReceivedInvoice);
  const asPayment = (i: Record<string, unknown>) => i as unknown as PaymentForAggregates;

  /** What the writes leave: registration, then each payment write as after(+1) − before(−1). */
  function written(): FakeAggregateTable {
    const t = new FakeAggregateTable();
    const step = (before: Record<string, unknown>[], after: Record<string, unknown>[]) =>
      t.apply(
        aggregateUpdateItems(
          TABLE,
          CO,
          ...receivedPaymentContributions(rec, before.map(asPayment), -1),
          ...receivedPaymentContributions(rec, after.map(asPayment), 1),
        ),
      );
    t.apply(
      aggregateUpdateItems(
        TABLE,
        CO,
        receivedContribution(rec, 1),
        ...receivedPaymentContributions(rec, [], 1),
      ),
    );
    step([], [p1]);
    step([p1], [p1, { ...gone, status: 'ACTIVE' }]);
    step([p1, { ...gone, status: 'ACTIVE' }], [p1, gone]);
    step([p1, gone], [p1, gone, p3]);
    return t;
  }

  it('agrees to the cent with the writes: 105 € deductible in 4T-2025 and 105 € in 1T-2026', () => {
    const t = written();
    const r = recomputeCompany(
      CO,
      { issued: [], received: [recc], receivedPayments: [p1, gone, p3] },
      storedNums(t),
    );
    expect(r.differences).toEqual([]);
    const caja = (period: string) =>
      storedNums(t).get(keys.taxAggregate(CO, 'Q', period, 'RECEIVED', 'K', 'CAJA|DOMESTIC|2100|0|C').sk);
    expect(caja('2025-Q4')).toMatchObject({ deductibleVatCents: 105, deductibleBaseCents: 500, count: 0 });
    expect(caja('2026-Q1')).toMatchObject({ deductibleVatCents: 105, deductibleBaseCents: 500 });
    // Nothing left for the deadline (31/12/2026): all was paid.
    expect(caja('2026-Q4')).toBeUndefined();
    // Without the payments the whole deduction would be at the deadline: the recompute reads them.
    const blind = recomputeCompany(CO, { issued: [], received: [recc] }, storedNums(t));
    expect(blind.result).toBe('DIFFERENCES');
    expect(new Set(blind.differences.map((d) => d.sk.split('#')[1]))).toEqual(
      new Set(['2025-12', '2025-Q4', '2026-02', '2026-Q1', '2026-12', '2026-Q4']),
    );
  });

  it('reads the received payments (one Query on their prefix) only when such an invoice has something paid', async () => {
    const t = written();
    const queried: string[] = [];
    db.reset();
    db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      const pk = input.ExpressionAttributeValues?.[':pk'];
      const prefix = String(input.ExpressionAttributeValues?.[':prefix'] ?? '');
      if (input.IndexName === 'gsi1' && pk === keys.receivedInvoiceByDatePartition(CO).gsi1pk) {
        return { Items: [recc] };
      }
      if (input.IndexName) return { Items: [] };
      queried.push(prefix);
      if (prefix === keys.taxAggregateReceivedPaymentsPrefix(CO).skPrefix) return { Items: [p1, gone, p3] };
      return t.query(input);
    });
    const r = await recomputeCompanyFromTable(deps, CO);
    expect(r.differences).toEqual([]);
    expect(queried).toContain('RECINVPAY#');
    expect(queried).not.toContain('INVPAY#');
  });
  it("an invoice deferred by the company's own regime is rebuilt from what it stores (OWN_RECC), never the profile", async () => {
    const own = received('o', '2025-11-10', {
      supplierCashCriterion: false,
      deductionOnPayment: 'OWN_RECC',
      paidCents: 605,
    });
    const half = { ...paymentItem('p1', 605, '2025-12-15'), receivedInvoiceId: 'o' };
    const ownRec = toReceivedForAggregates(own as unknown as ReceivedInvoice);
    const t = new FakeAggregateTable();
    t.apply(
      aggregateUpdateItems(
        TABLE,
        CO,
        receivedContribution(ownRec, 1),
        ...receivedPaymentContributions(ownRec, [asPayment(half)], 1),
      ),
    );
    const key = (q: string, k: string) => keys.taxAggregate(CO, 'Q', q, 'RECEIVED', 'K', k).sk;
    expect(storedNums(t).get(key('2025-Q4', 'DOMESTIC|2100|0|C|0|C'))).toMatchObject({ baseCents: 1_000 });
    expect(storedNums(t).get(key('2025-Q4', 'CAJA|DOMESTIC|2100|0|C'))).toMatchObject({
      deductibleVatCents: 105,
    });
    expect(storedNums(t).get(key('2026-Q4', 'CAJA|DOMESTIC|2100|0|C'))).toMatchObject({
      deductibleVatCents: 105,
    });
    const queried: string[] = [];
    db.reset();
    db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      const pk = input.ExpressionAttributeValues?.[':pk'];
      const prefix = String(input.ExpressionAttributeValues?.[':prefix'] ?? '');
      if (input.IndexName === 'gsi1' && pk === keys.receivedInvoiceByDatePartition(CO).gsi1pk) {
        return { Items: [own] };
      }
      if (input.IndexName) return { Items: [] };
      queried.push(prefix);
      if (prefix === keys.taxAggregateReceivedPaymentsPrefix(CO).skPrefix) return { Items: [half] };
      return t.query(input);
    });
    const r = await recomputeCompanyFromTable(deps, CO);
    expect(r.differences).toEqual([]);
    expect(queried).toContain('RECINVPAY#');
    // The same invoice stored under the general rule (null) is another book: the recompute says so.
    const general = recomputeCompany(
      CO,
      { issued: [], received: [{ ...own, deductionOnPayment: null }], receivedPayments: [half] },
      storedNums(t),
    );
    expect(general.result).toBe('DIFFERENCES');
  });
});
