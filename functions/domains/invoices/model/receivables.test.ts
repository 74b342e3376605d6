/**
 * Receivables after any sequence of invoices, payments (recorded, corrected, deleted) and
 * rectificativas (credit notes by differences, substitutions, credit applied to another invoice),
 * driven through the same pure rules the actions use: the balance of each customer equals
 * invoices − credit notes − payments, and nothing owed or available goes below zero.
 */

import { AppError } from '@shared/api/errors';
import { computeInvoiceTotals } from '@shared/fiscal/invoice-totals';
import {
  customerBalanceCents,
  inForce,
  isCreditNote,
  outstandingCents,
  unappliedCreditCents,
} from '@shared/fiscal/receivables';
import type { AddPaymentBody, Invoice, InvoicePayment, InvoiceWithPayments } from '@shared/schemas/invoices';
import type { RectifyInvoiceBody } from '@shared/schemas/rectificativas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planCreditApplication } from './credit-application';
import { planPaymentCorrection } from './payment-corrections';
import { checkPayment, statusAfterPayment } from './payments';
import { buildRectificativa } from './rectification';
import { planRectificationEffects } from './rectification-effects';

const TODAY = '2026-03-10';
const AT = '2026-03-10T10:00:00.000Z';
const CUSTOMERS = ['c1', 'c2'] as const;

type Op =
  | { kind: 'issue'; customer: number; cents: number }
  | { kind: 'pay'; inv: number; cents: number; cash: boolean }
  | { kind: 'correct'; inv: number; payment: number; cents: number }
  | { kind: 'delete'; inv: number; payment: number }
  | { kind: 'creditNote'; inv: number; cents: number }
  | { kind: 'substitute'; inv: number; cents: number }
  | { kind: 'applyCredit'; credit: number; target: number; cents: number | undefined };

const cents = fc.integer({ min: 1, max: 300_000 });
const index = fc.nat({ max: 30 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('issue' as const), customer: fc.nat({ max: 1 }), cents }),
  fc.record({ kind: fc.constant('pay' as const), inv: index, cents, cash: fc.boolean() }),
  fc.record({ kind: fc.constant('correct' as const), inv: index, payment: fc.nat({ max: 4 }), cents }),
  fc.record({ kind: fc.constant('delete' as const), inv: index, payment: fc.nat({ max: 4 }) }),
  fc.record({ kind: fc.constant('creditNote' as const), inv: index, cents }),
  fc.record({ kind: fc.constant('substitute' as const), inv: index, cents }),
  fc.record({
    kind: fc.constant('applyCredit' as const),
    credit: index,
    target: index,
    cents: fc.option(cents, { nil: undefined }),
  }),
);

/** The in-memory book: invoices in issue order and every invoice's payments. */
class Book {
  invoices: InvoiceWithPayments[] = [];
  payments = new Map<string, InvoicePayment[]>();
  private seq = 0;

  private id = () => `id${++this.seq}`;

  issue(customer: number, unitPriceCents: number) {
    const lines = [
      {
        description: 'Servicio',
        quantityMilli: 1000,
        unitPriceCents,
        discountBp: 0,
        vatRateBp: 2100,
        operation: 'S1',
        recargo: false,
      },
    ];
    const t = computeInvoiceTotals({
      lines: lines.map((l) => ({ ...l, operation: 'S1' as const })),
      recargoEquivalencia: false,
    });
    const n = this.seq + 1;
    this.invoices.push({
      invoiceId: this.id(),
      companyId: 'co',
      invoiceType: 'F1',
      status: 'CONFIRMED',
      invoiceDate: '2026-03-01',
      operationDate: null,
      dueDate: '2026-04-01',
      paymentMethod: 'TRANSFER',
      notes: null,
      customer: {
        customerId: CUSTOMERS[customer]!,
        name: CUSTOMERS[customer]!,
        taxId: '12345678Z',
        address: 'Calle Mayor 1',
        postalCode: '28013',
        city: 'Madrid',
        country: 'ES',
        vatTreatment: 'DOMESTIC',
      },
      invoiceLines: lines.map((l, i) => ({ ...l, baseCents: t.lineBasesCents[i]! })),
      irpfRateBp: 0,
      totals: t,
      breakdown: t.breakdown,
      legalMentions: [],
      series: 'F',
      seriesId: 'f',
      requestedSeriesId: null,
      number: n,
      invoiceNumber: `F-${n}`,
      confirmedAt: AT,
      createdAt: AT,
      updatedAt: AT,
      paymentStatus: 'PENDING',
      paidCents: 0,
      cashPaidCents: 0,
    });
  }

