import { OBLIGATION_FILTERS } from '@shared/schemas/tax';
import { spanishToday } from '@web/lib/spanish-today';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export type CalendarView = 'month' | 'list';
export type ObligationFilter = (typeof OBLIGATION_FILTERS)[number];

const MIN_YEAR = 2000;
const MAX_YEAR = 2100;

const yearFrom = (value: string | null, fallback: number) => {
  const year = Number(value);
  return Number.isInteger(year) && year >= MIN_YEAR && year <= MAX_YEAR ? year : fallback;
};

const monthFrom = (value: string | null, fallback: number) => {
  const month = Number(value);
  return Number.isInteger(month) && month >= 1 && month <= 12 ? month : fallback;
};

/**
 * The calendar's state in the URL, so the spec's links (`?filter=overdue|pending`, part 3) and the
 * back button work: `year` (default this year), `month` (1-12), `view` (month or list; a filter
 * opens the list) and `filter`.
 */
export function useCalendarState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const today = spanishToday();
  const thisYear = Number(today.slice(0, 4));
  const year = yearFrom(searchParams.get('year'), thisYear);
  const month = monthFrom(searchParams.get('month'), year === thisYear ? Number(today.slice(5, 7)) : 1);
  const rawFilter = searchParams.get('filter');
  const filter = (OBLIGATION_FILTERS as readonly string[]).includes(rawFilter ?? '')
    ? (rawFilter as ObligationFilter)
    : undefined;
  const rawView = searchParams.get('view');
  const view: CalendarView = rawView === 'month' || rawView === 'list' ? rawView : filter ? 'list' : 'month';

  const set = useCallback(
    (changes: Record<string, string | undefined>) =>
      setSearchParams((previous) => {
        const params = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) params.set(key, value);
          else params.delete(key);
        }
        return params;
      }),
    [setSearchParams],
  );

  return {
    today,
    thisYear,
    year,
    month,
    view,
    filter,
    setYear: (next: number) => set({ year: next === thisYear ? undefined : String(next), month: undefined }),
    setMonth: (nextYear: number, nextMonth: number) =>
      set({ year: nextYear === thisYear ? undefined : String(nextYear), month: String(nextMonth) }),
    setView: (next: CalendarView) => set({ view: next }),
    setFilter: (next: ObligationFilter | undefined) => set({ filter: next, view: 'list' }),
  };
}
