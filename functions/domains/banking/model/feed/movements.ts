/**
 * From the feed's booked transactions to the movements we store, and the balance we keep
 * (reference/banking-accounting.md A3). Only booked transactions become movements: a pending one may
 * still change its amount or disappear. The duplicate claim (`keys.bankMovementClaim`) is made on:
 *  - the provider's `transactionId` (or `internalTransactionId`) when the bank gives one;
 *  - otherwise the sha256 of account (IBAN) | booking date | amount | remittance | counterparty, plus
 *    `#<n>` for the n-th identical one of that account and day in the same answer (two real identical
 *    card payments are both kept; the sync always reads whole days, so the count is stable).
 */

import { createHash } from 'node:crypto';
import type { BankMovementItem } from '../../store/items';
import type { FeedBalance, FeedTransaction } from './port';

/** What a PSD2 sync hands to the movements store (the store adds ids, source and reconciliation). */
export type Psd2MovementDraft = Pick<
  BankMovementItem,
  | 'bookingDate'
  | 'valueDate'
  | 'amountCents'
  | 'currency'
  | 'commonConcept'
  | 'ownConcept'
  | 'documentNumber'
  | 'reference1'
  | 'reference2'
  | 'conceptLines'
  | 'description'
  | 'counterpartyName'
  | 'counterpartyIban'
  | 'counterpartyNif'
  | 'endToEndId'
  | 'mandateId'
  | 'fingerprint'
>;

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** The claim of each transaction, in order (see the header). */
export function psd2Fingerprints(iban: string, booked: readonly FeedTransaction[]): string[] {
  const seen = new Map<string, number>();
  return booked.map((t) => {
    if (t.transactionId) return `psd2:tx:${t.transactionId}`;
    const base = [
      iban,
      t.bookingDate,
      String(t.amountCents),
      t.remittance.join('\n'),
      t.counterpartyName ?? '',
      t.counterpartyIban ?? '',
    ].join('|');
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `psd2:h:${sha256(`${base}#${n}`)}`;
  });
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

export function movementDrafts(iban: string, booked: readonly FeedTransaction[]): Psd2MovementDraft[] {
  const fingerprints = psd2Fingerprints(iban, booked);
  return booked.map((t, i) => {
    const lines = t.remittance.map(clean).filter((l) => l !== '');
    const description = clean(lines.join(' ')) || t.counterpartyName || t.bankTransactionCode || 'Movimiento';
    return {
      bookingDate: t.bookingDate,
      valueDate: t.valueDate,
      amountCents: t.amountCents,
      currency: t.currency,
      commonConcept: null,
      ownConcept: t.bankTransactionCode ? t.bankTransactionCode.slice(0, 40) : null,
      documentNumber: null,
      reference1: t.entryReference,
      reference2: t.transactionId,
      conceptLines: lines,
      description,
      counterpartyName: t.counterpartyName,
      counterpartyIban: t.counterpartyIban,
      counterpartyNif: null,
      endToEndId: t.endToEndId,
      mandateId: t.mandateId,
      fingerprint: fingerprints[i]!,
    };
  });
}

/** Berlin Group balance types, the booked closing one first (what a statement's final balance is). */
const BALANCE_PREFERENCE = [
  'closingBooked',
  'interimBooked',
  'expected',
  'interimAvailable',
  'openingBooked',
];

/** The balance we keep for the account and its date (the booked one when the bank gives it). */
export function pickBalance(
  balances: readonly FeedBalance[],
  today: string,
): { balanceCents: number; balanceDate: string } | null {
  const rank = (b: FeedBalance) => {
    const i = BALANCE_PREFERENCE.indexOf(b.type);
    return i === -1 ? BALANCE_PREFERENCE.length : i;
  };
  const best = [...balances].sort((a, b) => rank(a) - rank(b))[0];
  return best ? { balanceCents: best.amountCents, balanceDate: best.referenceDate ?? today } : null;
}

/** The window of a sync: from the last synced booking date minus the overlap, or the history asked. */
export function syncWindow(
  today: string,
  lastBookingDate: string | null,
  overlapDays: number,
  historyDays: number,
): { from: string; to: string } {
  const back = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  const earliest = back(today, historyDays - 1);
  const from = lastBookingDate ? back(lastBookingDate, overlapDays) : earliest;
  return { from: from < earliest ? earliest : from, to: today };
}
