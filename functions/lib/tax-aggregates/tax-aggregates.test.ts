import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  aggregateDeltas,
  aggregateRepairDeltas,
  aggregateUpdateItems,
  assertTransactionFits,
  deltaUpdateItem,
  readAggregateState,
  readAllAggregateItems,
  readPeriodAggregates,
  readQuarterlyAggregates,
} from '@functions/lib/tax-aggregates';
import { testDocumentClient } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import {
  type IssuedForAggregates,
  issuedContribution,
  mergeLines,
  periodsOf,
  receivedContribution,
  sumLines,
} from '@shared/fiscal/tax-aggregates';
import { mockClient } from 'aws-sdk-client-mock';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeAggregateTable } from './testing/aggregate-items';

const TABLE = 't';
const CO = 'co-1';
const db = mockClient(DynamoDBDocumentClient);
const deps = { db: testDocumentClient(), table: TABLE };
let table: FakeAggregateTable;

beforeEach(() => {
  db.reset();
  table = new FakeAggregateTable();
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => table.query(input));
});

const g = (operation: string, vatRateBp: number, recargoRateBp: number, baseCents: number) => ({
  operation,
  vatRateBp,
  recargoRateBp,
  baseCents,
  vatCents: Math.round((baseCents * vatRateBp) / 10_000),
  recargoCents: Math.round((baseCents * recargoRateBp) / 10_000),
});

/** An issued invoice whose totals follow its breakdown (and `irpfCents`). */
const invoice = (
  over: Partial<Omit<IssuedForAggregates, 'totals'>> & { irpfCents?: number } = {},
): IssuedForAggregates => {
  const { irpfCents: irpf = 0, ...rest } = over;
  const breakdown = over.breakdown ?? [g('S1', 2100, 0, 10_000), g('S1', 1000, 0, 5_000)];
  const base = breakdown.reduce((s, x) => s + x.baseCents, 0);
  const vat = breakdown.reduce((s, x) => s + x.vatCents, 0);
  const rec = breakdown.reduce((s, x) => s + x.recargoCents, 0);
  return {
    invoiceDate: '2026-02-10',
    invoiceType: 'F1',
    customer: { taxId: 'B12345674', name: 'Cliente SL', country: 'ES' },
    ...rest,
    breakdown,
    totals: {
      baseCents: base,
      vatCents: vat,
      recargoCents: rec,
      irpfCents: irpf,
      totalCents: base + vat + rec - irpf,
    },
  };
};

