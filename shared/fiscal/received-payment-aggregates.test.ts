import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compute303, design303v2024_10, design303v2026 } from './models/model-303';
import { modelInput } from './models/testing';
import type { PaymentForAggregates } from './payment-aggregates';
import {
  receivedCashDeadlineOf,
  receivedCashSettlements,
  receivedPaymentContributions,
} from './received-payment-aggregates';
import {
  type AggregateContribution,
  mergeLines,
  periodsOf,
  type ReceivedForAggregates,
  type ReceivedLineKind,
  receivedContribution,
} from './tax-aggregates';

type Line = ReceivedForAggregates['lines'][number];

const line = (over: Partial<Line> = {}): Line => {
  const l = {
    kind: 'DOMESTIC' as ReceivedLineKind,
    vatRateBp: 2100,
    recargoRateBp: 0,
    baseCents: 100_000,
    vatCents: 21_000,
    recargoCents: 0,
    deductibleVatCents: 21_000,
    investmentGoods: false,
    ...over,
  };
  return l;
};

/** A received invoice as the aggregates read it: by default 1.000 € + 21 % from a supplier in the RECC. */
const rec = (lines: Line[] = [line()], over: Partial<ReceivedForAggregates> = {}): ReceivedForAggregates => ({
  date: '2026-02-10',
  supplier: { taxIdKey: 'B12345674', name: 'Proveedor RECC SL', country: 'ES' },
  lines,
  irpfCents: 0,
  totalCents: lines.reduce(
    (s, l) => s + l.baseCents + (l.kind === 'DOMESTIC' ? l.vatCents : 0) + l.recargoCents,
    0,
  ),
  deductionOnPayment: 'SUPPLIER_RECC',
  operationDate: '2026-02-10',
  ...over,
});

const payment = (
  i: number,
  amountCents: number,
  paidAt: string,
  over: Partial<PaymentForAggregates> = {},
): PaymentForAggregates => ({
  paymentId: `p${String(i).padStart(3, '0')}`,
  amountCents,
  paidAt,
  method: 'TRANSFER',
  createdAt: `2026-05-01T10:00:${String(i).padStart(2, '0')}.000Z`,
  ...over,
});

/** [date, key, deductible base, deductible VAT] of each settlement line. */
const deductions = (cs: AggregateContribution[]) =>
  cs.flatMap((c) => c.byKey.map((l) => [c.date, l.taxKey, l.deductibleBaseCents, l.deductibleVatCents]));

/** The quarters' lines of some contributions (what the aggregate items of each quarter hold). */
function quarters(cs: AggregateContribution[]) {
  const out = new Map<string, AggregateContribution['byKey']>();
  for (const c of cs) {
    const q = periodsOf(c.date).quarter;
    out.set(q, mergeLines(out.get(q) ?? [], c.byKey));
  }
  return out;
}

