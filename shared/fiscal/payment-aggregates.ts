/**
 * What the payments of an issued invoice add to the running aggregates of the ISSUED book (issue 14
 * item 1), dated by each payment's date (`paidAt`). Pure; the payment writes apply
 * `after(+1) − before(−1)` in their own transaction and the nightly recompute rebuilds the same
 * figures from the stored payments with this very function.
 *
 *  - `CASH@<invoice year>` counterparty lines: what a customer paid in cash (payment method CASH),
 *    for the 347 "importe percibido en metálico" (RGAT art. 34.1.h: declared when the year's cash
 *    from a customer exceeds 6.000 €, with the year of the operations);
 *  - `CAJA|<op>|<vat>|<recargo>` VAT-group lines, only for an invoice issued under the régimen
 *    especial del criterio de caja (art. 163 terdecies LIVA: the VAT accrues at the collection, for
 *    the part collected): the share of the invoice's base, VAT and recargo that each payment settles;
 *    and what is still uncollected on 31 December of the year after the operation (the year of its
 *    own contribution's date, `accrualDateOf`) accrues on that day (art. 163 terdecies.Uno LIVA).
 *    `count` 0 (not invoices).
 *
 * The share of a payment of `a` on an invoice of total `T` (what the customer owes: VAT included,
 * IRPF withheld) is, per key and figure `f`, `roundHalfUp(f × a / T)`; once the active payments add
 * up to `T`, the most recently recorded one (greatest `createdAt`, then `paymentId`) settles the
 * remainder instead, so a fully paid invoice has settled exactly its figures. Shares depend on the
 * amounts and on that order only — never on the dates — so correcting a payment's date or method
 * never changes another payment's share, and amount changes are serialised by the invoice's
 * `paidCents` condition.
 *
 * The deadline (art. 163 terdecies.Uno LIVA) is the one place dates count: a settlement dated after
 * it settles nothing (the VAT accrued already; its CASH@ line stays: that is about cash), and a last
 * settlement dated on it holds the figures minus everything settled up to it. So the settlements
 * always add up to the figures, and a date moved across the deadline also changes the deadline
 * line — harmless, since every payment write applies the whole invoice's after(+1) − before(−1).
 * A substituted invoice settles nothing at all: its VAT is re-stated by its substitute.
 *
 * A substitution (art. 15 RD 1619/2012) moves the rectified invoice's payments to the rectificativa:
 * those keep the shares they settled of the rectified invoice (computed from the rectified invoice's
 * figures as the rectificativa records them), and at the rectificativa's date what they collected is
 * re-based to the rectificativa's figures (`target(M) − Σ moved shares`, M = their amount); the
 * rectificativa's own payments then settle its figures as above.
 *
 * The shares (`settleShares`) and the deadline (`untilDeadline`) are shared with the RECEIVED book,
 * where a supplier's criterio de caja dates our deduction: ./received-payment-aggregates.ts.
 */

import type { RectifiedInvoiceRef } from '../schemas/invoices';
import { formatCashKey } from './aggregate-keys';
import { roundHalfUpBig } from './money';
import {
  type AggregateContribution,
  type AggregateLine,
  accrualDateOf,
  type CounterpartyLine,
  type IssuedForAggregates,
  issuedCounterparty,
  issuedRegime,
} from './tax-aggregates';

/** An issued invoice as its payments' aggregates read it. */
export interface IssuedForPayments extends IssuedForAggregates {
  /**
   * Set once a rectificativa por sustitución replaced it (art. 15 RD 1619/2012): its payments moved
   * to the substitute, which re-states its VAT, so it has no cash-basis settlement left.
   */
  substitutedBy?: string | null;
}

export interface PaymentForAggregates {
  paymentId: string;
  amountCents: number;
  paidAt: string;
  method: string;
  createdAt: string;
  /** DELETED payments settle nothing (absent = ACTIVE). */
  status?: string | null;
  /** Set on a payment moved from a substituted invoice to its substitute. */
  movedFrom?: { invoiceId: string } | null;
}

/**
 * The figures a cash-basis key settles: base, VAT and recargo, and on the RECEIVED book the deductible
 * VAT and base too (./received-payment-aggregates.ts; always 0 for an issued invoice).
 */
export interface CashFigure {
  baseCents: number;
  vatCents: number;
  recargoCents: number;
  deductibleVatCents: number;
  deductibleBaseCents: number;
}
/** The figures per cash-basis key. */
export type CashFigures = Map<string, CashFigure>;

export const CASH_OP_KEY_PREFIX = 'CASH@';
export const cashOpKey = (invoiceDate: string): string => `${CASH_OP_KEY_PREFIX}${invoiceDate.slice(0, 4)}`;