describe('aggregateUpdateItems', () => {
  it('writes month and quarter per tax key, type and customer operation, as unconditioned ADDs', () => {
    const items = aggregateUpdateItems(TABLE, CO, issuedContribution(invoice(), 1));
    const sks = items.map((i) => i.Update!.Key!.sk);
    expect(sks).toEqual([
      keys.taxAggregate(CO, 'M', '2026-02', 'ISSUED', 'K', 'S1|1000|0|ES|0|G').sk,
      keys.taxAggregate(CO, 'M', '2026-02', 'ISSUED', 'K', 'S1|2100|0|ES|0|G').sk,
      keys.taxAggregate(CO, 'M', '2026-02', 'ISSUED', 'T', 'F1').sk,
      keys.taxAggregateCounterparty(CO, 'M', '2026-02', 'ISSUED', 'B12345674', '347B').sk,
      keys.taxAggregate(CO, 'Q', '2026-Q1', 'ISSUED', 'K', 'S1|1000|0|ES|0|G').sk,
      keys.taxAggregate(CO, 'Q', '2026-Q1', 'ISSUED', 'K', 'S1|2100|0|ES|0|G').sk,
      keys.taxAggregate(CO, 'Q', '2026-Q1', 'ISSUED', 'T', 'F1').sk,
      keys.taxAggregateCounterparty(CO, 'Q', '2026-Q1', 'ISSUED', 'B12345674', '347B').sk,
    ]);
    expect(sks[3]).toBe(`M#2026-02#ISSUED#C#B12345674|347B`);
    for (const i of items) {
      expect(i.Update!.TableName).toBe(TABLE);
      expect(i.Update!.Key!.pk).toBe(`COMPANY#${CO}#TAXAGG`);
      expect(i.Update!.UpdateExpression).toMatch(/^SET entity = :entity, v = :v, .* ADD #a0 :a0/);
      expect(i.Update!.ConditionExpression).toBeUndefined();
    }
    expect(items[7]!.Update!.ExpressionAttributeValues![':entity']).toBe('CounterpartyAggregate');
    expect(items[0]!.Update!.ExpressionAttributeValues![':entity']).toBe('TaxAggregate');
    table.apply(items);
    expect([...table.items.values()].find((i) => i.sk === sks[7])).toMatchObject({
      counterpartyKey: 'B12345674',
      opKey: '347B',
      name: 'Cliente SL',
      country: 'ES',
      baseCents: 15_000,
      totalCents: 17_600,
      count: 1,
    });
    const q = [...table.items.values()].find((i) => i.sk === sks[5])!;
    expect(q).toMatchObject({
      entity: 'TaxAggregate',
      v: 1,
      companyId: CO,
      book: 'ISSUED',
      period: '2026-Q1',
      section: 'KEY',
      taxKey: 'S1|2100|0|ES|0|G',
      baseCents: 10_000,
      vatCents: 2_100,
      recargoCents: 0,
      irpfCents: 0,
      deductibleVatCents: 0,
      deductibleBaseCents: 0,
      totalCents: 12_100,
      count: 1,
    });
  });

  it('merges the old (−1) and new (+1) states of a correction into one operation per item', () => {
    const old = invoice();
    const next = invoice({ breakdown: [g('S1', 2100, 0, 12_000), g('S1', 1000, 0, 5_000)] });
    const items = aggregateUpdateItems(TABLE, CO, issuedContribution(old, -1), issuedContribution(next, 1));
    const sks = items.map((i) => i.Update!.Key!.sk);
    expect(new Set(sks).size).toBe(sks.length);
    // The 10 % group did not change: no item for it; the type count nets to 0 but its amounts moved.
    expect(sks.some((s) => s.includes('S1|1000|0'))).toBe(false);
    expect(sks.filter((s) => s.includes('#K#S1|2100|0'))).toHaveLength(2);
    table.apply(items);
    const k = [...table.items.values()].find(
      (i) => String(i.sk).startsWith('Q#') && i.taxKey === 'S1|2100|0|ES|0|G',
    )!;
    expect(k).toMatchObject({ baseCents: 2_000, vatCents: 420, totalCents: 2_420, count: 0 });
    // The same state on both sides writes nothing at all.
    expect(aggregateUpdateItems(TABLE, CO, issuedContribution(old, -1), issuedContribution(old, 1))).toEqual(
      [],
    );
  });

  it('keeps the invoices of different series in their own items (shards) and sums them on read', async () => {
    const a = aggregateUpdateItems(TABLE, CO, issuedContribution({ ...invoice(), seriesId: 's-a' }, 1));
    const b = aggregateUpdateItems(TABLE, CO, issuedContribution({ ...invoice(), seriesId: 's-b' }, 1));
    const skA = a.map((i) => i.Update!.Key!.sk);
    const skB = b.map((i) => i.Update!.Key!.sk);
    expect(skA.filter((sk) => skB.includes(sk))).toEqual([]);
    expect(skA[0]).toBe(keys.taxAggregate(CO, 'M', '2026-02', 'ISSUED', 'K', 'S1|1000|0|ES|0|G', 's-a').sk);
    expect(skA[0]!.endsWith('#s-a')).toBe(true);
    table.apply(a);
    table.apply(b);
    // The cancellation of the series-a invoice goes to series a's items.
    table.apply(aggregateUpdateItems(TABLE, CO, issuedContribution({ ...invoice(), seriesId: 's-a' }, -1)));
    const q = await readPeriodAggregates(deps, CO, '2026-Q1');
    expect(q.byKey.ISSUED.map((l) => [l.taxKey, l.baseCents, l.count])).toEqual([
      ['S1|1000|0|ES|0|G', 5_000, 1],
      ['S1|2100|0|ES|0|G', 10_000, 1],
    ]);
    expect(q.byCounterparty.ISSUED).toMatchObject([{ counterpartyKey: 'B12345674', count: 1 }]);
    table = new FakeAggregateTable();
    table.apply(a);
    table.apply(b);
    const both = await readPeriodAggregates(deps, CO, '2026-02');
    expect(both.byKey.ISSUED.map((l) => [l.taxKey, l.baseCents, l.count])).toEqual([
      ['S1|1000|0|ES|0|G', 10_000, 2],
      ['S1|2100|0|ES|0|G', 20_000, 2],
    ]);
    // Per series: 2 keys, 1 type and 1 customer operation.
    expect(both.itemsRead).toBe(8);
  });

  it('moves an invoice to another quarter with distinct items for both periods', () => {
    const items = aggregateUpdateItems(
      TABLE,
      CO,
      issuedContribution(invoice(), -1),
      issuedContribution(invoice({ invoiceDate: '2026-04-01' }), 1),
    );
    const sks = items.map((i) => i.Update!.Key!.sk);
    expect(new Set(sks).size).toBe(sks.length);
    expect(items).toHaveLength(16);
    assertTransactionFits(items);
  });

  it('stays within one transaction for the largest possible breakdown and refuses above 100 items', () => {
    const ops = ['S2', 'N1', 'N2', 'E1', 'E2', 'E3', 'E4', 'E5', 'E6'].map((o) => g(o, 0, 0, 100));
    const s1 = [
      [2100, 0],
      [2100, 520],
      [2100, 175],
      [1000, 0],
      [1000, 140],
      [400, 0],
      [400, 50],
      [0, 0],
      [500, 0],
      [500, 62],
      [750, 0],
      [750, 100],
      [200, 0],
      [200, 26],
    ].map(([r, re]) => g('S1', r!, re!, 100));
    const items = aggregateUpdateItems(
      TABLE,
      CO,
      issuedContribution(invoice({ breakdown: [...s1, ...ops], irpfCents: 100 }), 1),
    );
    // 2 × (23 keys + IRPF + type + 347B).
    expect(items).toHaveLength(52);
    // To an EU customer: 349E, 349S and X_FOREIGN lines — the worst case of the header's count.
    const eu = aggregateUpdateItems(
      TABLE,
      CO,
      issuedContribution(
        invoice({
          breakdown: [...s1, ...ops],
          irpfCents: 100,
          customer: {
            taxId: { type: 'NIF_IVA', value: 'FR12345678901', country: 'FR' },
            name: 'SARL',
            country: 'FR',
          },
        }),
        1,
      ),
    );
    expect(eu).toHaveLength(56);
    expect(() => assertTransactionFits([...eu, ...new Array(20).fill(0)])).not.toThrow();
    expect(() => assertTransactionFits([...items, 1, 2, 3, 4])).not.toThrow();
    expect(() => assertTransactionFits(new Array(101).fill(0))).toThrow(/demasiados grupos/);
  });
});

describe('readPeriodAggregates', () => {
  it('reads a month, a quarter and a year with ONE Query each on one prefix, strongly consistent', async () => {
    table.apply(aggregateUpdateItems(TABLE, CO, issuedContribution(invoice(), 1)));
    table.apply(
      aggregateUpdateItems(TABLE, CO, issuedContribution(invoice({ invoiceDate: '2026-05-05' }), 1)),
    );
    table.apply(
      aggregateUpdateItems(
        TABLE,
        CO,
        receivedContribution(
          {
            date: '2026-02-01',
            supplier: { taxIdKey: 'A11111111', name: 'Proveedor', country: 'ES' },
            lines: [
              {
                kind: 'DOMESTIC',
                vatRateBp: 2100,
                recargoRateBp: 0,
                baseCents: 1_000,
                vatCents: 210,
                recargoCents: 0,
                deductibleVatCents: 210,
                investmentGoods: false,
              },
            ],
            irpfCents: 0,
            totalCents: 1_210,
          },
          1,
        ),
      ),
    );

    const q1 = await readPeriodAggregates(deps, CO, '2026-Q1');
    const calls = db.commandCalls(QueryCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toMatchObject({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `COMPANY#${CO}#TAXAGG`, ':prefix': 'Q#2026-Q1#' },
      ConsistentRead: true,
    });
    // Issued: 2 tax keys, 1 type, 1 customer; received: 1 tax key, 1 type, 1 supplier.
    expect(q1.itemsRead).toBe(7);
    expect(q1.byKey.ISSUED.map((l) => [l.taxKey, l.totalCents])).toEqual([
      ['S1|1000|0|ES|0|G', 5_500],
      ['S1|2100|0|ES|0|G', 12_100],
    ]);
    expect(q1.byKey.RECEIVED).toEqual([
      {
        taxKey: 'DOMESTIC|2100|0|C|0',
        baseCents: 1_000,
        vatCents: 210,
        recargoCents: 0,
        irpfCents: 0,
        deductibleVatCents: 210,
        deductibleBaseCents: 1_000,
        totalCents: 1_210,
        count: 1,
      },
    ]);
    expect(q1.byCounterparty.RECEIVED).toMatchObject([
      { counterpartyKey: 'A11111111', opKey: '347A', totalCents: 1_210 },
    ]);

    const year = await readPeriodAggregates(deps, CO, '2026');
    expect(db.commandCalls(QueryCommand)[1]!.args[0].input.ExpressionAttributeValues![':prefix']).toBe(
      'Q#2026-',
    );
    expect(year.byKey.ISSUED.map((l) => [l.taxKey, l.baseCents, l.count])).toEqual([
      ['S1|1000|0|ES|0|G', 10_000, 2],
      ['S1|2100|0|ES|0|G', 20_000, 2],
    ]);
    expect(year.byCounterparty.ISSUED).toMatchObject([
      { counterpartyKey: 'B12345674', count: 2, totalCents: 35_200 },
    ]);
    expect(year.byInvoiceType.ISSUED).toEqual([
      { invoiceType: 'F1', baseCents: 30_000, totalCents: 35_200, count: 2 },
    ]);

    const feb = await readPeriodAggregates(deps, CO, '2026-02');
    expect(db.commandCalls(QueryCommand)[2]!.args[0].input.ExpressionAttributeValues![':prefix']).toBe(
      'M#2026-02#',
    );
    expect(feb.byKey.ISSUED).toHaveLength(2);
    // Counterparties are kept per month too (the monthly 349).
    expect(feb.byCounterparty.ISSUED).toMatchObject([
      { counterpartyKey: 'B12345674', opKey: '347B', count: 1, totalCents: 17_600 },
    ]);
    await expect(readPeriodAggregates(deps, CO, '2026-13')).rejects.toThrow();
  });

  it('reads back, for any set of invoices and cancellations, the sums of their contributions per period', async () => {
    const inv = fc
      .record({
        month: fc.integer({ min: 1, max: 12 }),
        base: fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 3 }),
        rate: fc.constantFrom(2100, 1000, 400),
        irpf: fc.constantFrom(0, 150, 700),
        cancelled: fc.boolean(),
      })
      .map(({ month, base, rate, irpf, cancelled }) => ({
        inv: invoice({
          invoiceDate: `2026-${String(month).padStart(2, '0')}-15`,
          breakdown: base.map((b, i) => g(i === 2 ? 'E1' : 'S1', i === 2 ? 0 : rate, 0, b)),
          irpfCents: irpf,
        }),
        cancelled,
      }));
    await fc.assert(
      fc.asyncProperty(
        fc.array(inv, { maxLength: 12 }),
        fc.constantFrom('2026-Q1', '2026-Q3', '2026-05', '2026'),
        async (list, period) => {
          table = new FakeAggregateTable();
          const fix = list.map(({ inv: i, cancelled }) => ({ ...i, cancelled }));
          for (const i of fix) {
            table.apply(aggregateUpdateItems(TABLE, CO, issuedContribution(i, 1)));
            if (i.cancelled) table.apply(aggregateUpdateItems(TABLE, CO, issuedContribution(i, -1)));
          }
          const inPeriod = fix.filter((i) => {
            if (i.cancelled) return false;
            const p = periodsOf(i.invoiceDate);
            return period === p.month || period === p.quarter || period === i.invoiceDate.slice(0, 4);
          });
          const read = await readPeriodAggregates(deps, CO, period);
          expect(read.byKey.ISSUED).toEqual(
            mergeLines(...inPeriod.map((i) => issuedContribution(i, 1).byKey)),
          );
          const sums = sumLines(read.byKey.ISSUED);
          expect(sums.totalCents).toBe(inPeriod.reduce((s, i) => s + i.totals.totalCents, 0));
          expect(read.byInvoiceType.ISSUED.reduce((s, t) => s + t.count, 0)).toBe(inPeriod.length);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('splits a year by quarter from the same single Query', async () => {
    table.apply(aggregateUpdateItems(TABLE, CO, issuedContribution(invoice(), 1)));
    table.apply(
      aggregateUpdateItems(TABLE, CO, issuedContribution(invoice({ invoiceDate: '2026-11-30' }), 1)),
    );
    const r = await readQuarterlyAggregates(deps, CO, '2026');
    expect(db.commandCalls(QueryCommand)).toHaveLength(1);
    expect(Object.keys(r.quarters)).toEqual(['2026-Q1', '2026-Q2', '2026-Q3', '2026-Q4']);
    expect(r.quarters['2026-Q1']!.byInvoiceType.ISSUED[0]!.count).toBe(1);
    expect(r.quarters['2026-Q2']!.byKey.ISSUED).toEqual([]);
    expect(r.quarters['2026-Q4']!.byCounterparty.ISSUED[0]!.count).toBe(1);
    expect(r.year.byInvoiceType.ISSUED[0]!.count).toBe(2);
  });
});

describe('readAllAggregateItems', () => {
  it('returns every month and quarter item by sort key without the all-zero ones and the check item', async () => {
    table.apply(aggregateUpdateItems(TABLE, CO, issuedContribution(invoice(), 1)));
    const cancelled = invoice({
      invoiceDate: '2026-07-01',
      customer: { taxId: 'A11111111', name: 'X', country: 'ES' },
    });
    table.apply(aggregateUpdateItems(TABLE, CO, issuedContribution(cancelled, 1)));
    table.apply(aggregateUpdateItems(TABLE, CO, issuedContribution(cancelled, -1)));
    table.items.set('check', { ...keys.taxAggregateCheck(CO), entity: 'AggregateCheck', result: 'OK' });
    const all = await readAllAggregateItems(deps, CO);
    const expected = aggregateDeltas(CO, issuedContribution(invoice(), 1));
    expect([...all.keys()].sort()).toEqual(expected.map((d) => d.key.sk).sort());
    for (const d of expected) expect(all.get(d.key.sk)).toEqual(d.adds);
  });
});

describe('readAggregateState and aggregateRepairDeltas (grammar backfill)', () => {
  /** An item as grammar v1 wrote it (3-part keys, counterparties per quarter without operation key). */
  const v1Items = () => {
    const pk = `COMPANY#${CO}#TAXAGG`;
    const key = (sk: string, attrs: Record<string, unknown>) =>
      table.items.set(`${pk}\u0000${sk}`, { pk, sk, v: 1, companyId: CO, book: 'ISSUED', ...attrs });
    for (const [kind, period] of [
      ['M', '2026-02'],
      ['Q', '2026-Q1'],
    ]) {
      key(`${kind}#${period}#ISSUED#K#S1|2100|0`, {
        entity: 'TaxAggregate',
        period,
        section: 'KEY',
        taxKey: 'S1|2100|0',
        baseCents: 10_000,
        vatCents: 2_100,
        recargoCents: 0,
        irpfCents: 0,
        deductibleVatCents: 0,
        totalCents: 12_100,
        count: 1,
      });
      key(`${kind}#${period}#ISSUED#K#S1|1000|0`, {
        entity: 'TaxAggregate',
        period,
        section: 'KEY',
        taxKey: 'S1|1000|0',
        baseCents: 5_000,
        vatCents: 500,
        recargoCents: 0,
        irpfCents: 0,
        deductibleVatCents: 0,
        totalCents: 5_500,
        count: 1,
      });
      key(`${kind}#${period}#ISSUED#T#F1`, {
        entity: 'TaxAggregate',
        period,
        section: 'INVOICE_TYPE',
        invoiceType: 'F1',
        baseCents: 15_000,
        totalCents: 17_600,
        count: 1,
      });
    }
    key('Q#2026-Q1#ISSUED#C#B12345674', {
      entity: 'CounterpartyAggregate',
      period: '2026-Q1',
      counterpartyKey: 'B12345674',
      name: 'Cliente SL',
      country: 'ES',
      baseCents: 15_000,
      vatCents: 2_600,
      totalCents: 17_600,
      count: 1,
    });
  };

  it('reads the grammar version of the check item apart from the items', async () => {
    v1Items();
    expect((await readAggregateState(deps, CO)).grammarVersion).toBeUndefined();
    table.items.set('check', { ...keys.taxAggregateCheck(CO), entity: 'AggregateCheck', grammarVersion: 2 });
    const state = await readAggregateState(deps, CO);
    expect(state.grammarVersion).toBe(2);
    expect(state.items.size).toBe(7);
    expect(state.items.has(keys.taxAggregateCheck(CO).sk)).toBe(false);
  });

  it('turns v1 items into the v2 items of the same invoices, to the cent, with ADDs only', async () => {
    v1Items();
    const expected = aggregateDeltas(CO, issuedContribution(invoice(), 1));
    const stored = (await readAggregateState(deps, CO)).items;
    const repair = aggregateRepairDeltas(expected, stored, CO);
    // The invoice-type items agree already: nothing written for them.
    expect(repair.some((d) => d.key.sk.includes('#T#'))).toBe(false);
    expect(repair.filter((d) => d.emptied).map((d) => d.key.sk)).toEqual([
      'M#2026-02#ISSUED#K#S1|1000|0',
      'M#2026-02#ISSUED#K#S1|2100|0',
      'Q#2026-Q1#ISSUED#C#B12345674',
      'Q#2026-Q1#ISSUED#K#S1|1000|0',
      'Q#2026-Q1#ISSUED#K#S1|2100|0',
    ]);
    table.apply(repair.map((d) => deltaUpdateItem(TABLE, d)));
    const after = await readAggregateState(deps, CO);
    for (const d of expected) expect(after.items.get(d.key.sk)).toEqual(d.adds);
    expect(after.items.size).toBe(expected.length);
    // The new items carry their descriptive attributes; the emptied old ones only zeros.
    const q = await readPeriodAggregates(deps, CO, '2026-Q1');
    expect(q.byKey.ISSUED.map((l) => l.taxKey)).toEqual(['S1|1000|0|ES|0|G', 'S1|2100|0|ES|0|G']);
    expect(q.byCounterparty.ISSUED).toMatchObject([{ counterpartyKey: 'B12345674', opKey: '347B' }]);
    // Repairing again changes nothing.
    expect(aggregateRepairDeltas(expected, after.items, CO)).toEqual([]);
  });
});

describe('withholdings on the received book (grammar v4, issue 15)', () => {
  /** A rent of 1,000 € with 19 % withheld, under its kind. */
  const rent = (date: string, supplier = 'B12345674') =>
    receivedContribution(
      {
        date,
        supplier: { taxIdKey: supplier, name: 'Inmuebles Retiro SL', country: 'ES' },
        lines: [
          {
            kind: 'DOMESTIC',
            vatRateBp: 2100,
            recargoRateBp: 0,
            baseCents: 100_000,
            vatCents: 21_000,
            recargoCents: 0,
            deductibleVatCents: 21_000,
            investmentGoods: false,
          },
        ],
        irpfCents: 19_000,
        totalCents: 102_000,
        withholding: { kind: 'RENT', key: '-', baseCents: 100_000 },
      },
      1,
    );

  it('stores, reads and sums the withheld amount of each recipient; the other items carry no such number', async () => {
    const items = aggregateUpdateItems(
      TABLE,
      CO,
      rent('2026-04-10'),
      rent('2026-05-10'),
      rent('2026-05-12', 'B76543214'),
    );
    const wItem = items.find((i) => i.Update!.Key!.sk === 'Q#2026-Q2#RECEIVED#C#B12345674|W|RENT|-')!;
    expect(wItem.Update!.UpdateExpression).toContain('ADD');
    expect(Object.values(wItem.Update!.ExpressionAttributeNames!)).toContain('irpfCents');
    const xItem = items.find((i) => i.Update!.Key!.sk === 'Q#2026-Q2#RECEIVED#C#B12345674|X_IRPF')!;
    expect(Object.values(xItem.Update!.ExpressionAttributeNames!)).not.toContain('irpfCents');
    table.apply(items);

    const q2 = await readPeriodAggregates(deps, CO, '2026-Q2');
    expect(q2.byKey.RECEIVED.find((l) => l.taxKey === 'IRPF|RENT|-')).toMatchObject({
      baseCents: 300_000,
      irpfCents: 57_000,
      totalCents: -57_000,
      count: 3,
    });
    expect(q2.byCounterparty.RECEIVED.filter((l) => l.opKey === 'W|RENT|-')).toEqual([
      {
        counterpartyKey: 'B12345674',
        opKey: 'W|RENT|-',
        name: 'Inmuebles Retiro SL',
        country: 'ES',
        baseCents: 200_000,
        vatCents: 0,
        totalCents: 200_000,
        count: 2,
        irpfCents: 38_000,
      },
      {
        counterpartyKey: 'B76543214',
        opKey: 'W|RENT|-',
        name: 'Inmuebles Retiro SL',
        country: 'ES',
        baseCents: 100_000,
        vatCents: 0,
        totalCents: 100_000,
        count: 1,
        irpfCents: 19_000,
      },
    ]);
    expect(q2.byCounterparty.RECEIVED.find((l) => l.opKey === 'X_IRPF')).not.toHaveProperty('irpfCents');
    // The book's sums count the base once: the withholding line's base repeats the VAT line's.
    expect(sumLines(q2.byKey.RECEIVED)).toMatchObject({ baseCents: 300_000, irpfCents: 57_000 });
    // A year sums its quarters, irpfCents included.
    const year = await readQuarterlyAggregates(deps, CO, '2026');
    expect(
      year.quarters['2026-Q2']!.byCounterparty.RECEIVED.find((l) => l.opKey === 'W|RENT|-'),
    ).toMatchObject({
      irpfCents: 38_000,
    });
  });

  it('the nightly check sees irpfCents, repairs an untyped IRPF into the typed keys, then agrees', async () => {
    // As grammar v3 left a received withholding: the untyped IRPF key, no recipient line.
    const pk = `COMPANY#${CO}#TAXAGG`;
    for (const [kind, period] of [
      ['M', '2026-04'],
      ['Q', '2026-Q2'],
    ]) {
      table.items.set(`${pk}\u0000${kind}#${period}#RECEIVED#K#IRPF`, {
        pk,
        sk: `${kind}#${period}#RECEIVED#K#IRPF`,
        entity: 'TaxAggregate',
        book: 'RECEIVED',
        section: 'KEY',
        taxKey: 'IRPF',
        irpfCents: 19_000,
        totalCents: -19_000,
        count: 1,
      });
    }
    const expected = aggregateDeltas(CO, rent('2026-04-10'));
    const repair = aggregateRepairDeltas(expected, (await readAggregateState(deps, CO)).items, CO);
    expect(repair.filter((d) => d.emptied).map((d) => d.key.sk)).toEqual([
      'M#2026-04#RECEIVED#K#IRPF',
      'Q#2026-Q2#RECEIVED#K#IRPF',
    ]);
    table.apply(repair.map((d) => deltaUpdateItem(TABLE, d)));
    const after = await readAggregateState(deps, CO);
    expect(after.items.get('Q#2026-Q2#RECEIVED#C#B12345674|W|RENT|-')).toMatchObject({ irpfCents: 19_000 });
    expect(aggregateRepairDeltas(expected, after.items, CO)).toEqual([]);
  });
});