  private set(next: InvoiceWithPayments) {
    this.invoices = this.invoices.map((i) => (i.invoiceId === next.invoiceId ? next : i));
  }

  private pick(i: number) {
    return this.invoices.length ? this.invoices[i % this.invoices.length]! : undefined;
  }

  pay(i: number, amountCents: number, cash: boolean) {
    const inv = this.pick(i);
    if (!inv) return;
    const body: AddPaymentBody = { amountCents, paidAt: '2026-03-05', method: cash ? 'CASH' : 'TRANSFER' };
    checkPayment(inv, body, TODAY);
    const paidCents = (inv.paidCents ?? 0) + amountCents;
    this.set({
      ...inv,
      paidCents,
      cashPaidCents: (inv.cashPaidCents ?? 0) + (cash ? amountCents : 0),
      paymentStatus: statusAfterPayment(inv, paidCents, TODAY),
    });
    const list = this.payments.get(inv.invoiceId) ?? [];
    list.push({
      paymentId: this.id(),
      ...body,
      reference: null,
      createdAt: AT,
      createdBy: 'u',
      status: 'ACTIVE',
    });
    this.payments.set(inv.invoiceId, list);
  }

  correct(i: number, p: number, amountCents: number | null) {
    const inv = this.pick(i);
    const list = inv ? (this.payments.get(inv.invoiceId) ?? []) : [];
    const current = list[p % Math.max(1, list.length)];
    if (!inv || !current) return;
    const plan = planPaymentCorrection({
      inv,
      current,
      next: amountCents === null ? null : { amountCents, paidAt: '2026-03-06', method: 'TRANSFER' },
      reason: null,
      by: 'u',
      at: AT,
      today: TODAY,
    });
    this.set({ ...inv, ...plan.invoice });
    this.payments.set(
      inv.invoiceId,
      list.map((x) => (x.paymentId === current.paymentId ? plan.payment : x)),
    );
  }

  rectify(i: number, method: 'DIFFERENCES' | 'SUBSTITUTION', unitPriceCents: number) {
    const original = this.pick(i);
    if (!original) return;
    const body: RectifyInvoiceBody = {
      rectificationType: 'R1',
      method,
      reason: 'Corrección del precio',
      confirm: true,
      invoiceLines: [
        {
          description: 'Servicio',
          quantity: method === 'DIFFERENCES' ? -1000 : 1000,
          unitPriceCents,
          discountBp: 0,
          vatRateBp: 2100,
          changed: true,
        },
      ],
    };
    const draft = buildRectificativa({
      invoiceId: this.id(),
      body,
      originals: [original as Invoice],
      invoiceDate: TODAY,
      now: AT,
      requestedSeriesId: null,
    });
    const active = (this.payments.get(original.invoiceId) ?? []).filter((p) => p.status !== 'DELETED');
    const effects = planRectificationEffects({
      rectificativa: draft,
      originals: [original],
      payments: [method === 'SUBSTITUTION' ? active : []],
      at: AT,
      today: TODAY,
      by: 'u',
    });
    const number = `R-${this.seq}`;
    this.invoices.push({ ...effects.rectificativa, status: 'CONFIRMED', invoiceNumber: number });
    for (const e of effects.originals) {
      const o = e.original;
      if (e.substituted) {
        this.set({
          ...o,
          substitutedBy: draft.invoiceId,
          substitutedByNumber: number,
          paidCents: 0,
          cashPaidCents: 0,
          creditedCents: 0,
        });
      } else if (e.credit) {
        this.set({ ...o, creditedCents: e.credit.creditedCents, paymentStatus: e.credit.paymentStatus });
      }
    }
    if (effects.moves.length > 0) {
      const kept = (this.payments.get(original.invoiceId) ?? []).filter((p) => p.status === 'DELETED');
      this.payments.set(original.invoiceId, kept);
      this.payments.set(
        draft.invoiceId,
        effects.moves.map((m) => m.payment),
      );
    }
  }

