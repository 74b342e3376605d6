/**
 * The treasury's lists over the open items (pure): the unpaid instalments in a range, the overdue
 * documents with their age, the month calendar. An instalment is overdue when something of it is
 * unpaid and its due date is before today (the invoices' daily schedule rule, shared/fiscal/due-dates.ts).
 */

import { addDays, daysBetween } from '@shared/fiscal/tax-calendar';
import type {
  CalendarDay,
  CalendarEntry,
  CalendarMonth,
  DueDateLine,
  OverdueList,
  TreasuryDirection,
} from '@shared/schemas/treasury';
import type { OpenItem } from '../store/items';

/** Every unpaid instalment of the OPEN items, earliest first. */
export function dueLinesOf(items: readonly OpenItem[], today: string): DueDateLine[] {
  const lines: DueDateLine[] = [];
  for (const item of items) {
    if (item.status !== 'OPEN') continue;
    for (const d of item.dueDates) {
      const unpaid = d.amountCents - d.paidCents;
      if (unpaid <= 0) continue;
      lines.push({
        documentKind: item.kind,
        documentId: item.documentId,
        direction: item.direction,
        number: item.number,
        partyName: item.partyName,
        partyNif: item.partyNif,
        issueDate: item.issueDate,
        dueDate: d.dueDate,
        amountCents: unpaid,
        instalmentCents: d.amountCents,
        outstandingCents: item.outstandingCents,
        daysOverdue: d.dueDate < today ? daysBetween(d.dueDate, today) : 0,
        paymentMethod: item.paymentMethod,
      });
    }
  }
  return lines.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.number.localeCompare(b.number));
}

export const inDirection =
  (direction: TreasuryDirection | 'ALL' | undefined) => (l: { direction: TreasuryDirection }) =>
    !direction || direction === 'ALL' || l.direction === direction;

export const sumCents = (lines: readonly { amountCents: number }[]) =>
  lines.reduce((s, l) => s + l.amountCents, 0);

export function agingOf(
  lines: readonly { amountCents: number; daysOverdue: number }[],
): OverdueList['aging'] {
  const buckets: OverdueList['aging'] = [
    { bucket: '1-30', amountCents: 0, count: 0 },
    { bucket: '31-60', amountCents: 0, count: 0 },
    { bucket: '61-90', amountCents: 0, count: 0 },
    { bucket: '>90', amountCents: 0, count: 0 },
  ];
  for (const l of lines) {
    const i = l.daysOverdue <= 30 ? 0 : l.daysOverdue <= 60 ? 1 : l.daysOverdue <= 90 ? 2 : 3;
    buckets[i]!.amountCents += l.amountCents;
    buckets[i]!.count += 1;
  }
  return buckets;
}

/** The days of a month (YYYY-MM) with their entries and totals. */
export function calendarMonth(
  month: string,
  entries: readonly (CalendarEntry & { date: string })[],
): CalendarMonth {
  const first = `${month}-01`;
  const days: CalendarDay[] = [];
  for (let d = first; d.slice(0, 7) === month; d = addDays(d, 1)) {
    const mine = entries.filter((e) => e.date === d).map(({ date: _date, ...e }) => e);
    days.push({
      date: d,
      inflowsCents: sumCents(mine.filter((e) => e.direction === 'RECEIVABLE')),
      outflowsCents: sumCents(mine.filter((e) => e.direction === 'PAYABLE')),
      entries: mine,
    });
  }
  return {
    month,
    days,
    inflowsCents: days.reduce((s, d) => s + d.inflowsCents, 0),
    outflowsCents: days.reduce((s, d) => s + d.outflowsCents, 0),
  };
}
