/**
 * The banking judge's treasury scenario and its hand computation of the 13-week forecast, from the
 * rule the design fixes (and the product shows, shared/schemas/treasury.ts FORECAST_RULE_TEXT):
 *  - 13 weeks from the Monday of this week (Europe/Madrid);
 *  - opening = Σ of the active bank accounts' balances;
 *  - inflows of a week = the receivables' unpaid instalments due that week; an overdue receivable
 *    (due before today) is NOT counted;
 *  - outflows of a week = the payables' unpaid instalments due that week; overdue payables go to week 1;
 *  - plus recurring invoices and tax payments — the judge's company has neither (exempt operations
 *    only, no templates), so they are zero.
 * Pure: no I/O.
 */

import type { Rng } from '../accounting-judge/ledger';
import { addDays, mondayOf } from './scenario';

export interface ForecastDoc {
  ref: string;
  direction: 'RECEIVABLE' | 'PAYABLE';
  issueDate: string;
  dueDate: string;
  totalCents: number;
  /** Paid before the forecast is read (a payment through the invoices / expenses API), 0 when none. */
  paidCents: number;
  paidAt: string | null;
  /** Why it is there (printed with disagreements). */
  note: string;
}

export interface ExpectedWeek {
  week: number;
  from: string;
  to: string;
  openingCents: number;
  inflowsCents: number;
  outflowsCents: number;
  closingCents: number;
  /** The documents counted, `ref: amount`. */
  counted: string[];
}

export const WEEKS = 13;

/** The 13 weeks of the forecast as [from, to] (Monday to Sunday). */
export function forecastWeeks(today: string): { week: number; from: string; to: string }[] {
  const monday = mondayOf(today);
  return Array.from({ length: WEEKS }, (_, i) => ({
    week: i + 1,
    from: addDays(monday, 7 * i),
    to: addDays(monday, 7 * i + 6),
  }));
}