describe('receivedPaymentContributions: a supplier under the criterio de caja (art. 163 quinquiesdecies.Uno LIVA)', () => {
  it('1.210 € at 21 % paid half in Q1 and half in Q3: 105 € deductible in each', () => {
    const r = rec();
    expect(r.totalCents).toBe(121_000);
    const paid = [payment(1, 60_500, '2026-03-20'), payment(2, 60_500, '2026-08-05')];
    expect(deductions(receivedPaymentContributions(r, paid, 1))).toEqual([
      ['2026-03-20', 'CAJA|DOMESTIC|2100|0|C', 50_000, 10_500],
      ['2026-08-05', 'CAJA|DOMESTIC|2100|0|C', 50_000, 10_500],
    ]);
    // The invoice's own line is marked `|C` (303 [74]/[75]) and keeps its figures.
    expect(receivedContribution(r, 1).byKey).toEqual([
      expect.objectContaining({
        taxKey: 'DOMESTIC|2100|0|C|0|C',
        baseCents: 100_000,
        vatCents: 21_000,
        deductibleVatCents: 21_000,
        count: 1,
      }),
    ]);
  });

  it('what is unpaid becomes deductible on 31 December of the year after the operation', () => {
    const r = rec([line()], { date: '2026-03-02', operationDate: '2025-12-20' });
    expect(receivedCashDeadlineOf(r)).toBe('2026-12-31');
    expect(deductions(receivedPaymentContributions(r, [], 1))).toEqual([
      ['2026-12-31', 'CAJA|DOMESTIC|2100|0|C', 100_000, 21_000],
    ]);
    // Half paid: half then, the rest at the deadline.
    expect(deductions(receivedPaymentContributions(rec(), [payment(1, 60_500, '2026-03-20')], 1))).toEqual([
      ['2026-03-20', 'CAJA|DOMESTIC|2100|0|C', 50_000, 10_500],
      ['2027-12-31', 'CAJA|DOMESTIC|2100|0|C', 50_000, 10_500],
    ]);
  });

  it('a payment after the deadline settles nothing; one before the invoice is held deducts at its book date', () => {
    const late = [payment(1, 60_500, '2028-01-10')];
    expect(deductions(receivedPaymentContributions(rec(), late, 1))).toEqual([
      ['2027-12-31', 'CAJA|DOMESTIC|2100|0|C', 100_000, 21_000],
    ]);
    // Arts. 97 and 98.Dos LIVA: no deduction before holding the invoice (book date 10/02).
    const early = [payment(1, 121_000, '2026-01-15')];
    expect(deductions(receivedPaymentContributions(rec(), early, 1))).toEqual([
      ['2026-02-10', 'CAJA|DOMESTIC|2100|0|C', 100_000, 21_000],
    ]);
  });

  it('defers only DOMESTIC lines, with their deductible share, and DELETED payments settle nothing', () => {
    const r = rec([
      line({ baseCents: 10_000, vatCents: 2_100, deductibleVatCents: 1_050 }),
      line({ kind: 'INTRA_EU_SERVICES', baseCents: 5_000, vatCents: 1_050, deductibleVatCents: 1_050 }),
      line({ kind: 'EXEMPT', vatRateBp: 0, baseCents: 3_000, vatCents: 0, deductibleVatCents: 0 }),
    ]);
    expect(receivedContribution(r, 1).byKey.map((l) => l.taxKey)).toEqual([
      'DOMESTIC|2100|0|C|0|C',
      'EXEMPT|0|0|C|0',
      'INTRA_EU_SERVICES|2100|0|C|0',
    ]);
    const paid = [
      payment(1, 4_000, '2026-02-20', { status: 'DELETED' }),
      payment(2, r.totalCents, '2026-04-01'),
    ];
    expect(deductions(receivedPaymentContributions(r, paid, 1))).toEqual([
      ['2026-04-01', 'CAJA|DOMESTIC|2100|0|C', 5_000, 1_050],
    ]);
  });

  it('nothing is deferred under the general regime nor on a rectificativa with nothing to pay', () => {
    const general = rec([line()], { deductionOnPayment: null });
    expect(receivedCashSettlements(general, [payment(1, 60_500, '2026-03-20')])).toEqual([]);
    expect(receivedContribution(general, 1).byKey[0]!.taxKey).toBe('DOMESTIC|2100|0|C|0');
    const credit = rec([line({ baseCents: -10_000, vatCents: -2_100, deductibleVatCents: -2_100 })], {
      rectifiedDates: ['2025-11-03'],
    });
    expect(credit.totalCents).toBe(-12_100);
    expect(receivedPaymentContributions(credit, [], 1)).toEqual([]);
    // Its rectified deduction goes by the general rule ([40]/[41]).
    expect(receivedContribution(credit, 1).byKey[0]!.taxKey).toBe('DOMESTIC|2100|0|C|Q');
  });

  it("the company's own regime (art. 163 terdecies LIVA) defers the same lines by the same rule, from what the invoice stores", () => {
    const lines = [
      line(),
      line({ kind: 'INTRA_EU_GOODS', vatRateBp: 2100, vatCents: 2_100, baseCents: 10_000 }),
    ];
    const paid = [payment(1, 30_000, '2026-03-20'), payment(2, 20_000, '2026-11-02')];
    const supplier = rec(lines);
    const own = rec(lines, { deductionOnPayment: 'OWN_RECC' });
    expect(receivedContribution(own, 1)).toEqual(receivedContribution(supplier, 1));
    expect(receivedPaymentContributions(own, paid, 1)).toEqual(
      receivedPaymentContributions(supplier, paid, 1),
    );
    // The intra-EU acquisition is outside the regime (art. 163 duodecies.Dos.c LIVA): deducted at once.
    expect(receivedContribution(own, 1).byKey.map((l) => l.taxKey)).toEqual([
      'DOMESTIC|2100|0|C|0|C',
      'INTRA_EU_GOODS|2100|0|C|0',
    ]);
    expect(deductions(receivedPaymentContributions(own, paid, 1)).map(([date]) => date)).toEqual([
      '2026-03-20',
      '2026-11-02',
      '2027-12-31',
    ]);
  });

  it('the settlements add up to the deferred figures, and the payment writes (after − before) to the final state', () => {
    const dayArb = fc.integer({ min: 0, max: 900 });
    const dateOf = (d: number) => new Date(Date.UTC(2026, 1, 10) + d * 86_400_000).toISOString().slice(0, 10);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.constantFrom(2100, 1000, 400),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.record({ weight: fc.integer({ min: 1, max: 50 }), day: dayArb, del: fc.boolean() }), {
          maxLength: 6,
        }),
        (base, rate, shareBp, ops) => {
          const vat = Math.round((base * rate) / 10_000);
          const r = rec([
            line({
              baseCents: base,
              vatRateBp: rate,
              vatCents: vat,
              deductibleVatCents: Math.round((vat * shareBp) / 10_000),
            }),
          ]);
          const own = receivedContribution(r, 1).byKey[0]!;
          let payments: PaymentForAggregates[] = [];
          const written: AggregateContribution[] = [...receivedPaymentContributions(r, [], 1)];
          ops.forEach((op, i) => {
            const paid = payments
              .filter((p) => p.status !== 'DELETED')
              .reduce((s, p) => s + p.amountCents, 0);
            const amount = Math.min(r.totalCents - paid, Math.ceil((r.totalCents * op.weight) / 100));
            let next: PaymentForAggregates[];
            const live = payments.filter((p) => p.status !== 'DELETED');
            if (op.del && live.length > 0) {
              const gone = live[i % live.length]!;
              next = payments.map((p) => (p === gone ? { ...p, status: 'DELETED' } : p));
            } else if (amount > 0) {
              next = [...payments, payment(i, amount, dateOf(op.day))];
            } else return;
            written.push(
              ...receivedPaymentContributions(r, payments, -1),
              ...receivedPaymentContributions(r, next, 1),
            );
            payments = next;
          });
          const final = receivedPaymentContributions(r, payments, 1);
          const sum = (cs: AggregateContribution[]) => mergeLines(...cs.map((c) => c.byKey));
          // Whatever was paid and when, the whole deductible VAT and base are settled exactly once.
          expect(sum(final)).toEqual([
            expect.objectContaining({
              deductibleVatCents: own.deductibleVatCents,
              deductibleBaseCents: own.deductibleBaseCents,
              baseCents: base,
              vatCents: vat,
              count: 0,
            }),
          ]);
          const nonEmpty = (m: ReturnType<typeof quarters>) =>
            Object.fromEntries([...m].filter(([, l]) => l.length > 0));
          expect(nonEmpty(quarters(written))).toEqual(nonEmpty(quarters(final)));
          for (const c of final) expect(c.date <= '2027-12-31' && c.date >= r.date).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('the 303 of a recipient of the criterio de caja (boxes [74]/[75] and the deduction)', () => {
  /** The 303 of a quarter from an invoice's and its payments' contributions. */
  const quarter303 = (cs: AggregateContribution[], q: string, design = design303v2024_10) => {
    const year = Number(q.slice(0, 4));
    const received = quarters(cs).get(q) ?? [];
    return compute303(
      modelInput('303', year, `${q.slice(-1)}T` as '1T', {
        lines: {
          byKey: { ISSUED: [], RECEIVED: received },
          byCounterparty: { ISSUED: [], RECEIVED: [] },
          byInvoiceType: { ISSUED: [], RECEIVED: [] },
        },
      }),
      design,
    ).boxes;
  };

  it('Q1 informs the invoice in [74]/[75] and deducts the Q1 half; Q3 deducts the other half', () => {
    for (const [year, design] of [
      [2025, design303v2024_10],
      [2026, design303v2026],
    ] as const) {
      const r = rec([line()], { date: `${year}-02-10`, operationDate: `${year}-02-10` });
      const paid = [payment(1, 60_500, `${year}-03-20`), payment(2, 60_500, `${year}-08-05`)];
      const cs = [receivedContribution(r, 1), ...receivedPaymentContributions(r, paid, 1)];
      const q1 = quarter303(cs, `${year}-Q1`, design);
      expect([q1['74'], q1['75'], q1['28'], q1['29'], q1['45']]).toEqual([
        100_000, 21_000, 50_000, 10_500, 10_500,
      ]);
      const q2 = quarter303(cs, `${year}-Q2`, design);
      expect([q2['74'], q2['29']]).toEqual([0, 0]);
      const q3 = quarter303(cs, `${year}-Q3`, design);
      expect([q3['74'], q3['75'], q3['28'], q3['29'], q3['71']]).toEqual([0, 0, 50_000, 10_500, -10_500]);
    }
  });

  it('an unpaid invoice is deducted in the 4T of the year after the operation', () => {
    const r = rec();
    const cs = [receivedContribution(r, 1), ...receivedPaymentContributions(r, [], 1)];
    expect(quarter303(cs, '2026-Q1', design303v2026)['29']).toBe(0);
    const q4 = quarter303(cs, '2027-Q4', design303v2026);
    expect([q4['28'], q4['29'], q4['74']]).toEqual([100_000, 21_000, 0]);
  });
});
