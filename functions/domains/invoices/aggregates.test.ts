/**
 * GET /api/v1/tax-aggregates and GET /api/v1/invoices/threshold-statistics through the real
 * pipeline, answered from an in-memory aggregates partition filled by the same Update items the
 * confirming transactions write.
 */

import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { aggregateUpdateItems } from '@functions/lib/tax-aggregates';
import { FakeAggregateTable } from '@functions/lib/tax-aggregates/testing/aggregate-items';
import { keys } from '@shared/db/keys';
import { paymentContributions } from '@shared/fiscal/payment-aggregates';
import {
  type IssuedForAggregates,
  issuedContribution,
  type ReceivedForAggregates,
  receivedContribution,
} from '@shared/fiscal/tax-aggregates';
import type { TaxAggregatesView, ThresholdStatisticsView } from '@shared/schemas/tax-aggregates';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMPANY, invoicesHarness, TABLE, USER } from './testing/harness';

const { db, call } = invoicesHarness('agg');
let table: FakeAggregateTable;

const member = (companyRole: string, permissions: string[] = []) =>
  db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
    Item: { ...keys.membership(COMPANY, USER), companyRole, permissions, isActive: true },
  });

beforeEach(() => {
  db.reset();
  table = new FakeAggregateTable();
  db.on(GetCommand).resolves({});
  member('GESTOR');
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => table.query(input));
});

const group = (operation: string, vatRateBp: number, recargoRateBp: number, baseCents: number) => ({
  operation,
  vatRateBp,
  recargoRateBp,
  baseCents,
  vatCents: Math.round((baseCents * vatRateBp) / 10_000),
  recargoCents: Math.round((baseCents * recargoRateBp) / 10_000),
});

function issue(
  over: Partial<Omit<IssuedForAggregates, 'totals'>> & { irpfCents?: number },
  sign: 1 | -1 = 1,
) {
  const { irpfCents = 0, ...rest } = over;
  const breakdown = rest.breakdown ?? [group('S1', 2100, 0, 100_000)];
  const base = breakdown.reduce((s, g) => s + g.baseCents, 0);
  const vat = breakdown.reduce((s, g) => s + g.vatCents, 0);
  const rec = breakdown.reduce((s, g) => s + g.recargoCents, 0);
  const inv: IssuedForAggregates = {
    invoiceDate: '2026-02-10',
    invoiceType: 'F1',
    customer: { taxId: 'B12345674', name: 'Cliente Grande SL', country: 'ES' },
    ...rest,
    breakdown,
    totals: {
      baseCents: base,
      vatCents: vat,
      recargoCents: rec,
      irpfCents,
      totalCents: base + vat + rec - irpfCents,
    },
  };
  table.apply(aggregateUpdateItems(TABLE, COMPANY, issuedContribution(inv, sign)));
  return inv;
}

function receive(over: Partial<ReceivedForAggregates>) {
  const rec: ReceivedForAggregates = {
    date: '2026-02-01',
    supplier: { taxIdKey: 'A11111111', name: 'Proveedor SA', country: 'ES' },
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
    ...over,
  };
  table.apply(aggregateUpdateItems(TABLE, COMPANY, receivedContribution(rec, 1)));
}

