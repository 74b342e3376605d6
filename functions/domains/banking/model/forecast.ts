/**
 * The 13-week cash forecast (issue 19 item 4; design "Treasury forecast"). Pure: the action reads the
 * balances, open items, recurring templates and fiscal calendar and hands them here.
 *
 * The rule (also shown on the page, shared/schemas/treasury.ts FORECAST_RULE_TEXT):
 * - 13 weeks of 7 days, the first starting on the Monday of the current week (today's date in
 *   Europe/Madrid); week n runs Monday..Sunday.
 * - Opening of week 1 = Σ of the active bank accounts' last balances; each later week opens with the
 *   closing of the one before; closing = opening + inflows − outflows.
 * - Inflows: the unpaid part of each receivable instalment due that week, ON OR AFTER today. An
 *   instalment due before today is overdue: NOT counted (when it will be collected is unknown), listed
 *   apart (`overdueReceivables`). Recurring invoice templates: each occurrence issued from today (and
 *   from the template's next run date) within the horizon, its total collected on issue date + the
 *   template's days (or the customer's payment terms), counted in the week of that collection date.
 * - Outflows: the unpaid part of each payable instalment due that week on or after today; overdue
 *   payables (due before today) are counted in week 1 (they must be paid now). Tax payments of the
 *   fiscal calendar on their due date (an open one already past due: week 1), the model's result when
 *   generated, else an estimate (labelled). Payroll: none exists yet, omitted.
 * Lines outside the horizon are left out.
 */

import { addDays, daysBetween } from '@shared/fiscal/tax-calendar';
import {
  FORECAST_RULE_TEXT,
  type ForecastLine,
  type ForecastWeek,
  type LiquidityForecast,
  type TreasuryDocumentKind,
} from '@shared/schemas/treasury';

export const FORECAST_WEEKS = 13;

/** The Monday of the week of an ISO date (ISO weeks start on Monday). */
export function mondayOf(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 = Sunday
  return addDays(iso, -((dow + 6) % 7));
}

export interface ForecastInstalment {
  direction: 'RECEIVABLE' | 'PAYABLE';
  documentKind: TreasuryDocumentKind;
  documentId: string;
  label: string;
  dueDate: string;
  /** The unpaid part of the instalment. */
  unpaidCents: number;
}

export interface ForecastRecurring {
  templateId: string;
  label: string;
  /** The day the money is expected (issue date + days to pay). */
  collectionDate: string;
  /** The issue date of the occurrence (must be today or later to be counted). */
  issueDate: string;
  amountCents: number;
}

export interface ForecastTax {
  obligationId: string;
  label: string;
  dueDate: string;
  /** What is to be paid (0 or less: nothing leaves the bank, not counted). */
  amountCents: number;
  estimated: boolean;
}

export interface ForecastInput {
  today: string;
  openingCents: number;
  instalments: ForecastInstalment[];
  recurring: ForecastRecurring[];
  taxes: ForecastTax[];
}

const line = (
  kind: ForecastLine['kind'],
  date: string,
  label: string,
  amountCents: number,
  extra: Partial<ForecastLine> = {},
): ForecastLine => ({
  kind,
  date,
  label,
  amountCents,
  estimated: false,
  documentKind: null,
  documentId: null,
  ...extra,
});

