import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocatePayments,
  dueDatesOf,
  dueDatesTotal,
  exceedsLegalMaximum,
  LEGAL_MAX_TERM_WARNING,
  nextPaymentDay,
  PaymentTerms,
  paymentTermsWarnings,
  storedTerms,
  termsFromDays,
} from './due-dates';

const thirds: PaymentTerms = {
  instalments: [
    { days: 30, percentBp: 3333 },
    { days: 60, percentBp: 3333 },
    { days: 90, percentBp: 3334 },
  ],
};

describe('dueDatesOf', () => {
  it('gives one due date at N days for days-only terms', () => {
    expect(dueDatesOf('2026-01-15', 121_000, termsFromDays(30))).toEqual([
      { dueDate: '2026-02-14', amountCents: 121_000 },
    ]);
  });

  it('splits the amount exactly, the last instalment taking the remainder', () => {
    // 100,00 € in thirds: 33,33 + 33,33 + 33,34.
    expect(dueDatesOf('2026-01-31', 10_000, thirds)).toEqual([
      { dueDate: '2026-03-02', amountCents: 3333 },
      { dueDate: '2026-04-01', amountCents: 3333 },
      { dueDate: '2026-05-01', amountCents: 3334 },
    ]);
    // 1,00 € in 50/50: 0,50 + 0,50; 0,01 € in 50/50: 0,01 (rounded half up) + 0,00.
    const half: PaymentTerms = {
      instalments: [
        { days: 0, percentBp: 5000 },
        { days: 30, percentBp: 5000 },
      ],
    };
    expect(dueDatesOf('2026-01-01', 1, half).map((d) => d.amountCents)).toEqual([1, 0]);
  });

  it('keeps the sign of a negative amount (a rectificativa)', () => {
    const dd = dueDatesOf('2026-01-31', -10_000, thirds);
    expect(dd.map((d) => d.amountCents)).toEqual([-3333, -3333, -3334]);
    expect(dueDatesTotal(dd)).toBe(-10_000);
    expect(Object.is(dueDatesOf('2026-01-01', 0, termsFromDays(30))[0]!.amountCents, 0)).toBe(true);
  });

  it('moves each due date to the next payment day of the month (días de pago)', () => {
    const terms: PaymentTerms = { instalments: [{ days: 30, percentBp: 10_000 }], paymentDays: [25, 10] };
    // 2026-01-20 + 30 = 2026-02-19 → the 25th.
    expect(dueDatesOf('2026-01-20', 500, terms)[0]!.dueDate).toBe('2026-02-25');
    // 2026-01-28 + 30 = 2026-02-27 → next month's 10th.
    expect(dueDatesOf('2026-01-28', 500, terms)[0]!.dueDate).toBe('2026-03-10');
    // A payment day falling on the due date itself stays.
    expect(dueDatesOf('2026-01-11', 500, terms)[0]!.dueDate).toBe('2026-02-10');
  });

  it('reads a payment day a month lacks as its last day', () => {
    expect(nextPaymentDay('2026-02-15', [31])).toBe('2026-02-28');
    expect(nextPaymentDay('2028-02-15', [30])).toBe('2028-02-29');
    expect(nextPaymentDay('2026-04-30', [31])).toBe('2026-04-30');
    expect(nextPaymentDay('2026-12-29', [5])).toBe('2027-01-05');
    expect(nextPaymentDay('2026-12-29', [])).toBe('2026-12-29');
  });

  it('always adds up to the amount and never goes below the issue date', () => {
    const termsArb = fc
      .uniqueArray(fc.integer({ min: 0, max: 365 }), { minLength: 1, maxLength: 12 })
      .chain((days) =>
        fc
          .array(fc.integer({ min: 1, max: 100 }), { minLength: days.length, maxLength: days.length })
          .map((weights): PaymentTerms => {
            const sorted = [...days].sort((a, b) => a - b);
            const sum = weights.reduce((s, w) => s + w, 0);
            const bps = weights.map((w) => Math.max(1, Math.floor((w * 10_000) / sum)));
            bps[bps.length - 1] = 10_000 - bps.slice(0, -1).reduce((s, b) => s + b, 0);
            return { instalments: sorted.map((d, i) => ({ days: d, percentBp: bps[i]! })) };
          }),
      )
      .filter((t) => PaymentTerms.safeParse(t).success);
    fc.assert(
      fc.property(termsArb, fc.integer({ min: -10_000_000, max: 10_000_000 }), (terms, amount) => {
        const dd = dueDatesOf('2026-03-15', amount, terms);
        expect(dd).toHaveLength(terms.instalments.length);
        expect(dueDatesTotal(dd)).toBe(amount);
        for (const d of dd) {
          expect(d.dueDate >= '2026-03-15').toBe(true);
          expect(Math.sign(d.amountCents) * Math.sign(amount)).not.toBe(-1);
        }
      }),
    );
  });
});