const FIGURES = [
  'baseCents',
  'vatCents',
  'recargoCents',
  'deductibleVatCents',
  'deductibleBaseCents',
] as const;
export const zeroCashFigure = (): CashFigure => ({
  baseCents: 0,
  vatCents: 0,
  recargoCents: 0,
  deductibleVatCents: 0,
  deductibleBaseCents: 0,
});
const z0 = (n: number): number => (n === 0 ? 0 : n);

export const isActivePayment = (p: Pick<PaymentForAggregates, 'status'>): boolean =>
  (p.status ?? 'ACTIVE') !== 'DELETED';

/** An invoice's (or rectified invoice's) breakdown summed per cash-basis key. */
export function cashFiguresOf(breakdown: IssuedForAggregates['breakdown']): CashFigures {
  const out: CashFigures = new Map();
  for (const g of breakdown) {
    const key = formatCashKey(g);
    const cur = out.get(key) ?? zeroCashFigure();
    cur.baseCents += g.baseCents;
    cur.vatCents += g.vatCents;
    cur.recargoCents += g.recargoCents;
    out.set(key, cur);
  }
  return out;
}

/** `figures × num / den`, each rounded once half away from zero. */
function scale(figures: CashFigures, num: number, den: number): CashFigures {
  const out: CashFigures = new Map();
  for (const [key, v] of figures) {
    const s = zeroCashFigure();
    for (const f of FIGURES) s[f] = z0(Number(roundHalfUpBig(BigInt(v[f]) * BigInt(num), BigInt(den))));
    out.set(key, s);
  }
  return out;
}

/** `a + k × b` per key and figure. */
export function combine(a: CashFigures, b: CashFigures, k: number): CashFigures {
  const out: CashFigures = new Map();
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(key) ?? zeroCashFigure();
    const y = b.get(key) ?? zeroCashFigure();
    const s = zeroCashFigure();
    for (const f of FIGURES) s[f] = z0(x[f] + k * y[f]);
    out.set(key, s);
  }
  return out;
}

/** What a cumulative collection of `paid` out of `total` has settled of `figures`. */
const settledAt = (figures: CashFigures, total: number, paid: number): CashFigures =>
  paid >= total ? figures : scale(figures, paid, total);

const recordedLater = (a: PaymentForAggregates, b: PaymentForAggregates) =>
  a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.paymentId > b.paymentId);

/**
 * The share each of `payments` settles of `figures` (an invoice of total `total`), after `before`
 * céntimos already collected (and settled as `settledAt(figures, total, before)`).
 */
export function settleShares(
  figures: CashFigures,
  total: number,
  payments: readonly PaymentForAggregates[],
  before = 0,
): Map<string, CashFigures> {
  const out = new Map<string, CashFigures>();
  if (total <= 0 || payments.length === 0) return out;
  const paid = before + payments.reduce((s, p) => s + p.amountCents, 0);
  let anchor: PaymentForAggregates | undefined;
  if (paid === total) {
    for (const p of payments) if (!anchor || recordedLater(p, anchor)) anchor = p;
  }
  let others: CashFigures = new Map();
  for (const p of payments) {
    if (p === anchor) continue;
    const share = scale(figures, p.amountCents, total);
    out.set(p.paymentId, share);
    others = combine(others, share, 1);
  }
  if (anchor) {
    const rest = combine(figures, settledAt(figures, total, before), -1);
    out.set(anchor.paymentId, combine(rest, others, -1));
  }
  return out;
}

/** One dated cash-basis settlement (a payment's share, a substitution's re-basing, the deadline's). */
export interface CashSettlement {
  date: string;
  /** The payment whose share it is; null for the re-basing and for the deadline. */
  paymentId: string | null;
  figures: CashFigures;
}

/**
 * Art. 163 terdecies.Uno LIVA: what is uncollected accrues on "el 31 de diciembre del año inmediato
 * posterior a aquel en que se haya realizado la operación" — the year of the invoice's own accrual
 * date (a rectificativa: its own date; each is its own operation).
 */
export const cashDeadlineOf = (
  inv: Pick<IssuedForAggregates, 'invoiceDate' | 'operationDate' | 'breakdown' | 'rectification'>,
): string => `${Number(accrualDateOf(inv).slice(0, 4)) + 1}-12-31`;

const isZero = (figures: CashFigures): boolean =>
  [...figures.values()].every((f) => FIGURES.every((k) => f[k] === 0));

/**
 * The settlements of `figures` up to the `deadline` (art. 163 terdecies LIVA): the payments' dated
 * on or before it, then what they left unsettled, dated on it. A settlement dated after the deadline
 * settles nothing (all was due then), so the result always adds up to `figures`.
 */
export function untilDeadline(
  figures: CashFigures,
  collected: readonly CashSettlement[],
  deadline: string,
): CashSettlement[] {
  const out = collected.filter((s) => s.date.slice(0, 10) <= deadline);
  const settled = out.reduce<CashFigures>((acc, s) => combine(acc, s.figures, 1), new Map());
  const rest = combine(figures, settled, -1);
  if (!isZero(rest)) out.push({ date: deadline, paymentId: null, figures: rest });
  return out;
}

