import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECEIVED_LINE_KINDS, type ReceivedInvoice } from '../schemas/received-invoices';
import {
  computeReceivedInvoiceTotals,
  isSelfAssessed,
  type ReceivedTotalsLine,
  storedDeductionOnPayment,
  toReceivedForAggregates,
} from './received-invoice-totals';
import { allowedRecargoBps, VAT_RATE_BPS } from './vat';

const line = (l: Partial<ReceivedTotalsLine>): ReceivedTotalsLine => ({
  quantityMilli: 1000,
  unitPriceCents: 0,
  discountBp: 0,
  vatRateBp: 2100,
  kind: 'DOMESTIC',
  deductibleBp: 10_000,
  recargoRateBp: 0,
  investmentGoods: false,
  ...l,
});

/** Independent half-up rounding of n·r/10000 for non-negative n (not the code under test). */
const expectedBp = (n: number, bp: number): number =>
  Number((2n * BigInt(n) * BigInt(bp) + 10_000n) / 20_000n);

describe('computeReceivedInvoiceTotals: examples computed by hand', () => {
  it('domestic lines with a 50 % deductible car, recargo and IRPF', () => {
    const t = computeReceivedInvoiceTotals({
      lines: [
        // 3 × 333.33 € = 999.99 € at 21 %
        line({ quantityMilli: 3000, unitPriceCents: 33_333 }),
        // 1.5 × 0.33 € = 0.495 -> 0.50 € at 21 % in the same group: 1,000.49 € -> quota 210.1029 -> 210.10 €
        line({ quantityMilli: 1500, unitPriceCents: 33 }),
        // car leasing 400.01 € at 21 %, 50 % deductible: quota 84.0021 -> 84.00, deductible 42.00
        line({ unitPriceCents: 40_001, deductibleBp: 5000 }),
        // goods for resale with recargo 5.2 %: 100 € -> VAT 21.00 €, recargo 5.20 €
        line({ unitPriceCents: 10_000, recargoRateBp: 520 }),
      ],
      irpfRateBp: 1500,
    });
    expect(t.lineBasesCents).toEqual([99_999, 50, 40_001, 10_000]);
    expect(t.breakdown).toEqual([
      {
        kind: 'DOMESTIC',
        vatRateBp: 2100,
        recargoRateBp: 520,
        deductibleBp: 10_000,
        investmentGoods: false,
        baseCents: 10_000,
        vatCents: 2100,
        recargoCents: 520,
        // Art. 154.Dos LIVA: the retailer in recargo de equivalencia deducts nothing of it.
        deductibleVatCents: 0,
      },
      {
        kind: 'DOMESTIC',
        vatRateBp: 2100,
        recargoRateBp: 0,
        deductibleBp: 10_000,
        investmentGoods: false,
        baseCents: 100_049,
        vatCents: 21_010,
        recargoCents: 0,
        deductibleVatCents: 21_010,
      },
      {
        kind: 'DOMESTIC',
        vatRateBp: 2100,
        recargoRateBp: 0,
        deductibleBp: 5000,
        investmentGoods: false,
        baseCents: 40_001,
        vatCents: 8400,
        recargoCents: 0,
        deductibleVatCents: 4200,
      },
    ]);
    expect(t.baseCents).toBe(150_050);
    expect(t.vatCents).toBe(31_510);
    expect(t.supplierVatCents).toBe(31_510);
    expect(t.deductibleVatCents).toBe(25_210);
    expect(t.recargoCents).toBe(520);
    // 15 % of 1,500.50 € = 225.075 -> 225.08 €
    expect(t.irpfCents).toBe(22_508);
    expect(t.totalCents).toBe(150_050 + 31_510 + 520 - 22_508);
  });

  it('self-assessed and import quotas are not payable to the supplier; exempt carries none', () => {
    const t = computeReceivedInvoiceTotals({
      lines: [
        line({ unitPriceCents: 100_000, kind: 'INTRA_EU_GOODS' }),
        line({ unitPriceCents: 20_000, kind: 'REVERSE_CHARGE', deductibleBp: 5000 }),
        line({ unitPriceCents: 50_000, kind: 'IMPORT', vatRateBp: 1000 }),
        line({ unitPriceCents: 3000, kind: 'EXEMPT', vatRateBp: 0 }),
      ],
      irpfRateBp: 0,
    });
    expect(t.selfAssessedVatCents).toBe(21_000 + 4200);
    expect(t.importVatCents).toBe(5000);
    expect(t.supplierVatCents).toBe(0);
    expect(t.vatCents).toBe(30_200);
    expect(t.deductibleVatCents).toBe(21_000 + 2100 + 5000);
    expect(t.totalCents).toBe(173_000);
    expect(t.breakdown.map((g) => g.kind)).toEqual(['REVERSE_CHARGE', 'INTRA_EU_GOODS', 'IMPORT', 'EXEMPT']);
    expect(t.breakdown.at(-1)).toMatchObject({ vatCents: 0, deductibleVatCents: 0 });
  });

  it('investment goods form their own group', () => {
    const t = computeReceivedInvoiceTotals({
      lines: [line({ unitPriceCents: 5 }), line({ unitPriceCents: 5, investmentGoods: true })],
      irpfRateBp: 0,
    });
    // two groups of 0.05 € -> 0.0105 -> 0.01 € each (a single group of 0.10 € would give 0.02 €)
    expect(t.breakdown).toHaveLength(2);
    expect(t.vatCents).toBe(2);
  });
});

