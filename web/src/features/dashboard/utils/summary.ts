/**
 * Reading `dashboard.summary` for the screen: whether each section is shown, failed or hidden
 * (shared/schemas/dashboard.ts `meta.sections`), and the month series of the financial charts.
 */
import type { DashboardSection, DashboardSummary, FinancialData } from '@shared/schemas/dashboard';

/**
 * - `shown`: the section has data (live or from its last good snapshot);
 * - `unavailable`: it could not be computed and there is no snapshot (the widget shows the error);
 * - `hidden`: the caller may not see it, or its area does not exist for the company (left out).
 */
export type SectionState = 'shown' | 'unavailable' | 'hidden';

export function sectionState(
  summary: DashboardSummary,
  section: DashboardSection,
  hasData: boolean,
): SectionState {
  if (summary.meta.sections[section]?.source === 'UNAVAILABLE') return 'unavailable';
  return hasData ? 'shown' : 'hidden';
}

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];

/** `2026-03` → 'mar 2026' (es-ES short month); the input itself when not a `yyyy-mm`. */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

export interface MonthPoint {
  month: string;
  label: string;
  /** Céntimos. */
  revenue: number;
  expenses: number;
}

/** Revenue and expenses by month on one axis, oldest first (a month missing from one series is 0). */
export function financialSeries(
  data: Pick<FinancialData, 'revenueByMonth' | 'expensesByMonth'>,
): MonthPoint[] {
  const points = new Map<string, MonthPoint>();
  const at = (month: string): MonthPoint => {
    let point = points.get(month);
    if (!point) {
      point = { month, label: monthLabel(month), revenue: 0, expenses: 0 };
      points.set(month, point);
    }
    return point;
  };
  for (const { month, value } of data.revenueByMonth) at(month).revenue += value;
  for (const { month, value } of data.expensesByMonth ?? []) at(month).expenses += value;
  return [...points.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/** True when every month of both series is zero (the chart shows 'No hay datos disponibles'). */
export const isSeriesEmpty = (points: readonly MonthPoint[]): boolean =>
  points.every((p) => p.revenue === 0 && p.expenses === 0);

/** 'Vencida hace 3 días', 'Vence hoy', 'Queda 1 día', 'Quedan 12 días'. */
export function daysLeftLabel(daysLeft: number): string {
  if (daysLeft < 0) return `Vencida hace ${-daysLeft} ${daysLeft === -1 ? 'día' : 'días'}`;
  if (daysLeft === 0) return 'Vence hoy';
  return daysLeft === 1 ? 'Queda 1 día' : `Quedan ${daysLeft} días`;
}
