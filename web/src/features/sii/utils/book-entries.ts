/**
 * The books view of /app/tax/sii: the periods a book is listed and queried by, and how a record's
 * deadline and conciliation read in its row.
 */
import { daysUntilDeadline, isUrgent } from '@shared/fiscal/sii-deadlines';
import type { SiiBook, SiiEntry, SiiPeriod } from '@shared/schemas/sii';

/** The year the SII started (RD 596/2016: 1 July 2017); the API accepts no earlier year. */
export const SII_FIRST_YEAR = 2017;

/** The period select's value for "the whole year" (the list's period left out). */
export const WHOLE_YEAR = 'YEAR';

/** The BI book is annual: its only period is '0A' (PeriodoLiquidacion of the investment goods). */
export const ANNUAL_PERIOD = '0A';

const MONTHS = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];

/** '01' → 'Enero'. */
export const monthName = (month: string): string => MONTHS[Number(month) - 1] ?? month;

/** The periods a book offers: the twelve months and the whole year, or '0A' alone for BI. */
export function bookPeriodOptions(book: SiiBook): { value: string; label: string }[] {
  if (book === 'BI') return [{ value: ANNUAL_PERIOD, label: 'Anual (0A)' }];
  return [
    { value: WHOLE_YEAR, label: 'Todo el año' },
    ...MONTHS.map((label, i) => ({ value: String(i + 1).padStart(2, '0'), label })),
  ];
}

/** The period a book starts on: '0A' for BI, otherwise the month of `today` (YYYY-MM-DD). */
export const defaultBookPeriod = (book: SiiBook, today: string): string =>
  book === 'BI' ? ANNUAL_PERIOD : today.slice(5, 7);

/** The period kept when the book changes: BI takes '0A'; leaving BI goes back to today's month. */
export function periodForBook(book: SiiBook, current: string, today: string): string {
  if (book === 'BI') return ANNUAL_PERIOD;
  return current === ANNUAL_PERIOD ? defaultBookPeriod(book, today) : current;
}

/** The list's `period` parameter: absent for the whole year. */
export const listPeriod = (period: string): string | undefined =>
  period === WHOLE_YEAR ? undefined : period;

/**
 * The period a ConsultaLR asks for (SiiQueryBody: one month, or '0A' for BI), or null when the
 * selection is the whole year (the AEAT is asked one period at a time).
 */
export const queryPeriod = (period: string): string | null => (period === WHOLE_YEAR ? null : period);

/** '03/2027', or '2027 (anual)' for '0A'. */
export const periodText = ({ year, period }: SiiPeriod): string =>
  period === ANNUAL_PERIOD ? `${year} (anual)` : `${period}/${year}`;

type DeadlineFields = Pick<SiiEntry, 'status' | 'withdrawn' | 'pendingOperation' | 'deadline'>;

/**
 * Whether the record still has to reach the AEAT (its deadline runs): not accepted, and not a
 * withdrawn document the AEAT never held (that entry only records that it existed).
 */
export const isEntryOpen = (e: Omit<DeadlineFields, 'deadline'>): boolean =>
  e.status !== 'ACCEPTED' &&
  !(e.withdrawn && e.pendingOperation === null && e.status !== 'QUEUED' && e.status !== 'SENT');

export interface EntryDeadline {
  /** Calendar days from today (Spain) to the deadline; negative once past. */
  days: number;
  /** One day or fewer left, not yet past (spec part 3 §9). */
  urgent: boolean;
  overdue: boolean;
}

/** How the deadline of an open record stands today; null once the record needs nothing more. */
export function entryDeadline(e: DeadlineFields, today: string): EntryDeadline | null {
  if (!isEntryOpen(e)) return null;
  const days = daysUntilDeadline(e.deadline, today);
  return { days, overdue: days < 0, urgent: days >= 0 && isUrgent(days) };
}

export interface ReconciliationView {
  label: string;
  color: string;
  /** What the AEAT said, for the tooltip. */
  detail: string | null;
}

/** The last ConsultaLR comparison of a record: coincide, no coincide, or never asked. */
export function reconciliationView(e: Pick<SiiEntry, 'reconciliation'>): ReconciliationView {
  const r = e.reconciliation;
  if (!r) return { label: 'Sin consultar', color: 'default', detail: null };
  const state = r.aeatState ? `La AEAT lo tiene como «${r.aeatState}»` : 'La AEAT no tiene el registro';
  return r.matches
    ? { label: 'Coincide', color: 'green', detail: state }
    : { label: 'No coincide', color: 'red', detail: state };
}