/**
 * Every cash-basis settlement of an invoice under the criterio de caja from its active payments,
 * the deadline's last (none for an invoice under the general regime, of total ≤ 0, or substituted).
 */
export function cashSettlements(
  inv: IssuedForPayments,
  payments: readonly PaymentForAggregates[],
): CashSettlement[] {
  if (issuedRegime(inv) !== 'C' || inv.totals.totalCents <= 0 || inv.substitutedBy) return [];
  return untilDeadline(
    cashFiguresOf(inv.breakdown),
    collectionSettlements(inv, payments),
    cashDeadlineOf(inv),
  );
}

/** The settlements of the collections (and of a substitution's re-basing), whatever their dates. */
function collectionSettlements(
  inv: IssuedForPayments,
  payments: readonly PaymentForAggregates[],
): CashSettlement[] {
  const active = payments.filter(isActivePayment);
  const refs = new Map<string, RectifiedInvoiceRef>(
    inv.rectification?.method === 'SUBSTITUTION'
      ? inv.rectification.rectified.map((r) => [r.invoiceId, r])
      : [],
  );
  const moved = new Map<string, PaymentForAggregates[]>();
  const own: PaymentForAggregates[] = [];
  for (const p of active) {
    const from = p.movedFrom?.invoiceId;
    if (from && refs.has(from)) moved.set(from, [...(moved.get(from) ?? []), p]);
    else own.push(p);
  }
  const figures = cashFiguresOf(inv.breakdown);
  const total = inv.totals.totalCents;
  const out: CashSettlement[] = [];
  const byId = new Map(active.map((p) => [p.paymentId, p]));
  let movedSettled: CashFigures = new Map();
  let movedCents = 0;
  for (const [from, list] of moved) {
    const r = refs.get(from) as RectifiedInvoiceRef;
    const shares = settleShares(cashFiguresOf(r.breakdown), r.totals.totalCents, list);
    for (const [id, f] of shares) {
      out.push({ date: (byId.get(id) as PaymentForAggregates).paidAt, paymentId: id, figures: f });
      movedSettled = combine(movedSettled, f, 1);
    }
    movedCents += list.reduce((s, p) => s + p.amountCents, 0);
  }
  if (movedCents > 0) {
    out.push({
      date: inv.invoiceDate,
      paymentId: null,
      figures: combine(settledAt(figures, total, movedCents), movedSettled, -1),
    });
  }
  for (const [id, f] of settleShares(figures, total, own, movedCents)) {
    out.push({ date: (byId.get(id) as PaymentForAggregates).paidAt, paymentId: id, figures: f });
  }
  return out;
}

/** The aggregate lines of one settlement (× sign), in key order, without the all-zero ones; `count` 0. */
export function cashSettlementLines(figures: CashFigures, sign: number): AggregateLine[] {
  const lines: AggregateLine[] = [];
  for (const [taxKey, f] of [...figures].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const line: AggregateLine = {
      taxKey,
      baseCents: z0(sign * f.baseCents),
      vatCents: z0(sign * f.vatCents),
      recargoCents: z0(sign * f.recargoCents),
      irpfCents: 0,
      deductibleVatCents: z0(sign * f.deductibleVatCents),
      deductibleBaseCents: z0(sign * f.deductibleBaseCents),
      totalCents: z0(sign * (f.baseCents + f.vatCents + f.recargoCents)),
      count: 0,
    };
    if (FIGURES.some((k) => line[k] !== 0)) lines.push(line);
  }
  return lines;
}

/**
 * What an issued invoice's payments add to the ISSUED book (× sign), one contribution per dated
 * settlement or cash payment. Never sharded: the items of a substituted invoice's payments and of
 * its substitute's are the same, so moving payments nets to nothing.
 */
export function paymentContributions(
  inv: IssuedForPayments,
  payments: readonly PaymentForAggregates[],
  sign: 1 | -1,
): AggregateContribution[] {
  const out: AggregateContribution[] = [];
  for (const s of cashSettlements(inv, payments)) {
    const byKey = cashSettlementLines(s.figures, sign);
    if (byKey.length > 0) out.push({ book: 'ISSUED', date: s.date, byKey, byCounterparty: [] });
  }
  const party = issuedCounterparty(inv);
  for (const p of payments) {
    if (!isActivePayment(p) || p.method !== 'CASH' || p.amountCents === 0) continue;
    const line: CounterpartyLine = {
      ...party,
      opKey: cashOpKey(inv.invoiceDate),
      baseCents: 0,
      vatCents: 0,
      totalCents: sign * p.amountCents,
      count: 0,
    };
    out.push({ book: 'ISSUED', date: p.paidAt, byKey: [], byCounterparty: [line] });
  }
  return out;
}
