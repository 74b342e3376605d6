/**
 * Collection metrics of the receivables (issue 19 item 4; spec §7 client delay, collection metrics).
 * Pure, over the open items of the issued invoices.
 *
 * - DSO (days sales outstanding) = receivables outstanding / sales of the last 90 days × 90, the
 *   usual "count-back-free" formula; sales = the totals of the invoices issued in the 90 days ending
 *   today (credit notes net them; cancelled ones are out). Null without sales.
 * - Settlement chunks: each payment settles the instalments oldest due date first (the projection's
 *   rule); a chunk is (amount, due date, payment date). Credit notes applied are not collections.
 * - Per-client average delay = Σ(chunk amount × (payment date − due date)) / Σ chunk amount:
 *   weighted by amount, negative when the client pays early.
 * - Average collection days = Σ(payment amount × (payment date − issue date)) / Σ amount, over what
 *   was collected in the last 365 days (`collectionsOf`: the payments of receivables in force with a
 *   positive total; credit notes applied are not collections). The same collections summed per
 *   payment month (`collectionMonths`) are the company's collection summary
 *   (store/collection-summary.ts) that the dashboard reads.
 * - Paid on time = instalments settled in the last 365 days whose last chunk is on or before their
 *   due date, over all instalments settled then.
 */

import { addDays, daysBetween } from '@shared/fiscal/tax-calendar';
import type { ClientDelayRow, CollectionMetrics, CollectionMonth } from '@shared/schemas/treasury';
import type { OpenItem } from '../store/items';
import { overdueCentsOf } from './open-item';

/** The method of the lines that record a credit note applied (not money collected). */
export const CREDIT_NOTE_METHOD = 'CREDIT_NOTE';

export interface SettlementChunk {
  amountCents: number;
  dueDate: string;
  paidDate: string;
  /** Set on the chunk that completed its instalment. */
  completesInstalment: boolean;
}

const isCollection = (method: string) => method !== CREDIT_NOTE_METHOD;

/** The chunks of an item's payments over its instalments, oldest due date first. */
export function settlementChunks(item: Pick<OpenItem, 'dueDates' | 'payments'>): SettlementChunk[] {
  const instalments = [...item.dueDates]
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
    .map((d) => ({ dueDate: d.dueDate, left: d.amountCents }));
  const payments = [...item.payments].sort((a, b) => a.date.localeCompare(b.date));
  const chunks: SettlementChunk[] = [];
  let i = 0;
  for (const p of payments) {
    let left = p.amountCents;
    while (left > 0 && i < instalments.length) {
      const inst = instalments[i]!;
      const take = Math.min(left, inst.left);
      inst.left -= take;
      left -= take;
      if (take > 0 && isCollection(p.method)) {
        chunks.push({
          amountCents: take,
          dueDate: inst.dueDate,
          paidDate: p.date,
          completesInstalment: inst.left === 0,
        });
      }
      if (inst.left === 0) i++;
    }
  }
  return chunks;
}

/** Money received for a receivable, with the days from the invoice's issue to the payment. */
export interface Collection {
  amountCents: number;
  date: string;
  days: number;
}

/**
 * What was collected of an item: the payments (credit notes applied are not money collected) of a
 * receivable that is not cancelled and has a positive total; a credit note's negative item, a
 * payable or a cancelled invoice collects nothing.
 */
export function collectionsOf(
  item: Pick<OpenItem, 'direction' | 'status' | 'totalCents' | 'issueDate' | 'payments'>,
): Collection[] {
  if (item.direction !== 'RECEIVABLE' || item.status === 'CANCELLED' || item.totalCents <= 0) return [];
  return item.payments
    .filter((p) => isCollection(p.method) && p.amountCents > 0)
    .map((p) => ({ amountCents: p.amountCents, date: p.date, days: daysBetween(item.issueDate, p.date) }));
}

