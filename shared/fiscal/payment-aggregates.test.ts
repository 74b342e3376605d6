import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../schemas/invoices';
import {
  cashDeadlineOf,
  cashFiguresOf,
  cashSettlements,
  type IssuedForPayments,
  type PaymentForAggregates,
  paymentContributions,
} from './payment-aggregates';
import type { AggregateContribution, IssuedForAggregates } from './tax-aggregates';

type Group = Invoice['breakdown'][number];

const groupArb: fc.Arbitrary<Group> = fc
  .record({
    operation: fc.constantFrom('S1', 'S1', 'S1', 'E1', 'N2'),
    vatRateBp: fc.constantFrom(2100, 1000, 400),
    recargoRateBp: fc.constantFrom(0, 0, 520),
    baseCents: fc.integer({ min: 1, max: 5_000_000 }),
  })
  .map((g) =>
    g.operation === 'S1'
      ? {
          ...g,
          vatCents: Math.round((g.baseCents * g.vatRateBp) / 10_000),
          recargoCents: Math.round((g.baseCents * g.recargoRateBp) / 10_000),
        }
      : { ...g, vatRateBp: 0, recargoRateBp: 0, vatCents: 0, recargoCents: 0 },
  );

const invoiceOf = (breakdown: Group[], over: Partial<IssuedForAggregates> = {}): IssuedForAggregates => {
  const baseCents = breakdown.reduce((s, g) => s + g.baseCents, 0);
  const vatCents = breakdown.reduce((s, g) => s + g.vatCents, 0);
  const recargoCents = breakdown.reduce((s, g) => s + g.recargoCents, 0);
  return {
    invoiceDate: '2026-02-10',
    invoiceType: 'F1',
    customer: { taxId: 'B12345678', name: 'Cliente', country: 'ES' },
    breakdown,
    totals: {
      baseCents,
      vatCents,
      recargoCents,
      irpfCents: 0,
      totalCents: baseCents + vatCents + recargoCents,
    },
    issuer: { vatRegime: 'CRITERIO_CAJA' },
    ...over,
  };
};

const invoiceArb = fc.array(groupArb, { minLength: 1, maxLength: 4 }).map((b) => invoiceOf(b));

/** Splits `total` into 1..n positive parts (the payments of a fully paid invoice). */
const splitArb = (total: number, max = 6) =>
  fc.array(fc.integer({ min: 1, max: 1_000 }), { minLength: 1, maxLength: max }).map((weights) => {
    const w = weights.reduce((s, x) => s + x, 0);
    const parts = weights.map((x) => Math.floor((total * x) / w)).filter((x) => x > 0);
    const rest = total - parts.reduce((s, x) => s + x, 0);
    if (parts.length === 0) return [total];
    parts[parts.length - 1]! += rest;
    return parts;
  });

const payment = (
  i: number,
  amountCents: number,
  over: Partial<PaymentForAggregates> = {},
): PaymentForAggregates => ({
  paymentId: `p${String(i).padStart(3, '0')}`,
  amountCents,
  paidAt: `2026-${String((i % 9) + 2).padStart(2, '0')}-15`,
  method: 'TRANSFER',
  createdAt: `2026-05-01T10:00:${String(i).padStart(2, '0')}.000Z`,
  ...over,
});

/** Σ of the CAJA lines of some contributions, per key: {key -> [base, vat, recargo]}. */
function cajaTotals(cs: AggregateContribution[]): Record<string, [number, number, number]> {
  const out: Record<string, [number, number, number]> = {};
  for (const c of cs) {
    for (const l of c.byKey) {
      const cur = out[l.taxKey] ?? [0, 0, 0];
      out[l.taxKey] = [cur[0] + l.baseCents, cur[1] + l.vatCents, cur[2] + l.recargoCents];
    }
  }
  for (const [k, v] of Object.entries(out)) if (v.every((n) => n === 0)) delete out[k];
  return out;
}