describe('PaymentTerms', () => {
  it('requires the percentages to add up to 100 % and ascending days', () => {
    expect(PaymentTerms.safeParse(thirds).success).toBe(true);
    const bad = PaymentTerms.safeParse({
      instalments: [
        { days: 60, percentBp: 5000 },
        { days: 30, percentBp: 4000 },
      ],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Los porcentajes de los vencimientos deben sumar el 100 %.',
      'Cada vencimiento debe ser posterior al anterior.',
    ]);
  });

  it('allows at most 12 instalments and payment days 1–31', () => {
    const many = Array.from({ length: 13 }, (_, i) => ({ days: i, percentBp: i === 0 ? 10_000 - 12 : 1 }));
    expect(PaymentTerms.safeParse({ instalments: many }).success).toBe(false);
    expect(PaymentTerms.safeParse({ ...termsFromDays(30), paymentDays: [0] }).success).toBe(false);
    expect(PaymentTerms.safeParse({ ...termsFromDays(30), paymentDays: [10, 10] }).success).toBe(false);
    expect(PaymentTerms.safeParse({ ...termsFromDays(30), paymentDays: [5, 20] }).success).toBe(true);
  });

  it('flags a term beyond 60 days (Ley 3/2004 art. 4.3) without refusing it', () => {
    expect(exceedsLegalMaximum(termsFromDays(60))).toBe(false);
    expect(paymentTermsWarnings(termsFromDays(60))).toEqual([]);
    expect(exceedsLegalMaximum(thirds)).toBe(true);
    expect(paymentTermsWarnings(thirds)).toEqual([LEGAL_MAX_TERM_WARNING]);
    expect(PaymentTerms.safeParse(thirds).success).toBe(true);
  });

  it('reads old data without terms as one instalment at its days', () => {
    expect(storedTerms(undefined, 45)).toEqual(termsFromDays(45));
    expect(storedTerms(null, undefined)).toEqual(termsFromDays(30));
    expect(storedTerms(thirds, 45)).toBe(thirds);
  });
});

describe('allocatePayments', () => {
  const dd = [
    { dueDate: '2026-02-01', amountCents: 3333 },
    { dueDate: '2026-03-01', amountCents: 3333 },
    { dueDate: '2026-04-01', amountCents: 3334 },
  ];

  it('settles the oldest instalment first', () => {
    const a = allocatePayments(dd, 5000, '2026-02-15');
    expect(a.instalments.map((i) => [i.paidCents, i.pendingCents])).toEqual([
      [3333, 0],
      [1667, 1666],
      [0, 3334],
    ]);
    expect(a.nextDueDate).toBe('2026-03-01');
    expect(a.overdue).toBe(false);
  });

  it('is overdue when an instalment due before today is not covered', () => {
    expect(allocatePayments(dd, 5000, '2026-03-01').overdue).toBe(false);
    const a = allocatePayments(dd, 5000, '2026-03-02');
    expect(a.overdue).toBe(true);
    expect(a.instalments.map((i) => i.overdue)).toEqual([false, true, false]);
  });

  it('has no next due date once everything is paid (and ignores overpayment)', () => {
    const a = allocatePayments(dd, 20_000, '2027-01-01');
    expect(a.nextDueDate).toBeNull();
    expect(a.overdue).toBe(false);
    expect(a.instalments.map((i) => i.pendingCents)).toEqual([0, 0, 0]);
  });

  it('orders by date whatever the stored order', () => {
    const a = allocatePayments([dd[2]!, dd[0]!], 3333, '2026-01-01');
    expect(a.instalments.map((i) => i.paidCents)).toEqual([0, 3333]);
    expect(a.nextDueDate).toBe('2026-04-01');
  });

  it('covers negative instalments with negative amounts', () => {
    const neg = dueDatesOf('2026-01-01', -1000, termsFromDays(10));
    expect(allocatePayments(neg, -400, '2026-02-01').instalments[0]).toEqual({
      dueDate: '2026-01-11',
      amountCents: -1000,
      paidCents: -400,
      pendingCents: -600,
      overdue: true,
    });
  });

  it('has nothing due without due dates', () => {
    expect(allocatePayments([], 0, '2026-01-01')).toEqual({
      instalments: [],
      nextDueDate: null,
      overdue: false,
    });
  });
});
