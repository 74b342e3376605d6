import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../schemas/invoices';
import {
  cashFiguresOf,
  cashSettlements,
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
          expect(settled).toHaveLength(payments.length);
          for (const s of settled) {
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
        day: fc.integer({ min: 10, max: 300 }),
      }),
      fc.record({
        kind: fc.constant('amount' as const),
        which: fc.nat(),
        amount: fc.integer({ min: 1, max: 40_000 }),
      }),
      fc.record({
        kind: fc.constant('date' as const),
        which: fc.nat(),
        day: fc.integer({ min: 10, max: 300 }),
      }),
      fc.record({ kind: fc.constant('method' as const), which: fc.nat() }),
      fc.record({ kind: fc.constant('delete' as const), which: fc.nat() }),
    );
    const dateOf = (day: number) =>
      new Date(Date.UTC(2026, 1, 10) + day * 86_400_000).toISOString().slice(0, 10);
    fc.assert(
      fc.property(invoiceArb, fc.array(opArb, { maxLength: 25 }), fc.boolean(), (inv0, ops, caja) => {
        const inv = caja ? inv0 : { ...inv0, issuer: { vatRegime: 'GENERAL' } };
        const total = inv.totals.totalCents;
        let payments: PaymentForAggregates[] = [];
        const written: AggregateContribution[] = [];
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
              // A date correction moves only this payment's own figures.
              const touched = Object.keys(
                byItem([...paymentContributions(inv, payments, -1), ...paymentContributions(inv, next, 1)]),
              ).map((k) => k.slice(0, 10));
              for (const d of touched) expect([cur.paidAt, dateOf(op.day)]).toContain(d);
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
        if (caja && paid(payments) === total) expect(cajaTotals(written)).toEqual(figuresOf(inv));
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
          // The moved payments' dates keep exactly what they had.
          for (const [k, v] of Object.entries(before)) expect(after[k]).toBe(v);
          for (const k of Object.keys(after)) expect(k in before || k.startsWith('2026-03-05')).toBe(true);
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
    ]);
    // Three thirds: the last recorded one settles the remainder, so the cents add up.
    const thirds = paymentContributions(inv, [payment(1, 35_333), payment(2, 35_333), payment(3, 35_334)], 1);
    expect(thirds.map((c) => c.byKey[0]!.vatCents)).toEqual([7_000, 7_000, 7_000]);
    expect(thirds.map((c) => c.byKey[0]!.baseCents)).toEqual([33_333, 33_333, 33_334]);
  });
});