/** The judge's documents: receivables and payables across the 13 weeks, overdue ones, paid ones, one beyond. */
export function forecastDocs(rng: Rng, today: string): ForecastDoc[] {
  const weeks = forecastWeeks(today);
  const monday = weeks[0]!.from;
  const end = weeks[WEEKS - 1]!.to;
  const amount = () => rng.int(50, 9_000) * 100 + rng.int(0, 99);
  /** A day of week `w` (1..13) that is not before today. */
  const dayIn = (w: number) => {
    const from = w === 1 ? today : weeks[w - 1]!.from;
    const to = weeks[w - 1]!.to;
    const span = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
    return addDays(from, rng.int(0, span));
  };
  const issued = (due: string) => {
    const latest = due < today ? due : today;
    return addDays(latest, -rng.int(1, 25));
  };
  const docs: ForecastDoc[] = [];
  const add = (d: Omit<ForecastDoc, 'ref' | 'issueDate' | 'paidCents' | 'paidAt'> & Partial<ForecastDoc>) => {
    const issueDate = d.issueDate ?? issued(d.dueDate);
    docs.push({
      ref: `${d.direction === 'RECEIVABLE' ? 'C' : 'P'}${docs.length + 1}`,
      paidCents: 0,
      ...d,
      issueDate,
      // Paid on its issue date: never before it, never after today.
      paidAt: d.paidCents ? issueDate : null,
    });
  };

  // Receivables: week 1, seven random weeks (two may fall in the same week), the last week.
  add({ direction: 'RECEIVABLE', dueDate: dayIn(1), totalCents: amount(), note: 'cobro de la semana 1' });
  for (let i = 0; i < 7; i++) {
    const w = rng.int(2, WEEKS - 1);
    add({
      direction: 'RECEIVABLE',
      dueDate: dayIn(w),
      totalCents: amount(),
      note: `cobro de la semana ${w}`,
    });
  }
  add({
    direction: 'RECEIVABLE',
    dueDate: end,
    totalCents: amount(),
    note: 'cobro del último día de la semana 13',
  });
  add({
    direction: 'RECEIVABLE',
    dueDate: addDays(end, rng.int(1, 20)),
    totalCents: amount(),
    note: 'cobro después de la semana 13 (no cuenta)',
  });
  add({
    direction: 'RECEIVABLE',
    dueDate: addDays(today, -rng.int(8, 30)),
    totalCents: amount(),
    note: 'cobro vencido (no cuenta como entrada)',
  });
  if (monday < today)
    add({
      direction: 'RECEIVABLE',
      dueDate: monday,
      totalCents: amount(),
      note: 'cobro vencido el lunes de esta semana (no cuenta)',
    });
  {
    const total = amount();
    const w = rng.int(2, 6);
    add({
      direction: 'RECEIVABLE',
      dueDate: dayIn(w),
      totalCents: total,
      paidCents: Math.round(total * 0.4),
      note: `cobro parcial de la semana ${w} (cuenta lo pendiente)`,
    });
  }
  {
    const total = amount();
    add({
      direction: 'RECEIVABLE',
      dueDate: dayIn(2),
      totalCents: total,
      paidCents: total,
      note: 'cobro de la semana 2 ya cobrado (no cuenta)',
    });
  }

  // Payables: week 1, five random weeks, overdue ones (week 1), a partly paid one, one beyond.
  add({ direction: 'PAYABLE', dueDate: dayIn(1), totalCents: amount(), note: 'pago de la semana 1' });
  for (let i = 0; i < 5; i++) {
    const w = rng.int(2, WEEKS);
    add({ direction: 'PAYABLE', dueDate: dayIn(w), totalCents: amount(), note: `pago de la semana ${w}` });
  }
  add({
    direction: 'PAYABLE',
    dueDate: addDays(today, -rng.int(8, 40)),
    totalCents: amount(),
    note: 'pago vencido (cuenta en la semana 1)',
  });
  if (monday < today)
    add({
      direction: 'PAYABLE',
      dueDate: monday,
      totalCents: amount(),
      note: 'pago vencido el lunes de esta semana (semana 1)',
    });
  {
    const total = amount();
    const w = rng.int(3, 8);
    add({
      direction: 'PAYABLE',
      dueDate: dayIn(w),
      totalCents: total,
      paidCents: Math.round(total / 2),
      note: `pago parcial de la semana ${w} (cuenta lo pendiente)`,
    });
  }
  add({
    direction: 'PAYABLE',
    dueDate: addDays(end, rng.int(1, 20)),
    totalCents: amount(),
    note: 'pago después de la semana 13 (no cuenta)',
  });
  return docs;
}

/** The hand computation of the forecast, week by week. */
export function expectedForecast(today: string, openingCents: number, docs: ForecastDoc[]): ExpectedWeek[] {
  const out: ExpectedWeek[] = [];
  let opening = openingCents;
  for (const w of forecastWeeks(today)) {
    let inflows = 0;
    let outflows = 0;
    const counted: string[] = [];
    for (const d of docs) {
      const unpaid = d.totalCents - d.paidCents;
      if (unpaid <= 0) continue;
      const overdue = d.dueDate < today;
      const inWeek = d.dueDate >= w.from && d.dueDate <= w.to;
      if (d.direction === 'RECEIVABLE' && !overdue && inWeek) {
        inflows += unpaid;
        counted.push(`${d.ref}: +${unpaid}`);
      }
      if (d.direction === 'PAYABLE' && ((overdue && w.week === 1) || (!overdue && inWeek))) {
        outflows += unpaid;
        counted.push(`${d.ref}: -${unpaid}`);
      }
    }
    const closing = opening + inflows - outflows;
    out.push({
      ...w,
      openingCents: opening,
      inflowsCents: inflows,
      outflowsCents: outflows,
      closingCents: closing,
      counted,
    });
    opening = closing;
  }
  return out;
}