describe('GET /api/v1/tax-aggregates', () => {
  it('gives both books of a quarter by tax key with their totals, from one Query', async () => {
    issue({
      breakdown: [group('S1', 2100, 520, 10_000), group('S1', 1000, 0, 5_000), group('E1', 0, 0, 2_000)],
      irpfCents: 1_500,
    });
    issue({ invoiceDate: '2026-03-31', breakdown: [group('S2', 0, 0, 7_000)] });
    const cancelled = issue({ invoiceDate: '2026-03-01' });
    issue(cancelled, -1);
    issue({ invoiceDate: '2026-04-01' }); // next quarter
    receive({});

    const res = await call<TaxAggregatesView>({ routeId: 'taxAggregates.get', query: { period: '2026-Q1' } });
    expect(res.status).toBe(200);
    const v = res.envelope.data!;
    expect(v.period).toBe('2026-Q1');
    expect(
      v.issued.byKey.map((l) => [l.taxKey, l.baseCents, l.vatCents, l.recargoCents, l.irpfCents, l.count]),
    ).toEqual([
      ['E1|0|0|ES|0|G', 2_000, 0, 0, 0, 1],
      ['IRPF', 0, 0, 0, 1_500, 1],
      ['S1|1000|0|ES|0|G', 5_000, 500, 0, 0, 1],
      // The cancelled invoice's S1|2100|0|ES|0|G nets to zero and is not listed.
      ['S1|2100|520|ES|0|G', 10_000, 2_100, 520, 0, 1],
      ['S2|0|0|ES|0|G', 7_000, 0, 0, 0, 1],
    ]);
    expect(v.issued.totals).toEqual({
      baseCents: 24_000,
      vatCents: 2_600,
      recargoCents: 520,
      irpfCents: 1_500,
      deductibleVatCents: 0,
      deductibleBaseCents: 0,
      totalCents: 24_000 + 2_600 + 520 - 1_500,
      count: 2,
    });
    expect(v.received.totals).toMatchObject({ baseCents: 1_000, deductibleVatCents: 210, count: 1 });
    expect(v.byCounterparty.issued).toEqual([
      {
        counterpartyKey: 'B12345674',
        opKey: '347B',
        name: 'Cliente Grande SL',
        country: 'ES',
        baseCents: 24_000,
        vatCents: 3_120,
        totalCents: 27_120,
        count: 2,
      },
    ]);
    expect(v.itemsRead).toBeLessThan(20);
    expect(db.commandCalls(QueryCommand)).toHaveLength(1);
  });

  it('lists the cash-basis settlements and cash collected without counting them as invoices', async () => {
    const inv = issue({ issuer: { vatRegime: 'CRITERIO_CAJA' } });
    table.apply(
      aggregateUpdateItems(
        TABLE,
        COMPANY,
        ...paymentContributions(
          inv,
          [
            {
              paymentId: 'p1',
              amountCents: 60_500,
              paidAt: '2026-03-02',
              method: 'CASH',
              createdAt: '2026-03-02T10:00:00.000Z',
            },
          ],
          1,
        ),
      ),
    );
    const res = await call<TaxAggregatesView>({ routeId: 'taxAggregates.get', query: { period: '2026-Q1' } });
    const v = res.envelope.data!;
    expect(v.issued.byKey.map((l) => [l.taxKey, l.baseCents, l.vatCents, l.count])).toEqual([
      ['CAJA|S1|2100|0', 50_000, 10_500, 0],
      ['S1|2100|0|ES|0|C', 100_000, 21_000, 1],
    ]);
    expect(v.issued.totals).toMatchObject({ baseCents: 100_000, vatCents: 21_000, count: 1 });
    expect(v.byCounterparty.issued.map((c) => [c.opKey, c.totalCents])).toEqual([
      ['347B', 121_000],
      ['CASH@2026', 60_500],
    ]);
  });

  it('refuses a malformed period naming the field, and a client without VIEW_INVOICES', async () => {
    const bad = await call({ routeId: 'taxAggregates.get', query: { period: '2026-Q5' } });
    expect(bad.status).toBe(400);
    expect(bad.envelope.error).toMatchObject({ code: 'CORE_004', field: 'period' });
    member('CLIENTE', []);
    const denied = await call({ routeId: 'taxAggregates.get', query: { period: '2026' } });
    expect(denied.status).toBe(403);
    member('CLIENTE', ['VIEW_INVOICES']);
    expect((await call({ routeId: 'taxAggregates.get', query: { period: '2026-03' } })).status).toBe(200);
  });
});