describe('computeReceivedInvoiceTotals: rectificativas (negative amounts)', () => {
  it('a credit note by differences gives negative totals, rounded half away from zero', () => {
    const t = computeReceivedInvoiceTotals({
      lines: [
        // returned goods: −1.5 × 0.33 € = −0.495 → −0.50 €
        line({ quantityMilli: -1500, unitPriceCents: 33 }),
        // a rappel as a negative price: −100.01 €, 50 % deductible
        line({ unitPriceCents: -10_001, deductibleBp: 5000 }),
        // self-assessed intra-EU goods returned: −200 €
        line({ quantityMilli: -2000, unitPriceCents: 10_000, kind: 'INTRA_EU_GOODS' }),
      ],
      irpfRateBp: 1500,
    });
    expect(t.lineBasesCents).toEqual([-50, -10_001, -20_000]);
    // −0.50 € × 21 % = −0.105 → −0.11 €; −100.01 € × 21 % = −21.0021 → −21.00 €, deductible −10.50 €
    expect(t.breakdown.map((g) => [g.kind, g.baseCents, g.vatCents, g.deductibleVatCents])).toEqual([
      ['DOMESTIC', -50, -11, -11],
      ['DOMESTIC', -10_001, -2100, -1050],
      ['INTRA_EU_GOODS', -20_000, -4200, -4200],
    ]);
    expect(t.baseCents).toBe(-30_051);
    expect(t.supplierVatCents).toBe(-2111);
    expect(t.selfAssessedVatCents).toBe(-4200);
    expect(t.deductibleVatCents).toBe(-5261);
    // 15 % of −300.51 € = −45.0765 → −45.08 €
    expect(t.irpfCents).toBe(-4508);
    expect(t.totalCents).toBe(-30_051 - 2111 + 4508);
  });
});

const kindArb = fc.constantFrom(...RECEIVED_LINE_KINDS);
const lineArb: fc.Arbitrary<ReceivedTotalsLine> = fc
  .record({
    quantityMilli: fc.integer({ min: 1, max: 10_000_000 }),
    unitPriceCents: fc.integer({ min: 0, max: 100_000_000 }),
    discountBp: fc.integer({ min: 0, max: 10_000 }),
    vatRateBp: fc.constantFrom(...VAT_RATE_BPS),
    kind: kindArb,
    deductibleBp: fc.oneof(fc.constant(10_000), fc.constant(5000), fc.integer({ min: 0, max: 10_000 })),
    withRecargo: fc.boolean(),
    investmentGoods: fc.boolean(),
  })
  .map(({ withRecargo, ...l }) => {
    const exempt = l.kind === 'EXEMPT' || l.kind === 'NOT_SUBJECT';
    const vatRateBp = exempt ? 0 : l.vatRateBp;
    const recargoRateBp = withRecargo && l.kind === 'DOMESTIC' ? (allowedRecargoBps(vatRateBp)[0] ?? 0) : 0;
    return { ...l, vatRateBp, recargoRateBp };
  });
const inputArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 12 }),
  irpfRateBp: fc.oneof(fc.constant(0), fc.constant(1500), fc.integer({ min: 0, max: 10_000 })),
});