/** The items' collections summed per payment month (`YYYY-MM`), oldest first; empty months absent. */
export function collectionMonths(
  items: readonly Pick<OpenItem, 'direction' | 'status' | 'totalCents' | 'issueDate' | 'payments'>[],
): CollectionMonth[] {
  const months = new Map<string, CollectionMonth>();
  for (const item of items) {
    for (const c of collectionsOf(item)) {
      const month = c.date.slice(0, 7);
      const m = months.get(month) ?? { month, collectedCents: 0, collectedCentsDays: 0 };
      m.collectedCents += c.amountCents;
      m.collectedCentsDays += c.amountCents * c.days;
      months.set(month, m);
    }
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}

const weightedDays = (pairs: { amountCents: number; days: number }[]): number | null => {
  const total = pairs.reduce((s, p) => s + p.amountCents, 0);
  if (total <= 0) return null;
  return Math.round((pairs.reduce((s, p) => s + p.amountCents * p.days, 0) / total) * 10) / 10;
};

const receivables = (items: readonly OpenItem[]) => items.filter((i) => i.direction === 'RECEIVABLE');

export function dsoOf(
  items: readonly OpenItem[],
  today: string,
): {
  dsoDays: number | null;
  outstandingCents: number;
  salesCents: number;
} {
  const rec = receivables(items);
  const outstandingCents = rec.filter((i) => i.status === 'OPEN').reduce((s, i) => s + i.outstandingCents, 0);
  const since = addDays(today, -89);
  const salesCents = rec
    .filter((i) => i.status !== 'CANCELLED' && i.issueDate >= since && i.issueDate <= today)
    .reduce((s, i) => s + i.totalCents, 0);
  const dsoDays = salesCents > 0 ? Math.round((outstandingCents / salesCents) * 90 * 10) / 10 : null;
  return { dsoDays, outstandingCents, salesCents };
}

export function collectionMetrics(items: readonly OpenItem[], today: string): CollectionMetrics {
  const rec = receivables(items).filter((i) => i.status !== 'CANCELLED');
  const dso = dsoOf(items, today);
  const month = today.slice(0, 7);
  const yearAgo = addDays(today, -365);
  let collectedThisMonthCents = 0;
  const collection: { amountCents: number; days: number }[] = [];
  let onTime = 0;
  let late = 0;
  for (const item of rec) {
    for (const c of collectionsOf(item)) {
      if (c.date.slice(0, 7) === month && c.date <= today) collectedThisMonthCents += c.amountCents;
      if (c.date > yearAgo && c.date <= today) collection.push({ amountCents: c.amountCents, days: c.days });
    }
    for (const c of settlementChunks(item)) {
      if (!c.completesInstalment || c.paidDate <= yearAgo || c.paidDate > today) continue;
      if (c.paidDate <= c.dueDate) onTime++;
      else late++;
    }
  }
  const settled = onTime + late;
  return {
    today,
    dsoDays: dso.dsoDays,
    receivablesOutstandingCents: dso.outstandingCents,
    salesLast90DaysCents: dso.salesCents,
    collectedThisMonthCents,
    averageCollectionDays: weightedDays(collection),
    paidOnTimeBp: settled > 0 ? Math.round((onTime * 10_000) / settled) : null,
    paidOnTimeCount: onTime,
    paidLateCount: late,
  };
}

/** The key a client is grouped by: its stored id, else its NIF, else its name. */
export const partyKeyOf = (i: Pick<OpenItem, 'partyId' | 'partyNif' | 'partyName'>): string =>
  i.partyId
    ? `ID:${i.partyId}`
    : i.partyNif
      ? `NIF:${i.partyNif}`
      : `NAME:${i.partyName.trim().toUpperCase()}`;

export function clientDelays(items: readonly OpenItem[], today: string): ClientDelayRow[] {
  const groups = new Map<string, OpenItem[]>();
  for (const item of receivables(items)) {
    if (item.status === 'CANCELLED' || item.totalCents <= 0) continue;
    const key = partyKeyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const rows: ClientDelayRow[] = [];
  for (const [partyKey, group] of groups) {
    const chunks = group.flatMap((i) => settlementChunks(i));
    const latest = [...group].sort((a, b) => b.issueDate.localeCompare(a.issueDate))[0]!;
    const overdue = group.map((i) => overdueCentsOf(i, today));
    rows.push({
      partyKey,
      partyName: latest.partyName,
      partyNif: latest.partyNif,
      invoices: group.length,
      averageDelayDays: weightedDays(
        chunks.map((c) => ({ amountCents: c.amountCents, days: daysBetween(c.dueDate, c.paidDate) })),
      ),
      paidCents: chunks.reduce((s, c) => s + c.amountCents, 0),
      outstandingCents: group.filter((i) => i.status === 'OPEN').reduce((s, i) => s + i.outstandingCents, 0),
      overdueCents: overdue.reduce((s, c) => s + c, 0),
      overdueCount: overdue.filter((c) => c > 0).length,
    });
  }
  return rows.sort(
    (a, b) =>
      (b.averageDelayDays ?? Number.NEGATIVE_INFINITY) - (a.averageDelayDays ?? Number.NEGATIVE_INFINITY) ||
      b.overdueCents - a.overdueCents ||
      a.partyName.localeCompare(b.partyName),
  );
}
