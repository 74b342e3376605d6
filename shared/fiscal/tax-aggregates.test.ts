import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Invoice, RectifiedInvoiceRef } from '../schemas/invoices';
import {
  type AggregateContribution,
  counterpartyKeyOf,
  type IssuedForAggregates,
  issuedContribution,
  mergeCounterparties,
  mergeInvoiceTypes,
  mergeLines,
  periodKind,
  periodsOf,
  type ReceivedForAggregates,
  receivedContribution,
  sumLines,
} from './tax-aggregates';

type Group = Invoice['breakdown'][number];

const OPS = ['S1', 'S2', 'N1', 'N2', 'E1', 'E5', 'E6'] as const;
const cents = fc.integer({ min: -5_000_000, max: 50_000_000 });

const groupArb: fc.Arbitrary<Group> = fc
  .record({
    operation: fc.constantFrom(...OPS),
    vatRateBp: fc.constantFrom(2100, 1000, 400, 0),
    recargo: fc.constantFrom(0, 520, 140, 50, 175),
    baseCents: cents,
    vatCents: cents,
    recargoCents: cents,
  })
  .map((g) =>
    g.operation === 'S1'
      ? {
          operation: g.operation,
          vatRateBp: g.vatRateBp,
          recargoRateBp: g.recargo,
          baseCents: g.baseCents,
          vatCents: g.vatCents,
          recargoCents: g.recargo === 0 ? 0 : g.recargoCents,
        }
      : {
          operation: g.operation,
          vatRateBp: 0,
          recargoRateBp: 0,
          baseCents: g.baseCents,
          vatCents: 0,
          recargoCents: 0,
        },
  );

/** Totals consistent with the breakdown, as computeInvoiceTotals gives them. */
const totalsOf = (breakdown: Group[], irpfCents: number) => {
  const baseCents = breakdown.reduce((s, g) => s + g.baseCents, 0);
  const vatCents = breakdown.reduce((s, g) => s + g.vatCents, 0);
  const recargoCents = breakdown.reduce((s, g) => s + g.recargoCents, 0);
  return {
    baseCents,
    vatCents,
    recargoCents,
    irpfCents,
    totalCents: baseCents + vatCents + recargoCents - irpfCents,
  };
};

const customerArb = fc.oneof(
  fc.constant(null),
  fc.record({
    taxId: fc.constantFrom('B12345678', '12345678Z', null),
    name: fc.string(),
    country: fc.constant('ES'),
  }),
  fc.record({
    taxId: fc.record({
      type: fc.constant('NIF_IVA'),
      value: fc.constantFrom('FR12345678901', 'DE123456789'),
      country: fc.constantFrom('FR', 'DE'),
    }),
    name: fc.string(),
    country: fc.constantFrom('FR', 'DE'),
  }),
);

const dateArb = fc
  .record({
    y: fc.integer({ min: 2020, max: 2030 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);

const issuedArb: fc.Arbitrary<IssuedForAggregates> = fc
  .record({
    invoiceDate: dateArb,
    invoiceType: fc.constantFrom('F1', 'F2', 'F3', 'R1', 'R5'),
    customer: customerArb,
    breakdown: fc.array(groupArb, { minLength: 1, maxLength: 8 }),
    irpfCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1_000_000 })),
  })
  .map(({ breakdown, irpfCents, ...rest }) => ({
    ...rest,
    breakdown,
    totals: totalsOf(breakdown, irpfCents),
  }));

const rectifiedArb: fc.Arbitrary<RectifiedInvoiceRef> = fc
  .record({
    breakdown: fc.array(groupArb, { minLength: 1, maxLength: 4 }),
    irpfCents: fc.integer({ min: 0, max: 100_000 }),
  })
  .map(({ breakdown, irpfCents }) => ({
    invoiceId: 'inv-old',
    invoiceNumber: 'F-2026-0001',
    invoiceDate: '2026-01-10',
    invoiceType: 'F1',
    breakdown,
    totals: totalsOf(breakdown, irpfCents),
  }));