describe('computeReceivedInvoiceTotals: properties', () => {
  it('every amount is an integer (no floats)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = computeReceivedInvoiceTotals(input);
        const amounts = [
          t.baseCents,
          t.vatCents,
          t.supplierVatCents,
          t.selfAssessedVatCents,
          t.importVatCents,
          t.deductibleVatCents,
          t.recargoCents,
          t.irpfCents,
          t.totalCents,
          ...t.lineBasesCents,
          ...t.breakdown.flatMap((g) => [g.baseCents, g.vatCents, g.recargoCents, g.deductibleVatCents]),
        ];
        for (const a of amounts) expect(Number.isSafeInteger(a)).toBe(true);
      }),
    );
  });

  it('groups add up to the totals, and each quota is rounded once on its group base', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = computeReceivedInvoiceTotals(input);
        const sum = (f: (g: (typeof t.breakdown)[number]) => number) =>
          t.breakdown.reduce((s, g) => s + f(g), 0);
        expect(sum((g) => g.baseCents)).toBe(t.baseCents);
        expect(t.lineBasesCents.reduce((s, b) => s + b, 0)).toBe(t.baseCents);
        expect(sum((g) => g.vatCents)).toBe(t.vatCents);
        expect(t.supplierVatCents + t.selfAssessedVatCents + t.importVatCents).toBe(t.vatCents);
        expect(sum((g) => g.deductibleVatCents)).toBe(t.deductibleVatCents);
        expect(sum((g) => g.recargoCents)).toBe(t.recargoCents);
        expect(t.totalCents).toBe(t.baseCents + t.supplierVatCents + t.recargoCents - t.irpfCents);
        expect(t.irpfCents).toBe(expectedBp(t.baseCents, input.irpfRateBp));
        for (const g of t.breakdown) {
          expect(g.vatCents).toBe(expectedBp(g.baseCents, g.vatRateBp));
          expect(g.deductibleVatCents).toBe(g.recargoRateBp > 0 ? 0 : expectedBp(g.vatCents, g.deductibleBp));
          if (g.kind !== 'DOMESTIC') expect(g.recargoCents).toBe(0);
        }
      }),
    );
  });

  it('deductible VAT never exceeds the quota, and a fully deductible group deducts all of it', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = computeReceivedInvoiceTotals(input);
        expect(t.deductibleVatCents).toBeLessThanOrEqual(t.vatCents);
        for (const g of t.breakdown) {
          expect(g.deductibleVatCents).toBeGreaterThanOrEqual(0);
          expect(g.deductibleVatCents).toBeLessThanOrEqual(g.vatCents);
          if (g.deductibleBp === 10_000 && g.recargoRateBp === 0)
            expect(g.deductibleVatCents).toBe(g.vatCents);
          if (g.recargoRateBp > 0) expect(g.deductibleVatCents).toBe(0);
          if (g.kind === 'EXEMPT' || g.kind === 'NOT_SUBJECT') expect(g.vatCents).toBe(0);
        }
      }),
    );
  });

  it('line order does not change the result', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const a = computeReceivedInvoiceTotals(input);
        const b = computeReceivedInvoiceTotals({ ...input, lines: [...input.lines].reverse() });
        expect(b.breakdown).toEqual(a.breakdown);
        expect(b.totalCents).toBe(a.totalCents);
      }),
    );
  });

  it('a rectificativa that negates every line gives exactly the totals negated', () => {
    fc.assert(
      fc.property(inputArb, fc.boolean(), (input, byPrice) => {
        const a = computeReceivedInvoiceTotals(input);
        const negated = input.lines.map((l) =>
          byPrice ? { ...l, unitPriceCents: -l.unitPriceCents } : { ...l, quantityMilli: -l.quantityMilli },
        );
        const b = computeReceivedInvoiceTotals({ ...input, lines: negated });
        const neg = (n: number) => (n === 0 ? 0 : -n);
        expect(b.baseCents).toBe(neg(a.baseCents));
        expect(b.vatCents).toBe(neg(a.vatCents));
        expect(b.deductibleVatCents).toBe(neg(a.deductibleVatCents));
        expect(b.recargoCents).toBe(neg(a.recargoCents));
        expect(b.irpfCents).toBe(neg(a.irpfCents));
        expect(b.totalCents).toBe(neg(a.totalCents));
        expect(b.breakdown.map((g) => g.vatCents)).toEqual(a.breakdown.map((g) => neg(g.vatCents)));
      }),
    );
  });

  it('the aggregates view carries the groups exactly', () => {
    fc.assert(
      fc.property(inputArb, fc.boolean(), (input, withAccountingDate) => {
        const totals = computeReceivedInvoiceTotals(input);
        const rec = {
          issueDate: '2026-01-31',
          accountingDate: withAccountingDate ? '2026-02-03' : '',
          supplier: { supplierId: null, name: 'Proveedor', taxId: 'B12345674', country: 'ES' },
          totals,
        } as unknown as ReceivedInvoice;
        const agg = toReceivedForAggregates(rec);
        expect(agg.date).toBe(withAccountingDate ? '2026-02-03' : '2026-01-31');
        expect(agg.supplier).toEqual({ taxIdKey: 'B12345674', name: 'Proveedor', country: 'ES' });
        expect(agg.lines.reduce((s, l) => s + l.baseCents, 0)).toBe(totals.baseCents);
        expect(agg.lines.reduce((s, l) => s + l.deductibleVatCents, 0)).toBe(totals.deductibleVatCents);
        expect(agg.lines.filter((l) => isSelfAssessed(l.kind)).reduce((s, l) => s + l.vatCents, 0)).toBe(
          totals.selfAssessedVatCents,
        );
        expect(agg.totalCents).toBe(totals.totalCents);
        expect(agg.irpfCents).toBe(totals.irpfCents);
        // An ordinary invoice (stored before rectificativas existed: no `rectification`) rectifies nothing.
        expect(agg.rectifiedDates).toEqual([]);
      }),
    );
  });
});

