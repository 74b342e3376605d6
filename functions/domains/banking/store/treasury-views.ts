/**
 * The treasury's answers (issue 19 item 4; shapes in shared/schemas/treasury.ts), composed from the
 * open-items projection, the bank balances, the recurring templates and the fiscal calendar
 * (store/treasury-inputs.ts) through the pure models (forecast, due lines, collection metrics).
 */

import { addDays } from '@shared/fiscal/tax-calendar';
import type {
  CalendarEntry,
  CalendarMonth,
  ClientDelayReport,
  CollectionMetrics,
  DueDatesList,
  LiquidityForecast,
  OverdueLine,
  OverdueList,
  TreasuryDashboard,
  TreasuryDirection,
} from '@shared/schemas/treasury';
import { clientDelays, collectionMetrics, dsoOf } from '../model/collection-metrics';
import { agingOf, calendarMonth, dueLinesOf, inDirection, sumCents } from '../model/due-lines';
import { computeForecast, FORECAST_WEEKS, mondayOf, recurringForecast } from '../model/forecast';
import { overdueCentsOf } from '../model/open-item';
import type { BankingDeps } from './deps';
import type { OpenItem } from './items';
import { listOpenItems } from './open-items';
import { documentKeyOf, listNotes, listReminders } from './treasury';
import { activeAccounts, recurringInputs, taxPayments, todayOf } from './treasury-inputs';

type Deps = Pick<BankingDeps, 'db' | 'table' | 'now'>;
type Direction = TreasuryDirection | 'ALL' | undefined;

export async function liquidity(deps: Deps, companyId: string): Promise<LiquidityForecast> {
  const today = todayOf(deps);
  const to = addDays(mondayOf(today), FORECAST_WEEKS * 7 - 1);
  const [accounts, items, templates, taxes] = await Promise.all([
    activeAccounts(deps, companyId),
    listOpenItems(deps, companyId, { status: 'OPEN' }),
    recurringInputs(deps, companyId),
    taxPayments(deps, companyId, today, to),
  ]);
  return computeForecast({
    today,
    openingCents: accounts.reduce((s, a) => s + a.balanceCents, 0),
    instalments: dueLinesOf(items, today).map((l) => ({
      direction: l.direction,
      documentKind: l.documentKind,
      documentId: l.documentId,
      label: `${l.number} · ${l.partyName}`,
      dueDate: l.dueDate,
      unpaidCents: l.amountCents,
    })),
    recurring: recurringForecast(templates, today, to),
    taxes,
  });
}

export async function dueDates(
  deps: Deps,
  companyId: string,
  query: { from?: string | undefined; to?: string | undefined; direction?: Direction },
): Promise<DueDatesList> {
  const today = todayOf(deps);
  const from = query.from ?? today;
  const to = query.to ?? addDays(from, 30);
  const items = await listOpenItems(deps, companyId, { status: 'OPEN' });
  const lines = dueLinesOf(items, today)
    .filter(inDirection(query.direction))
    .filter((l) => l.dueDate >= from && l.dueDate <= to);
  return {
    from,
    to,
    items: lines,
    receivablesCents: sumCents(lines.filter((l) => l.direction === 'RECEIVABLE')),
    payablesCents: sumCents(lines.filter((l) => l.direction === 'PAYABLE')),
  };
}

export async function overdue(deps: Deps, companyId: string, direction: Direction): Promise<OverdueList> {
  const today = todayOf(deps);
  const [items, notes, reminders] = await Promise.all([
    listOpenItems(deps, companyId, { status: 'OPEN' }),
    listNotes(deps, companyId),
    listReminders(deps, companyId),
  ]);
  const lines = dueLinesOf(items, today)
    .filter(inDirection(direction ?? 'RECEIVABLE'))
    .filter((l) => l.daysOverdue > 0);
  const byItem = new Map(items.map((i) => [documentKeyOf(i.kind, i.documentId), i]));
  // One row per document: its oldest overdue instalment, with everything overdue on it.
  const seen = new Set<string>();
  const rows: OverdueLine[] = [];
  for (const l of lines) {
    const key = documentKeyOf(l.documentKind, l.documentId);
    if (seen.has(key)) continue;
    seen.add(key);
    const item = byItem.get(key)!;
    const mine = reminders.filter((r) => r.documentKind === l.documentKind && r.documentId === l.documentId);
    rows.push({
      ...l,
      overdueCents: overdueCentsOf(item, today),
      partyEmail: item.partyEmail,
      lastNote: notes.find((n) => n.documentKind === l.documentKind && n.documentId === l.documentId) ?? null,
      lastReminderAt:
        mine
          .map((r) => r.sentAt)
          .sort()
          .at(-1) ?? null,
      reminderCount: mine.length,
    });
  }
  rows.sort((a, b) => b.daysOverdue - a.daysOverdue);
  return {
    today,
    items: rows,
    totalOverdueCents: rows.reduce((s, r) => s + r.overdueCents, 0),
    aging: agingOf(lines),
  };
}