/** Σ of everything per date, key and counterparty line (what the aggregate items hold). */
function byItem(cs: AggregateContribution[]): Record<string, number> {
  const out: Record<string, number> = {};
  const add = (id: string, n: number) => {
    out[id] = (out[id] ?? 0) + n;
    if (out[id] === 0) delete out[id];
  };
  for (const c of cs) {
    for (const l of c.byKey) {
      add(`${c.date}#${l.taxKey}#base`, l.baseCents);
      add(`${c.date}#${l.taxKey}#vat`, l.vatCents);
      add(`${c.date}#${l.taxKey}#rec`, l.recargoCents);
    }
    for (const l of c.byCounterparty) add(`${c.date}#${l.counterpartyKey}|${l.opKey}`, l.totalCents);
  }
  return out;
}

const figuresOf = (inv: IssuedForAggregates) =>
  Object.fromEntries(
    [...cashFiguresOf(inv.breakdown)]
      .map(([k, f]) => [k, [f.baseCents, f.vatCents, f.recargoCents]] as [string, [number, number, number]])
      .filter(([, v]) => v.some((n) => n !== 0)),
  );

describe('paymentContributions: criterio de caja', () => {
  it('settles exactly the invoice figures once the payments add up to its total, whatever their order', () => {
    fc.assert(
      fc.property(
        invoiceArb.chain((inv) => fc.tuple(fc.constant(inv), splitArb(inv.totals.totalCents))),
        fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
        ([inv, parts], order) => {
          const payments = parts.map((a, i) => payment(order[i]! * 7 + i, a));
          const cs = paymentContributions(inv, payments, 1);
          expect(cajaTotals(cs)).toEqual(figuresOf(inv));
          // CAJA lines are not invoices, and a non-cash payment adds no counterparty line.
          for (const c of cs) {
            expect(c.byCounterparty).toEqual([]);
            for (const l of c.byKey) {
              expect(l.taxKey.startsWith('CAJA|')).toBe(true);
              expect(l.count).toBe(0);
              expect(l.totalCents).toBe(l.baseCents + l.vatCents + l.recargoCents);
            }
          }
        },
      ),
    );
  });

  it('settles each payment of a partly paid invoice in proportion, rounded once per figure', () => {
    fc.assert(
      fc.property(
        invoiceArb.chain((inv) =>
          fc.tuple(
            fc.constant(inv),
            fc.array(fc.integer({ min: 1, max: Math.max(1, Math.floor(inv.totals.totalCents / 4)) }), {
              minLength: 1,
              maxLength: 3,
            }),
          ),
        ),
        ([inv, amounts]) => {
          const total = inv.totals.totalCents;
          fc.pre(amounts.reduce((s, a) => s + a, 0) < total);
          const payments = amounts.map((a, i) => payment(i, a));
          const settled = cashSettlements(inv, payments);
          // Each payment its share, then what is still uncollected at the deadline.
          expect(settled).toHaveLength(payments.length + 1);
          expect(settled.at(-1)).toMatchObject({ date: '2027-12-31', paymentId: null });
          for (const s of settled.slice(0, -1)) {
            const a = payments.find((p) => p.paymentId === s.paymentId)!.amountCents;
            for (const [key, f] of cashFiguresOf(inv.breakdown)) {
              const got = s.figures.get(key)!;
              expect(Math.abs(got.vatCents - (f.vatCents * a) / total)).toBeLessThanOrEqual(0.5);
              expect(Math.abs(got.baseCents - (f.baseCents * a) / total)).toBeLessThanOrEqual(0.5);
            }
          }
        },
      ),
    );
  });

  it('the payment writes (after − before) always leave exactly the contributions of the payments in force', () => {
    type Op =
      | { kind: 'add'; amount: number; cash: boolean; day: number }
      | { kind: 'amount'; which: number; amount: number }
      | { kind: 'date'; which: number; day: number }
      | { kind: 'method'; which: number }
      | { kind: 'delete'; which: number };
    const opArb: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        amount: fc.integer({ min: 1, max: 40_000 }),
        cash: fc.boolean(),
        day: fc.integer({ min: 10, max: 800 }),
      }),
      fc.record({
        kind: fc.constant('amount' as const),
        which: fc.nat(),
        amount: fc.integer({ min: 1, max: 40_000 }),
      }),
      fc.record({
        kind: fc.constant('date' as const),
        which: fc.nat(),
        day: fc.integer({ min: 10, max: 800 }),
      }),
      fc.record({ kind: fc.constant('method' as const), which: fc.nat() }),
      fc.record({ kind: fc.constant('delete' as const), which: fc.nat() }),
    );
    // Up to 2028-04: payments on both sides of the deadline (2027-12-31).
    const dateOf = (day: number) =>
      new Date(Date.UTC(2026, 1, 10) + day * 86_400_000).toISOString().slice(0, 10);
    const deadline = '2027-12-31';
    fc.assert(
      fc.property(invoiceArb, fc.array(opArb, { maxLength: 25 }), fc.boolean(), (inv0, ops, caja) => {
        const inv = caja ? inv0 : { ...inv0, issuer: { vatRegime: 'GENERAL' } };
        const total = inv.totals.totalCents;
        let payments: PaymentForAggregates[] = [];
        // The confirmation writes the invoice's contributions without payments.
        const written: AggregateContribution[] = [...paymentContributions(inv, [], 1)];
        let n = 0;
        const paid = (ps: PaymentForAggregates[]) =>
          ps.filter((p) => p.status !== 'DELETED').reduce((s, p) => s + p.amountCents, 0);
        for (const op of ops) {
          const active = payments.filter((p) => p.status !== 'DELETED');
          let next = payments;
          if (op.kind === 'add') {
            const amount = Math.min(op.amount, total - paid(payments));
            if (amount <= 0) continue;
            n += 1;
            next = [
              ...payments,
              payment(n, amount, { paidAt: dateOf(op.day), method: op.cash ? 'CASH' : 'TRANSFER' }),
            ];
          } else {
            if (active.length === 0) continue;
            const cur = active[op.which % active.length]!;
            const replace = (p: PaymentForAggregates) =>
              (next = payments.map((x) => (x.paymentId === cur.paymentId ? p : x)));
            if (op.kind === 'amount') {
              const amount = Math.min(op.amount, total - paid(payments) + cur.amountCents);
              replace({ ...cur, amountCents: amount });
            } else if (op.kind === 'date') {
              replace({ ...cur, paidAt: dateOf(op.day) });
              // A date correction moves only this payment's own figures, and the deadline's when it
              // crosses the deadline.
              const touched = Object.keys(
                byItem([...paymentContributions(inv, payments, -1), ...paymentContributions(inv, next, 1)]),
              ).map((k) => k.slice(0, 10));
              const crosses = cur.paidAt > deadline !== dateOf(op.day) > deadline;
              const allowed = [cur.paidAt, dateOf(op.day), ...(crosses ? [deadline] : [])];
              for (const d of touched) expect(allowed).toContain(d);
            } else if (op.kind === 'method') {
              replace({ ...cur, method: cur.method === 'CASH' ? 'CARD' : 'CASH' });
            } else {
              replace({ ...cur, status: 'DELETED' });
            }
          }
          written.push(...paymentContributions(inv, payments, -1), ...paymentContributions(inv, next, 1));
          payments = next;
        }
        expect(byItem(written)).toEqual(byItem(paymentContributions(inv, payments, 1)));
        if (!caja) expect(cajaTotals(written)).toEqual({});
        // Collected or not, the whole VAT has accrued by the deadline; nothing after it.
        if (caja) expect(cajaTotals(written)).toEqual(figuresOf(inv));
        for (const k of Object.keys(byItem(written)))
          if (k.includes('#CAJA|')) expect(k.slice(0, 10) <= deadline).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps what moved payments settled of the substituted invoice and re-bases it at the substitution', () => {
    fc.assert(
      fc.property(
        invoiceArb,
        invoiceArb,
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 1, max: 5 }),
        (original, sub, pct, ownParts) => {
          const paidBefore = Math.max(
            1,
            Math.floor((Math.min(original.totals.totalCents, sub.totals.totalCents) * pct) / 100),
          );
          fc.pre(paidBefore < sub.totals.totalCents);
          const r = { ...original, invoiceDate: '2026-01-10' };
          const movedPayments = [payment(1, paidBefore, { paidAt: '2026-01-20' })];
          const rect: IssuedForAggregates = {
            ...sub,
            invoiceDate: '2026-03-05',
            invoiceType: 'R1',
            rectification: {
              method: 'SUBSTITUTION',
              reason: 'x',
              rectified: [
                {
                  invoiceId: 'inv-r',
                  invoiceNumber: 'F-1',
                  invoiceDate: r.invoiceDate,
                  invoiceType: 'F1',
                  breakdown: r.breakdown,
                  totals: r.totals,
                },
              ],
            },
          };
          const moved = movedPayments.map((p) => ({ ...p, movedFrom: { invoiceId: 'inv-r' } }));
          const before = byItem(paymentContributions(r, movedPayments, 1));
          const after = byItem(paymentContributions(rect, moved, 1));
          // The moved payments' dates keep exactly what they had; the rest is re-based at the
          // substitution, and what is uncollected accrues at the substitute's deadline.
          for (const [k, v] of Object.entries(before))
            if (k.startsWith('2026-01-20')) expect(after[k]).toBe(v);
          for (const k of Object.keys(after))
            expect(['2026-01-20', '2026-03-05', '2027-12-31']).toContain(k.slice(0, 10));
          expect(cajaTotals(paymentContributions(rect, moved, 1))).toEqual(figuresOf(rect));
          // The substituted invoice keeps no cash-basis contribution at all.
          expect(paymentContributions({ ...r, substitutedBy: 'rect' } as IssuedForPayments, [], 1)).toEqual(
            [],
          );
          // The substitute's own payments then settle the rest of its figures exactly.
          const rest = sub.totals.totalCents - paidBefore;
          const count = Math.min(ownParts, rest);
          const each = Math.floor(rest / count);
          const own = Array.from({ length: count }, (_, i) =>
            payment(10 + i, i === count - 1 ? rest - each * (count - 1) : each, { paidAt: '2026-04-01' }),
          );
          expect(cajaTotals(paymentContributions(rect, [...moved, ...own], 1))).toEqual(figuresOf(rect));
        },
      ),
    );
  });
});