describe('GET /api/v1/invoices/threshold-statistics', () => {
  it('gives the yearly figures against their thresholds from the aggregates', async () => {
    // Spanish customer above 3.005,06 € over two quarters; another below it.
    issue({ breakdown: [group('S1', 2100, 0, 150_000)] });
    issue({ invoiceDate: '2026-05-05', breakdown: [group('S1', 2100, 0, 100_000)] });
    issue({
      customer: { taxId: 'B76543210', name: 'Cliente Pequeño', country: 'ES' },
      breakdown: [group('S1', 2100, 0, 2_000)],
    });
    // Simplified invoices, one without customer.
    issue({ invoiceType: 'F2', customer: null, breakdown: [group('S1', 1000, 0, 3_000)] });
    issue({ invoiceType: 'F2', customer: null, breakdown: [group('S1', 1000, 0, 1_000)] });
    // Intra-EU deliveries: 60.000 € in Q3 to a French operator.
    issue({
      invoiceDate: '2026-08-01',
      customer: {
        taxId: { type: 'NIF_IVA', value: 'FR12345678901', country: 'FR' },
        name: 'Client SARL',
        country: 'FR',
      },
      breakdown: [group('E5', 0, 0, 6_000_000)],
    });
    // Supplier above the 347 threshold and an intra-EU acquisition.
    receive({
      lines: [
        {
          kind: 'DOMESTIC',
          vatRateBp: 2100,
          recargoRateBp: 0,
          baseCents: 300_000,
          vatCents: 63_000,
          recargoCents: 0,
          deductibleVatCents: 63_000,
          investmentGoods: false,
        },
      ],
      totalCents: 363_000,
    });
    receive({
      supplier: { taxIdKey: 'DE:NIF_IVA:DE123456789', name: 'Lieferant GmbH', country: 'DE' },
      lines: [
        {
          kind: 'INTRA_EU_GOODS',
          vatRateBp: 2100,
          recargoRateBp: 0,
          baseCents: 40_000,
          vatCents: 8_400,
          recargoCents: 0,
          deductibleVatCents: 8_400,
          investmentGoods: false,
        },
      ],
      totalCents: 40_000,
    });

    const res = await call<ThresholdStatisticsView>({
      routeId: 'invoices.thresholdStatistics',
      query: { year: '2026' },
    });
    expect(res.status).toBe(200);
    const s = res.envelope.data!;
    expect(db.commandCalls(QueryCommand)).toHaveLength(1);
    expect(s.turnover).toMatchObject({
      thresholdCents: 601_012_104,
      valueCents: 150_000 + 100_000 + 2_000 + 3_000 + 1_000 + 6_000_000,
      exceeded: false,
    });
    expect(s.turnover.label).toContain('6.010.121,04 €');
    expect(s.modelo347.customers).toEqual([
      expect.objectContaining({
        counterpartyKey: 'B12345674',
        valueCents: 302_500,
        thresholdCents: 300_506,
        exceeded: true,
        count: 2,
      }),
    ]);
    expect(s.modelo347.suppliers).toEqual([
      expect.objectContaining({ counterpartyKey: 'A11111111', valueCents: 363_000, exceeded: true }),
    ]);
    expect(s.modelo347.threshold).toMatchObject({ count: 2, exceeded: true, valueCents: 363_000 });
    expect(s.simplifiedInvoices).toMatchObject({ count: 2, valueCents: 3_300 + 1_100, thresholdCents: null });
    expect(s.intraEu.issued.valueCents).toBe(6_000_000);
    expect(s.intraEu.received.valueCents).toBe(40_000);
    expect(s.intraEu.largestQuarter).toMatchObject({
      quarter: '2026-Q3',
      valueCents: 6_000_000,
      thresholdCents: 5_000_000,
      exceeded: true,
    });
    for (const f of [s.turnover, s.simplifiedInvoices, s.intraEu.issued])
      expect(f.label).toMatch(/[a-záéíóú]/);
  });

  it('refuses a year that is not four digits', async () => {
    const res = await call({ routeId: 'invoices.thresholdStatistics', query: { year: '26' } });
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'year' });
  });
});