export function computeForecast(input: ForecastInput): LiquidityForecast {
  const { today } = input;
  const from = mondayOf(today);
  const to = addDays(from, FORECAST_WEEKS * 7 - 1);
  const weekOf = (date: string): number | null => {
    if (date < from || date > to) return null;
    return Math.floor(daysBetween(from, date) / 7);
  };
  const buckets: ForecastLine[][] = Array.from({ length: FORECAST_WEEKS }, () => []);
  const overdueReceivables: ForecastLine[] = [];
  let overduePayablesCents = 0;
  const put = (date: string, l: ForecastLine) => {
    const w = weekOf(date);
    if (w !== null) buckets[w]!.push(l);
  };

  for (const i of input.instalments) {
    if (i.unpaidCents <= 0) continue;
    const doc = { documentKind: i.documentKind, documentId: i.documentId };
    const overdue = i.dueDate < today;
    if (i.direction === 'RECEIVABLE') {
      if (overdue) overdueReceivables.push(line('RECEIVABLE', i.dueDate, i.label, i.unpaidCents, doc));
      else put(i.dueDate, line('RECEIVABLE', i.dueDate, i.label, i.unpaidCents, doc));
    } else if (overdue) {
      overduePayablesCents += i.unpaidCents;
      buckets[0]!.push(line('OVERDUE_PAYABLE', i.dueDate, i.label, -i.unpaidCents, doc));
    } else {
      put(i.dueDate, line('PAYABLE', i.dueDate, i.label, -i.unpaidCents, doc));
    }
  }
  for (const r of input.recurring) {
    if (r.amountCents <= 0 || r.issueDate < today) continue;
    put(r.collectionDate, line('RECURRING', r.collectionDate, r.label, r.amountCents, { estimated: true }));
  }
  for (const t of input.taxes) {
    if (t.amountCents <= 0) continue;
    const l = line('TAX', t.dueDate, t.label, -t.amountCents, { estimated: t.estimated });
    if (t.dueDate < today) buckets[0]!.push(l);
    else put(t.dueDate, l);
  }

  const weeks: ForecastWeek[] = [];
  let opening = input.openingCents;
  for (let w = 0; w < FORECAST_WEEKS; w++) {
    const lines = buckets[w]!.sort(
      (a, b) => a.date.localeCompare(b.date) || Math.abs(b.amountCents) - Math.abs(a.amountCents),
    );
    const inflowsCents = lines.filter((l) => l.amountCents > 0).reduce((s, l) => s + l.amountCents, 0);
    const outflowsCents = lines.filter((l) => l.amountCents < 0).reduce((s, l) => s - l.amountCents, 0);
    const closingCents = opening + inflowsCents - outflowsCents;
    weeks.push({
      week: w + 1,
      from: addDays(from, w * 7),
      to: addDays(from, w * 7 + 6),
      openingCents: opening,
      inflowsCents,
      outflowsCents,
      closingCents,
      lines,
    });
    opening = closingCents;
  }
  const minimum = weeks.reduce((m, w) => (w.closingCents < m.closingCents ? w : m), weeks[0]!);
  overdueReceivables.sort((a, b) => a.date.localeCompare(b.date));
  return {
    today,
    from,
    to,
    openingCents: input.openingCents,
    weeks,
    overdueReceivablesCents: overdueReceivables.reduce((s, l) => s + l.amountCents, 0),
    overdueReceivables,
    overduePayablesCents,
    closingCents: weeks.at(-1)!.closingCents,
    minimumClosingCents: minimum.closingCents,
    minimumWeek: minimum.week,
    rule: FORECAST_RULE_TEXT,
  };
}

// --- recurring templates -------------------------------------------------------------------------------

/** What the forecast reads of a recurring invoice template (shared/schemas/recurring-invoices.ts). */
export interface RecurringTemplateInput {
  templateId: string;
  name: string;
  customerName: string;
  frequency: 'MONTHLY' | 'QUARTERLY' | 'YEARLY';
  interval: number;
  startDate: string;
  endDate: string | null;
  maxOccurrences: number | null;
  dayOfMonth: number | 'LAST';
  isActive: boolean;
  nextRunDate: string | null;
  totalCents: number;
  /** Days to pay: the template's, else the customer's payment terms, else 0. */
  daysToPay: number;
}

const MONTHS: Record<RecurringTemplateInput['frequency'], number> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 };

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The occurrences of a template issued within [from, to], from its next run date on (the same
 * calendar as the invoices domain's recurrence: anchored at the start month, every interval × period
 * months, on the day of month clamped to the month's end; the end date and the count end it).
 */
export function recurringOccurrences(t: RecurringTemplateInput, from: string, to: string): string[] {
  if (!t.isActive || !t.nextRunDate) return [];
  const step = MONTHS[t.frequency] * Math.max(1, t.interval);
  const startIndex = Number(t.startDate.slice(0, 4)) * 12 + Number(t.startDate.slice(5, 7)) - 1;
  const dateAt = (k: number) => {
    const idx = startIndex + k * step;
    const year = Math.floor(idx / 12);
    const month = (idx % 12) + 1;
    const last = lastDayOfMonth(year, month);
    const day = t.dayOfMonth === 'LAST' ? last : Math.min(t.dayOfMonth, last);
    return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  };
  const first = dateAt(0) >= t.startDate ? 0 : 1;
  const out: string[] = [];
  for (let k = first, n = 1; n <= 1000; k++, n++) {
    const date = dateAt(k);
    if (t.maxOccurrences != null && n > t.maxOccurrences) break;
    if ((t.endDate && date > t.endDate) || date > to) break;
    if (date >= from && date >= t.nextRunDate) out.push(date);
  }
  return out;
}

/** The forecast lines of the templates: each occurrence from today within the horizon, collected later. */
export function recurringForecast(
  templates: readonly RecurringTemplateInput[],
  today: string,
  horizonEnd: string,
): ForecastRecurring[] {
  return templates.flatMap((t) =>
    recurringOccurrences(t, today, horizonEnd).map((issueDate) => ({
      templateId: t.templateId,
      label: `${t.name} · ${t.customerName}`,
      issueDate,
      collectionDate: addDays(issueDate, t.daysToPay),
      amountCents: t.totalCents,
    })),
  );
}