export async function calendar(
  deps: Deps,
  companyId: string,
  month: string | undefined,
): Promise<CalendarMonth> {
  const today = todayOf(deps);
  const m = month ?? today.slice(0, 7);
  const first = `${m}-01`;
  const last = addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1);
  const [items, templates, taxes] = await Promise.all([
    listOpenItems(deps, companyId, { status: 'OPEN' }),
    recurringInputs(deps, companyId),
    taxPayments(deps, companyId, today, last),
  ]);
  const entries: (CalendarEntry & { date: string })[] = [];
  for (const l of dueLinesOf(items, today)) {
    if (l.dueDate < first || l.dueDate > last) continue;
    entries.push({
      date: l.dueDate,
      kind: 'DOCUMENT',
      direction: l.direction,
      label: l.number,
      partyName: l.partyName,
      documentKind: l.documentKind,
      documentId: l.documentId,
      amountCents: l.amountCents,
      estimated: false,
      overdue: l.daysOverdue > 0,
    });
  }
  for (const r of recurringForecast(templates, today, last)) {
    if (r.collectionDate < first || r.collectionDate > last) continue;
    entries.push({
      date: r.collectionDate,
      kind: 'RECURRING',
      direction: 'RECEIVABLE',
      label: r.label,
      partyName: null,
      documentKind: null,
      documentId: null,
      amountCents: r.amountCents,
      estimated: true,
      overdue: false,
    });
  }
  for (const t of taxes) {
    if (t.dueDate < first || t.dueDate > last || t.amountCents <= 0) continue;
    entries.push({
      date: t.dueDate,
      kind: 'TAX',
      direction: 'PAYABLE',
      label: t.label,
      partyName: 'Agencia Tributaria',
      documentKind: null,
      documentId: null,
      amountCents: t.amountCents,
      estimated: t.estimated,
      overdue: t.dueDate < today,
    });
  }
  return calendarMonth(m, entries);
}

export async function dueSoon(
  deps: Deps,
  companyId: string,
  range: 'TODAY' | 'WEEK',
  direction: Direction,
): Promise<DueDatesList> {
  const today = todayOf(deps);
  const to = range === 'TODAY' ? today : addDays(mondayOf(today), 6);
  return dueDates(deps, companyId, { from: today, to, direction });
}

export async function dashboard(deps: Deps, companyId: string): Promise<TreasuryDashboard> {
  const today = todayOf(deps);
  const [accounts, all, forecast] = await Promise.all([
    activeAccounts(deps, companyId),
    listOpenItems(deps, companyId),
    liquidity(deps, companyId),
  ]);
  const open = all.filter((i) => i.status === 'OPEN');
  const side = (direction: TreasuryDirection) => {
    const mine = open.filter((i) => i.direction === direction);
    const overdueBy = mine.map((i) => overdueCentsOf(i, today));
    return {
      outstandingCents: mine.reduce((s, i) => s + i.outstandingCents, 0),
      overdueCents: overdueBy.reduce((s, c) => s + c, 0),
      count: mine.length,
      overdueCount: overdueBy.filter((c) => c > 0).length,
    };
  };
  const lines = dueLinesOf(open, today);
  const window = (to: string) => {
    const l = lines.filter((x) => x.dueDate >= today && x.dueDate <= to);
    return {
      receivablesCents: sumCents(l.filter((x) => x.direction === 'RECEIVABLE')),
      payablesCents: sumCents(l.filter((x) => x.direction === 'PAYABLE')),
      count: l.length,
    };
  };
  return {
    today,
    cashCents: accounts.reduce((s, a) => s + a.balanceCents, 0),
    accounts: accounts.map((a) => ({
      accountId: a.accountId,
      alias: a.alias,
      bankName: a.bankName,
      balanceCents: a.balanceCents,
      balanceDate: a.balanceDate,
    })),
    receivables: side('RECEIVABLE'),
    payables: side('PAYABLE'),
    dueToday: window(today),
    dueThisWeek: window(addDays(mondayOf(today), 6)),
    dsoDays: dsoOf(all, today).dsoDays,
    forecast: {
      closingCents: forecast.closingCents,
      minimumClosingCents: forecast.minimumClosingCents,
      minimumWeek: forecast.minimumWeek,
      weeks: forecast.weeks.map(({ lines: _lines, ...w }) => w),
    },
  };
}

export async function clientDelay(deps: Deps, companyId: string): Promise<ClientDelayReport> {
  const today = todayOf(deps);
  return {
    today,
    rows: clientDelays(await listOpenItems(deps, companyId, { direction: 'RECEIVABLE' }), today),
  };
}

export async function metrics(deps: Deps, companyId: string): Promise<CollectionMetrics> {
  return collectionMetrics(await listOpenItems(deps, companyId, { direction: 'RECEIVABLE' }), todayOf(deps));
}

/** The overdue amount and its oldest due date of an item (reminders). */
export function overdueOf(
  item: OpenItem,
  today: string,
): { overdueCents: number; oldestDueDate: string | null } {
  const past = item.dueDates.filter((d) => d.dueDate < today && d.paidCents < d.amountCents);
  return { overdueCents: overdueCentsOf(item, today), oldestDueDate: past[0]?.dueDate ?? null };
}