describe('paymentContributions: the deadline of the criterio de caja (art. 163 terdecies.Dos LIVA)', () => {
  const g21: Group = {
    operation: 'S1',
    vatRateBp: 2100,
    recargoRateBp: 520,
    baseCents: 100_000,
    vatCents: 21_000,
    recargoCents: 5_200,
  };
  const g10: Group = {
    operation: 'S1',
    vatRateBp: 1000,
    recargoRateBp: 0,
    baseCents: 20_000,
    vatCents: 2_000,
    recargoCents: 0,
  };
  /** 100.000 + 21.000 + 5.200 + 20.000 + 2.000 = 148.200. */
  const inv = invoiceOf([g21, g10], { invoiceDate: '2026-05-10' });
  const lines = (cs: AggregateContribution[]) =>
    cs.map((c) => [c.date, c.byKey.map((l) => [l.taxKey, l.baseCents, l.vatCents, l.recargoCents])]);

  it('accrues an invoice never collected whole on 31 December of the year after the operation', () => {
    expect(cashDeadlineOf(inv)).toBe('2027-12-31');
    expect(lines(paymentContributions(inv, [], 1))).toEqual([
      [
        '2027-12-31',
        [
          ['CAJA|S1|1000|0', 20_000, 2_000, 0],
          ['CAJA|S1|2100|520', 100_000, 21_000, 5_200],
        ],
      ],
    ]);
    // Taken out exactly (a cancellation).
    expect(byItem([...paymentContributions(inv, [], 1), ...paymentContributions(inv, [], -1)])).toEqual({});
    // A DELETED payment settles nothing.
    const deleted = payment(1, 74_100, { status: 'DELETED', paidAt: '2026-06-01' });
    expect(paymentContributions(inv, [deleted], 1)).toEqual(paymentContributions(inv, [], 1));
  });

  it('takes the year of the operation, not of the invoice, and a rectificativa its own', () => {
    // Issued in January for a service of December: the operation is of 2025 (art. 75 LIVA).
    const late = invoiceOf([g21], { invoiceDate: '2026-01-12', operationDate: '2025-12-20' });
    expect(paymentContributions(late, [], 1).map((c) => c.date)).toEqual(['2026-12-31']);
    const byDifferences = invoiceOf([g10], {
      invoiceDate: '2027-02-01',
      invoiceType: 'R1',
      rectification: {
        method: 'DIFFERENCES',
        reason: 'x',
        rectified: [
          {
            invoiceId: 'inv-1',
            invoiceNumber: 'F-1',
            invoiceDate: '2026-05-10',
            invoiceType: 'F1',
            breakdown: inv.breakdown,
            totals: inv.totals,
          },
        ],
      },
    });
    expect(paymentContributions(byDifferences, [], 1).map((c) => c.date)).toEqual(['2028-12-31']);
  });

  it('accrues at the deadline what was not collected before it', () => {
    // Half collected in 2026: half the figures then, the other half at the deadline.
    const cs = paymentContributions(inv, [payment(1, 74_100, { paidAt: '2026-09-30' })], 1);
    expect(lines(cs)).toEqual([
      [
        '2026-09-30',
        [
          ['CAJA|S1|1000|0', 10_000, 1_000, 0],
          ['CAJA|S1|2100|520', 50_000, 10_500, 2_600],
        ],
      ],
      [
        '2027-12-31',
        [
          ['CAJA|S1|1000|0', 10_000, 1_000, 0],
          ['CAJA|S1|2100|520', 50_000, 10_500, 2_600],
        ],
      ],
    ]);
    // Fully collected before the deadline: no deadline line.
    const paidUp = paymentContributions(
      inv,
      [payment(1, 74_100, { paidAt: '2026-09-30' }), payment(2, 74_100, { paidAt: '2027-12-31' })],
      1,
    );
    expect(paidUp.map((c) => c.date)).toEqual(['2026-09-30', '2027-12-31']);
    expect(cajaTotals(paidUp)).toEqual(figuresOf(inv));
  });

  it('settles nothing by a payment after the deadline, whose cash still counts for the 347', () => {
    const early = payment(1, 48_200, { paidAt: '2027-03-01', createdAt: '2027-03-01T09:00:00.000Z' });
    const late = payment(2, 100_000, {
      paidAt: '2028-01-15',
      method: 'CASH',
      createdAt: '2028-01-15T09:00:00.000Z',
    });
    const withLate = paymentContributions(inv, [early, late], 1);
    const withoutLate = paymentContributions(inv, [early], 1);
    // The VAT is the same as if it had never been collected after the deadline.
    expect(lines(withLate.filter((c) => c.byKey.length > 0))).toEqual(lines(withoutLate));
    expect(withLate.some((c) => c.date === '2028-01-15' && c.byKey.length > 0)).toBe(false);
    expect(withLate.filter((c) => c.byCounterparty.length > 0)).toEqual([
      {
        book: 'ISSUED',
        date: '2028-01-15',
        byKey: [],
        byCounterparty: [expect.objectContaining({ opKey: 'CASH@2026', totalCents: 100_000 })],
      },
    ]);
    expect(cajaTotals(withLate)).toEqual(figuresOf(inv));
  });

  it('a date moved across the deadline moves the settled share between the payment and the deadline', () => {
    const first = payment(1, 48_200, { paidAt: '2026-07-01' });
    const second = payment(2, 100_000, { paidAt: '2027-11-30' });
    const beforeMove = paymentContributions(inv, [first, second], 1);
    const moved = { ...second, paidAt: '2028-02-01' };
    const afterMove = paymentContributions(inv, [first, moved], 1);
    // The write: after(+1) − before(−1) of the whole invoice.
    const delta = byItem([...paymentContributions(inv, [first, second], -1), ...afterMove]);
    const dates = new Set(Object.keys(delta).map((k) => k.slice(0, 10)));
    expect([...dates].sort()).toEqual(['2027-11-30', '2027-12-31']);
    // What the second payment settled on 30 November now accrues on 31 December instead.
    const shareOf = (cs: AggregateContribution[], date: string) =>
      cajaTotals(cs.filter((c) => c.date === date));
    expect(shareOf(afterMove, '2027-12-31')).toEqual(shareOf(beforeMove, '2027-11-30'));
    expect(shareOf(afterMove, '2026-07-01')).toEqual(shareOf(beforeMove, '2026-07-01'));
  });

  it('nothing under the general regime, for a credit note, or once substituted', () => {
    expect(paymentContributions({ ...inv, issuer: { vatRegime: 'GENERAL' } }, [], 1)).toEqual([]);
    const credit = invoiceOf([{ ...g10, baseCents: -20_000, vatCents: -2_000 }]);
    expect(paymentContributions(credit, [], 1)).toEqual([]);
    const substituted: IssuedForPayments = { ...inv, substitutedBy: 'inv-2' };
    expect(cashSettlements(substituted, [])).toEqual([]);
    // Its DELETED payments (the active ones moved to the substitute) settle nothing either.
    expect(
      paymentContributions(substituted, [payment(1, 1_000, { status: 'DELETED', method: 'CASH' })], 1),
    ).toEqual([]);
  });

  it('a substitute settles its own figures: moved shares, re-basing, own payments, its own deadline', () => {
    // The original (2026-05-10) half collected in June; the substitute (2026-11-20) at 10 % only.
    const sub = invoiceOf([{ ...g10, baseCents: 100_000, vatCents: 10_000 }], {
      invoiceDate: '2026-11-20',
      invoiceType: 'R1',
      rectification: {
        method: 'SUBSTITUTION',
        reason: 'Tipo',
        rectified: [
          {
            invoiceId: 'inv-1',
            invoiceNumber: 'F-1',
            invoiceDate: inv.invoiceDate,
            invoiceType: 'F1',
            breakdown: inv.breakdown,
            totals: inv.totals,
          },
        ],
      },
    });
    const june = payment(1, 74_100, { paidAt: '2026-06-15' });
    const moved = { ...june, movedFrom: { invoiceId: 'inv-1' } };
    const cs = paymentContributions(sub, [moved], 1);
    expect(lines(cs)).toEqual([
      // Kept as settled of the original in June.
      [
        '2026-06-15',
        [
          ['CAJA|S1|1000|0', 10_000, 1_000, 0],
          ['CAJA|S1|2100|520', 50_000, 10_500, 2_600],
        ],
      ],
      // 74.100 of 110.000 re-based at the substitution to the substitute's figures.
      [
        '2026-11-20',
        [
          ['CAJA|S1|1000|0', 57_364, 5_736, 0],
          ['CAJA|S1|2100|520', -50_000, -10_500, -2_600],
        ],
      ],
      // The rest of the substitute's figures at its own deadline.
      ['2027-12-31', [['CAJA|S1|1000|0', 32_636, 3_264, 0]]],
    ]);
    expect(cajaTotals(cs)).toEqual(figuresOf(sub));
  });

  it('settlements always add up to the figures, whatever the payments and their dates', () => {
    const dayArb = fc.integer({ min: 0, max: 900 });
    const dateOf = (day: number) =>
      new Date(Date.UTC(2026, 1, 10) + day * 86_400_000).toISOString().slice(0, 10);
    fc.assert(
      fc.property(
        invoiceArb,
        invoiceArb,
        fc.boolean(),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 100 }), dayArb, fc.boolean(), fc.boolean()), {
          maxLength: 6,
        }),
        (original, sub0, substitution, raw) => {
          const inv: IssuedForPayments = substitution
            ? {
                ...sub0,
                invoiceDate: '2026-06-01',
                invoiceType: 'R1',
                rectification: {
                  method: 'SUBSTITUTION',
                  reason: 'x',
                  rectified: [
                    {
                      invoiceId: 'inv-r',
                      invoiceNumber: 'F-1',
                      invoiceDate: '2026-02-10',
                      invoiceType: 'F1',
                      breakdown: original.breakdown,
                      totals: original.totals,
                    },
                  ],
                },
              }
            : sub0;
          const total = inv.totals.totalCents;
          let left = total;
          const payments: PaymentForAggregates[] = [];
          raw.forEach(([pct, day, isMoved, deleted], i) => {
            const amount = Math.min(left, Math.max(1, Math.floor((total * pct) / 300)));
            if (amount <= 0) return;
            if (!deleted) left -= amount;
            payments.push(
              payment(i, amount, {
                paidAt: dateOf(day),
                ...(deleted ? { status: 'DELETED' } : {}),
                ...(substitution && isMoved ? { movedFrom: { invoiceId: 'inv-r' } } : {}),
              }),
            );
          });
          const settled = cashSettlements(inv, payments);
          const deadline = cashDeadlineOf(inv);
          expect(cajaTotals(paymentContributions(inv, payments, 1))).toEqual(figuresOf(inv));
          for (const st of settled) expect(st.date <= deadline).toBe(true);
          // Shares of the payments up to the deadline are those of the payments alone.
          const undated = cashSettlements(
            inv,
            payments.map((p) => ({ ...p, paidAt: '2026-06-01' })),
          );
          for (const st of settled.filter((x) => x.paymentId !== null))
            expect(st.figures).toEqual(undated.find((x) => x.paymentId === st.paymentId)!.figures);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('paymentContributions: cash', () => {
  it('adds a CASH@<invoice year> line per cash payment, dated by the payment, under any regime', () => {
    const inv = invoiceOf(
      [
        {
          operation: 'S1',
          vatRateBp: 2100,
          recargoRateBp: 0,
          baseCents: 10_000,
          vatCents: 2_100,
          recargoCents: 0,
        },
      ],
      { invoiceDate: '2025-12-20', issuer: { vatRegime: 'GENERAL' } },
    );
    const cs = paymentContributions(
      inv,
      [
        payment(1, 5_000, { method: 'CASH', paidAt: '2026-01-05' }),
        payment(2, 2_000, { method: 'CARD', paidAt: '2026-01-06' }),
        payment(3, 1_000, { method: 'CASH', paidAt: '2026-01-07', status: 'DELETED' }),
      ],
      1,
    );
    expect(cs).toEqual([
      {
        book: 'ISSUED',
        date: '2026-01-05',
        byKey: [],
        byCounterparty: [
          {
            counterpartyKey: 'B12345678',
            opKey: 'CASH@2025',
            name: 'Cliente',
            country: 'ES',
            baseCents: 0,
            vatCents: 0,
            totalCents: 5_000,
            count: 0,
          },
        ],
      },
    ]);
    expect(
      paymentContributions(inv, [payment(1, 5_000, { method: 'CASH' })], -1)[0]!.byCounterparty[0]!
        .totalCents,
    ).toBe(-5_000);
  });

  it('settles a criterio de caja invoice with IRPF withheld in proportion to what the customer owes', () => {
    const breakdown = [
      {
        operation: 'S1',
        vatRateBp: 2100,
        recargoRateBp: 0,
        baseCents: 100_000,
        vatCents: 21_000,
        recargoCents: 0,
      },
    ];
    const inv = {
      ...invoiceOf(breakdown),
      totals: {
        baseCents: 100_000,
        vatCents: 21_000,
        recargoCents: 0,
        irpfCents: 15_000,
        totalCents: 106_000,
      },
    };
    const half = paymentContributions(inv, [payment(1, 53_000, { paidAt: '2026-03-01' })], 1);
    expect(half.map((c) => [c.date, c.byKey.map((l) => [l.taxKey, l.baseCents, l.vatCents])])).toEqual([
      ['2026-03-01', [['CAJA|S1|2100|0', 50_000, 10_500]]],
      ['2027-12-31', [['CAJA|S1|2100|0', 50_000, 10_500]]],
    ]);
    // Three thirds: the last recorded one settles the remainder, so the cents add up.
    const thirds = paymentContributions(inv, [payment(1, 35_333), payment(2, 35_333), payment(3, 35_334)], 1);
    expect(thirds.map((c) => c.byKey[0]!.vatCents)).toEqual([7_000, 7_000, 7_000]);
    expect(thirds.map((c) => c.byKey[0]!.baseCents)).toEqual([33_333, 33_333, 33_334]);
  });
});