  applyCredit(c: number, t: number, amountCents: number | undefined) {
    const creditNote = this.pick(c);
    const target = this.pick(t);
    if (!creditNote || !target) return;
    const plan = planCreditApplication({ creditNote, target, amountCents, at: AT, by: 'u', today: TODAY });
    this.set({
      ...creditNote,
      appliedCreditCents: plan.creditNote.appliedCreditCents,
      paymentStatus: plan.creditNote.paymentStatus,
    });
    const fresh = this.invoices.find((i) => i.invoiceId === target.invoiceId)!;
    this.set({
      ...fresh,
      creditedCents: plan.target.creditedCents,
      paymentStatus: plan.target.paymentStatus,
    });
  }

  run(o: Op) {
    try {
      if (o.kind === 'issue') this.issue(o.customer, o.cents);
      else if (o.kind === 'pay') this.pay(o.inv, o.cents, o.cash);
      else if (o.kind === 'correct') this.correct(o.inv, o.payment, o.cents);
      else if (o.kind === 'delete') this.correct(o.inv, o.payment, null);
      else if (o.kind === 'creditNote') this.rectify(o.inv, 'DIFFERENCES', o.cents);
      else if (o.kind === 'substitute') this.rectify(o.inv, 'SUBSTITUTION', o.cents);
      else this.applyCredit(o.credit, o.target, o.cents);
    } catch (e) {
      // A refusal leaves the book as it was; anything else is a bug.
      if (!(e instanceof AppError)) throw e;
    }
  }

  activePaidOn(invoiceId: string) {
    return (this.payments.get(invoiceId) ?? [])
      .filter((p) => p.status !== 'DELETED')
      .reduce((s, p) => s + p.amountCents, 0);
  }
}

function checkInvariants(book: Book) {
  for (const inv of book.invoices) {
    expect(outstandingCents(inv)).toBeGreaterThanOrEqual(0);
    expect(unappliedCreditCents(inv)).toBeGreaterThanOrEqual(0);
    // The stored paid amount is the sum of the active payments listed under the invoice.
    expect(inv.paidCents ?? 0).toBe(book.activePaidOn(inv.invoiceId));
    if (inv.substitutedBy) expect(book.activePaidOn(inv.invoiceId)).toBe(0);
    if (inForce(inv) && !isCreditNote(inv) && outstandingCents(inv) === 0)
      expect(inv.paymentStatus).toBe('PAID');
  }
  for (const customer of CUSTOMERS) {
    const mine = book.invoices.filter((i) => i.customer?.customerId === customer);
    const live = mine.filter(inForce);
    const invoiced = live.filter((i) => !isCreditNote(i)).reduce((s, i) => s + i.totals.totalCents, 0);
    const credited = live.filter(isCreditNote).reduce((s, i) => s - i.totals.totalCents, 0);
    const paid = live.reduce((s, i) => s + book.activePaidOn(i.invoiceId), 0);
    expect(customerBalanceCents(mine)).toBe(invoiced - credited - paid);
  }
}

describe('receivables (property)', () => {
  it('balance = invoices − credit notes − payments; no outstanding or available credit below zero', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 60 }), (ops) => {
        const book = new Book();
        book.issue(0, 50_000);
        book.issue(1, 80_000);
        for (const o of ops) {
          book.run(o);
          checkInvariants(book);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a credit note lowers what is owed on the original; its rest is applied to another invoice', () => {
    const book = new Book();
    book.issue(0, 10_000); // 121,00
    book.issue(0, 20_000); // 242,00
    book.pay(0, 100_00, false);
    book.rectify(0, 'DIFFERENCES', 10_000); // credit 121,00: 21,00 left on the original, 100,00 unused
    const [original, second, credit] = book.invoices;
    expect(outstandingCents(original!)).toBe(0);
    expect(original!.paymentStatus).toBe('PAID');
    expect(unappliedCreditCents(credit!)).toBe(100_00);
    book.applyCredit(2, 1, undefined);
    expect(outstandingCents(book.invoices[1]!)).toBe(second!.totals.totalCents - 100_00);
    expect(book.invoices[1]!.paymentStatus).toBe('PARTIAL');
    expect(unappliedCreditCents(book.invoices[2]!)).toBe(0);
    expect(customerBalanceCents(book.invoices)).toBe(24_200 + 12_100 - 12_100 - 100_00);
  });
});