describe('toReceivedForAggregates: rectificativas', () => {
  it('carries the issue dates of the rectified invoices and the negative groups', () => {
    const totals = computeReceivedInvoiceTotals({
      lines: [line({ quantityMilli: -1000, unitPriceCents: 10_000 })],
      irpfRateBp: 0,
    });
    const rec = {
      issueDate: '2026-04-03',
      accountingDate: '2026-04-05',
      invoiceType: 'R1',
      supplier: { supplierId: 's1', name: 'Proveedor', taxId: 'B12345674', country: 'ES' },
      rectification: {
        method: 'DIFFERENCES',
        rectified: [
          { receivedInvoiceId: 'ri-1', supplierInvoiceNumber: 'F-7', issueDate: '2026-02-27' },
          { receivedInvoiceId: null, supplierInvoiceNumber: 'F-9', issueDate: '2026-03-15' },
        ],
      },
      totals,
    } as unknown as ReceivedInvoice;
    const agg = toReceivedForAggregates(rec);
    expect(agg.date).toBe('2026-04-05');
    expect(agg.rectifiedDates).toEqual(['2026-02-27', '2026-03-15']);
    expect(agg.lines).toEqual([
      expect.objectContaining({
        kind: 'DOMESTIC',
        baseCents: -10_000,
        vatCents: -2100,
        deductibleVatCents: -2100,
      }),
    ]);
    expect(agg.totalCents).toBe(-12_100);
    expect(toReceivedForAggregates({ ...rec, rectification: null }).rectifiedDates).toEqual([]);
  });
});

describe('toReceivedForAggregates: the deduction the criterio de caja defers, as stored', () => {
  const rec = (over: Partial<ReceivedInvoice>) =>
    ({
      issueDate: '2025-11-10',
      operationDate: '2025-10-31',
      accountingDate: '2025-11-12',
      invoiceType: 'F1',
      supplier: { supplierId: 's1', name: 'Proveedor', taxId: 'B12345674', country: 'ES' },
      rectification: null,
      totals: computeReceivedInvoiceTotals({ lines: [line({})], irpfRateBp: 0 }),
      ...over,
    }) as unknown as ReceivedInvoice;

  it('reads the stored reason, and derives it for an item stored before it (the supplier’s mark only)', () => {
    expect(storedDeductionOnPayment({ deductionOnPayment: 'OWN_RECC', supplierCashCriterion: false })).toBe(
      'OWN_RECC',
    );
    expect(storedDeductionOnPayment({ deductionOnPayment: null, supplierCashCriterion: false })).toBeNull();
    expect(storedDeductionOnPayment({ supplierCashCriterion: true })).toBe('SUPPLIER_RECC');
    expect(storedDeductionOnPayment({ supplierCashCriterion: false })).toBeNull();
    expect(storedDeductionOnPayment({})).toBeNull();
  });

  it("carries it with the operation date (the deadline's year); nothing for the general rule", () => {
    expect(toReceivedForAggregates(rec({ deductionOnPayment: 'OWN_RECC' }))).toMatchObject({
      deductionOnPayment: 'OWN_RECC',
      operationDate: '2025-10-31',
      date: '2025-11-12',
    });
    expect(toReceivedForAggregates(rec({ supplierCashCriterion: true }))).toMatchObject({
      deductionOnPayment: 'SUPPLIER_RECC',
    });
    const general = toReceivedForAggregates(rec({ deductionOnPayment: null, supplierCashCriterion: false }));
    expect(general.deductionOnPayment).toBeUndefined();
    expect(general.operationDate).toBeUndefined();
  });
});