const receivedArb: fc.Arbitrary<ReceivedForAggregates> = fc.record({
  date: dateArb,
  supplier: fc.record({
    taxIdKey: fc.constantFrom('ES:NIF:B12345678', null),
    name: fc.string(),
    country: fc.constant('ES'),
  }),
  lines: fc.array(
    fc.record({
      kind: fc.constantFrom(
        'DOMESTIC',
        'REVERSE_CHARGE',
        'INTRA_EU_GOODS',
        'INTRA_EU_SERVICES',
        'IMPORT',
        'EXEMPT',
        'NOT_SUBJECT',
      ),
      vatRateBp: fc.constantFrom(2100, 1000, 400, 0),
      recargoRateBp: fc.constantFrom(0, 520),
      baseCents: cents,
      vatCents: cents,
      recargoCents: cents,
      deductibleVatCents: cents,
      investmentGoods: fc.boolean(),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  irpfCents: fc.integer({ min: 0, max: 100_000 }),
  totalCents: cents,
});

/** contribution(+1) + contribution(−1): every merged figure is zero, so nothing remains. */
const cancelsOut = (a: AggregateContribution, b: AggregateContribution) => {
  expect(mergeLines(a.byKey, b.byKey)).toEqual([]);
  expect(mergeCounterparties(a.byCounterparty, b.byCounterparty)).toEqual([]);
  expect(mergeInvoiceTypes(a.byInvoiceType ?? [], b.byInvoiceType ?? [])).toEqual([]);
};

describe('issuedContribution', () => {
  it('+1 and −1 cancel out to zero', () => {
    fc.assert(
      fc.property(issuedArb, (inv) => cancelsOut(issuedContribution(inv, 1), issuedContribution(inv, -1))),
    );
  });

  it('the sum of its lines is the invoice totals, and −1 is the exact opposite', () => {
    fc.assert(
      fc.property(issuedArb, (inv) => {
        const { count: _c, ...totals } = { ...inv.totals, deductibleVatCents: 0, count: 0 };
        expect(sumLines(issuedContribution(inv, 1).byKey)).toEqual(totals);
        const neg = sumLines(issuedContribution(inv, -1).byKey);
        for (const [k, v] of Object.entries(totals))
          expect(neg[k as keyof typeof neg]).toBe(v === 0 ? 0 : -v);
      }),
    );
  });

  it('does not depend on the order of the breakdown', () => {
    fc.assert(
      fc.property(issuedArb, fc.integer(), (inv, seed) => {
        const shuffled = [...inv.breakdown]
          .sort((a, b) => ((a.baseCents ^ seed) & 7) - ((b.baseCents ^ seed) & 7))
          .reverse();
        expect(issuedContribution({ ...inv, breakdown: shuffled }, 1)).toEqual(issuedContribution(inv, 1));
      }),
    );
  });

  it('a substitution rectificativa is its amounts minus those of the invoices it rectifies', () => {
    fc.assert(
      fc.property(issuedArb, fc.array(rectifiedArb, { minLength: 1, maxLength: 3 }), (inv, rectified) => {
        const r = issuedContribution(
          { ...inv, invoiceType: 'R1', rectification: { method: 'SUBSTITUTION', reason: 'x', rectified } },
          1,
        );
        const expected = { ...inv.totals, deductibleVatCents: 0 };
        for (const old of rectified) {
          expected.baseCents -= old.totals.baseCents;
          expected.vatCents -= old.totals.vatCents;
          expected.recargoCents -= old.totals.recargoCents;
          expected.irpfCents -= old.totals.irpfCents;
          expected.totalCents -= old.totals.totalCents;
        }
        const sums = sumLines(r.byKey);
        for (const [k, v] of Object.entries(expected)) expect(sums[k as keyof typeof sums]).toBe(v);
        expect(r.byCounterparty[0]!.count).toBe(1);
        expect(r.byCounterparty[0]!.totalCents).toBe(expected.totalCents + expected.irpfCents);
        expect(r.byInvoiceType).toEqual(
          expected.baseCents === 0 && expected.totalCents === 0
            ? [{ invoiceType: 'R1', baseCents: 0, totalCents: 0, count: 1 }]
            : [
                {
                  invoiceType: 'R1',
                  baseCents: expected.baseCents,
                  totalCents: expected.totalCents,
                  count: 1,
                },
              ],
        );
        // Re-issuing the same figures by substitution changes nothing but the count.
        const same = issuedContribution(
          {
            ...inv,
            invoiceType: 'R1',
            rectification: {
              method: 'SUBSTITUTION',
              reason: 'x',
              rectified: [{ ...rectified[0]!, breakdown: inv.breakdown, totals: inv.totals }],
            },
          },
          1,
        );
        expect(sumLines(same.byKey)).toEqual({
          baseCents: 0,
          vatCents: 0,
          recargoCents: 0,
          irpfCents: 0,
          deductibleVatCents: 0,
          totalCents: 0,
        });
      }),
    );
  });

  it('a rectificativa by differences contributes its own (negative) amounts', () => {
    const breakdown = [
      {
        operation: 'S1',
        vatRateBp: 2100,
        recargoRateBp: 0,
        baseCents: -10_000,
        vatCents: -2_100,
        recargoCents: 0,
      },
    ];
    const c = issuedContribution(
      {
        invoiceDate: '2026-04-02',
        invoiceType: 'R4',
        customer: { taxId: 'B12345678', name: 'Cliente', country: 'ES' },
        breakdown,
        totals: totalsOf(breakdown, 0),
        rectification: { method: 'DIFFERENCES', reason: 'Descuento', rectified: [] },
      },
      1,
    );
    expect(c.date).toBe('2026-04-02');
    expect(c.byKey).toEqual([
      {
        taxKey: 'S1|2100|0',
        baseCents: -10_000,
        vatCents: -2_100,
        recargoCents: 0,
        irpfCents: 0,
        deductibleVatCents: 0,
        totalCents: -12_100,
        count: 1,
      },
    ]);
    expect(c.byCounterparty).toEqual([
      {
        counterpartyKey: 'B12345678',
        name: 'Cliente',
        country: 'ES',
        baseCents: -10_000,
        vatCents: -2_100,
        totalCents: -12_100,
        count: 1,
      },
    ]);
  });

  it('keys an invoice by operation, rate and recargo, with IRPF apart and a simplified invoice without customer unidentified', () => {
    const breakdown = [
      {
        operation: 'S1',
        vatRateBp: 2100,
        recargoRateBp: 520,
        baseCents: 10_000,
        vatCents: 2_100,
        recargoCents: 520,
      },
      {
        operation: 'S1',
        vatRateBp: 1000,
        recargoRateBp: 0,
        baseCents: 5_000,
        vatCents: 500,
        recargoCents: 0,
      },
      { operation: 'E1', vatRateBp: 0, recargoRateBp: 0, baseCents: 3_000, vatCents: 0, recargoCents: 0 },
    ];
    const c = issuedContribution(
      {
        invoiceDate: '2026-03-31',
        invoiceType: 'F2',
        customer: null,
        breakdown,
        totals: totalsOf(breakdown, 1_500),
      },
      1,
    );
    expect(c.byKey.map((l) => [l.taxKey, l.totalCents, l.count])).toEqual([
      ['E1|0|0', 3_000, 1],
      ['IRPF', -1_500, 1],
      ['S1|1000|0', 5_500, 1],
      ['S1|2100|520', 12_620, 1],
    ]);
    expect(c.byCounterparty[0]).toMatchObject({
      counterpartyKey: 'SIN_IDENTIFICAR',
      totalCents: 21_120,
      vatCents: 3_120,
    });
    expect(c.byInvoiceType).toEqual([{ invoiceType: 'F2', baseCents: 18_000, totalCents: 19_620, count: 1 }]);
  });
});

describe('receivedContribution', () => {
  it('+1 and −1 cancel out, and the lines sum to the received lines', () => {
    fc.assert(
      fc.property(receivedArb, (rec) => {
        cancelsOut(receivedContribution(rec, 1), receivedContribution(rec, -1));
        const sums = sumLines(receivedContribution(rec, 1).byKey);
        const sum = (f: 'baseCents' | 'vatCents' | 'recargoCents' | 'deductibleVatCents') =>
          rec.lines.reduce((s, l) => s + l[f], 0);
        expect(sums.baseCents).toBe(sum('baseCents'));
        expect(sums.vatCents).toBe(sum('vatCents'));
        expect(sums.recargoCents).toBe(sum('recargoCents'));
        expect(sums.deductibleVatCents).toBe(sum('deductibleVatCents'));
        expect(sums.irpfCents).toBe(rec.irpfCents);
        expect(sums.totalCents).toBe(
          sum('baseCents') + sum('vatCents') + sum('recargoCents') - rec.irpfCents,
        );
      }),
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(receivedArb, (rec) => {
        expect(receivedContribution({ ...rec, lines: [...rec.lines].reverse() }, 1)).toEqual(
          receivedContribution(rec, 1),
        );
      }),
    );
  });

  it('keeps investment goods apart and counts the supplier with the gross total', () => {
    const c = receivedContribution(
      {
        date: '2026-02-01',
        supplier: { taxIdKey: 'ES:NIF:B12345678', name: 'Proveedor', country: 'ES' },
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
          {
            kind: 'DOMESTIC',
            vatRateBp: 2100,
            recargoRateBp: 0,
            baseCents: 9_000,
            vatCents: 1_890,
            recargoCents: 0,
            deductibleVatCents: 1_890,
            investmentGoods: true,
          },
        ],
        irpfCents: 150,
        totalCents: 12_100 - 150,
      },
      1,
    );
    expect(c.byKey.map((l) => l.taxKey)).toEqual(['DOMESTIC|2100|0|C', 'DOMESTIC|2100|0|I', 'IRPF']);
    expect(c.byCounterparty).toEqual([
      {
        counterpartyKey: 'ES:NIF:B12345678',
        name: 'Proveedor',
        country: 'ES',
        baseCents: 10_000,
        vatCents: 2_100,
        totalCents: 12_100,
        count: 1,
      },
    ]);
  });
});

describe('periods and keys', () => {
  it('gives month and quarter of a date', () => {
    expect(periodsOf('2026-03-31')).toEqual({ month: '2026-03', quarter: '2026-Q1' });
    expect(periodsOf('2026-04-01')).toEqual({ month: '2026-04', quarter: '2026-Q2' });
    expect(periodsOf('2026-12-01')).toEqual({ month: '2026-12', quarter: '2026-Q4' });
    expect(() => periodsOf('2026-13-01')).toThrow();
    fc.assert(
      fc.property(dateArb, (d) => {
        const { month, quarter } = periodsOf(d);
        expect(periodKind(month)).toBe('MONTH');
        expect(periodKind(quarter)).toBe('QUARTER');
        expect(Math.ceil(Number(month.slice(5)) / 3)).toBe(Number(quarter.slice(6)));
      }),
    );
    expect(periodKind('2026')).toBe('YEAR');
    expect(periodKind('2026-Q5')).toBeUndefined();
  });

  it('keys counterparties by NIF or foreign id', () => {
    expect(counterpartyKeyOf('B12345678', 'ES')).toBe('B12345678');
    expect(counterpartyKeyOf({ type: 'NIF_IVA', value: 'FR12345678901', country: 'FR' }, 'ES')).toBe(
      'FR:NIF_IVA:FR12345678901',
    );
    expect(counterpartyKeyOf({ type: 'PASSPORT', value: 'X1' }, 'US')).toBe('US:PASSPORT:X1');
    expect(counterpartyKeyOf(null, 'ES')).toBe('SIN_IDENTIFICAR');
  });
});
