/**
 * What the payments of a received invoice add to the running aggregates of the RECEIVED book (issue
 * 14 item 1) when the régimen especial del criterio de caja defers its deduction, as the invoice
 * records it (`deductionOnPayment`, decided when it was written): its supplier applies the regime
 * (the invoice says so: "régimen especial del criterio de caja", art. 6.1.o RD 1619/2012), or the
 * company itself does. Pure; the payment writes apply `after(+1) − before(−1)` in their own
 * transaction and the nightly recompute rebuilds the same figures from the stored payments with this
 * very function. The issuer's side is ./payment-aggregates.ts, whose shares and deadline this reuses.
 *
 * Art. 163 quinquiesdecies.Uno LIVA (a recipient not in the regime of an operation under it) and art.
 * 163 terdecies LIVA (a company in the regime, whatever its supplier's): the right to deduct the
 * VAT borne arises "en el momento del pago total o parcial del precio por los importes efectivamente
 * satisfechos, o si este no se ha producido, el 31 de diciembre del año inmediato posterior a aquel en
 * que se haya realizado la operación" — the same rule for both.
 * So, for the invoice's DOMESTIC lines (`isCashCriterionLine`: the invoice's own keys end in `|C` and
 * deduct nothing in the 303), one `CAJA|<kind>|<vat>|<recargo>|<C|I>` line per payment with the share
 * of base, VAT, recargo, deductible VAT and deductible base it settles — `roundHalfUp(f × a / T)`, T
 * the invoice's total payable, the last recorded payment settling the remainder (`settleShares`) —
 * and what is unpaid on that 31 December at that date (`untilDeadline`).
 *
 * The deduction needs the invoice (art. 97.Uno.1º and 98.Dos LIVA): a settlement dated before the
 * invoice's book date (a payment on account before it was received) is deducted at the book date.
 */

import { formatReceivedCashKey } from './aggregate-keys';
import {
  type CashFigures,
  type CashSettlement,
  cashSettlementLines,
  isActivePayment,
  type PaymentForAggregates,
  settleShares,
  untilDeadline,
  zeroCashFigure,
} from './payment-aggregates';
import {
  type AggregateContribution,
  deductibleBaseOf,
  isCashCriterionLine,
  type ReceivedForAggregates,
} from './tax-aggregates';

/** The deferred figures of a received invoice per received cash-basis key (empty: nothing deferred). */
export function receivedCashFiguresOf(rec: ReceivedForAggregates): CashFigures {
  const out: CashFigures = new Map();
  for (const l of rec.lines) {
    if (!isCashCriterionLine(rec, l)) continue;
    const key = formatReceivedCashKey(l);
    const cur = out.get(key) ?? zeroCashFigure();
    cur.baseCents += l.baseCents;
    cur.vatCents += l.vatCents;
    cur.recargoCents += l.recargoCents;
    cur.deductibleVatCents += l.deductibleVatCents;
    cur.deductibleBaseCents += deductibleBaseOf(l);
    out.set(key, cur);
  }
  return out;
}

/** Whether a received invoice's payments move its deduction (some line is under the criterio de caja). */
export const hasDeferredDeduction = (rec: ReceivedForAggregates): boolean =>
  rec.lines.some((l) => isCashCriterionLine(rec, l));

/**
 * Arts. 163 terdecies and quinquiesdecies.Uno LIVA: what is unpaid is deductible on 31 December of
 * the year after the operation (its fecha de operación, else its issue date; the book date for a
 * caller that gives none).
 */
export const receivedCashDeadlineOf = (rec: Pick<ReceivedForAggregates, 'operationDate' | 'date'>): string =>
  `${Number((rec.operationDate ?? rec.date).slice(0, 4)) + 1}-12-31`;

/**
 * Every dated settlement of a received invoice's deferred deduction from its active payments, the
 * deadline's last; none when nothing is deferred.
 */
export function receivedCashSettlements(
  rec: ReceivedForAggregates,
  payments: readonly PaymentForAggregates[],
): CashSettlement[] {
  const figures = receivedCashFiguresOf(rec);
  if (figures.size === 0) return [];
  const active = payments.filter(isActivePayment);
  const paidAt = new Map(active.map((p) => [p.paymentId, p.paidAt]));
  const paid = [...settleShares(figures, rec.totalCents, active)].map(
    ([paymentId, f]): CashSettlement => ({ date: paidAt.get(paymentId) as string, paymentId, figures: f }),
  );
  return untilDeadline(figures, paid, receivedCashDeadlineOf(rec)).map((s) =>
    s.date.slice(0, 10) < rec.date ? { ...s, date: rec.date } : s,
  );
}

/** What a received invoice's payments add to the RECEIVED book (× sign), one contribution per settlement. */
export function receivedPaymentContributions(
  rec: ReceivedForAggregates,
  payments: readonly PaymentForAggregates[],
  sign: 1 | -1,
): AggregateContribution[] {
  const out: AggregateContribution[] = [];
  for (const s of receivedCashSettlements(rec, payments)) {
    const byKey = cashSettlementLines(s.figures, sign);
    if (byKey.length > 0) out.push({ book: 'RECEIVED', date: s.date, byKey, byCounterparty: [] });
  }
  return out;
}
