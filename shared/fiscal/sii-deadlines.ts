/**
 * SII deadlines (issue 16 item 4): the last day each record may reach the AEAT. Pure: no clock, no
 * I/O; dates are ISO strings (YYYY-MM-DD) handled as UTC days by shared/fiscal/tax-calendar.ts.
 *
 * Art. 69.Tres RIVA (RD 1624/1992, as worded by RD 596/2016 and RD 1075/2017), as the AEAT
 * "Manual de actividades económicas" 5.10.2 (sede.agenciatributaria.gob.es, SII "En qué consiste")
 * states it:
 *  1.º facturas expedidas: "cuatro días naturales desde la expedición de la factura" (eight when the
 *      customer or a third party issues it) "y en todo caso antes del día 16 del mes siguiente a aquel
 *      en que se hubiera producido el devengo del Impuesto correspondiente a la operación";
 *  2.º facturas recibidas: "cuatro días naturales desde la fecha en que se produzca el registro
 *      contable de la factura y, en todo caso, antes del día 16 del mes siguiente al período de
 *      liquidación en que se hayan incluido las operaciones" (imports: from the booking of the DUA);
 *  3.º bienes de inversión: "dentro del plazo de presentación del último período de liquidación del
 *      año" (the December 303 of a monthly filer: 30 January, art. 71.4 RIVA);
 *  4.º determinadas operaciones intracomunitarias: four days "desde el momento de inicio de la
 *      expedición o transporte, o, en su caso, desde el momento de la recepción de los bienes";
 *  and "en el cómputo del plazo de cuatro días naturales se excluirán los sábados, los domingos y los
 *  declarados festivos nacionales": four working days counted from the day after the start.
 * Criterio de caja (RECC): the invoices go in the general periods as if the regime did not apply;
 * each collection or payment within four such days of the collection or payment (art. 69.Tres, last
 * paragraph, and the AEAT SII notes on the RECC: "en el plazo de cuatro días naturales desde el
 * cobro o pago"). No 15th-of-the-month cap is written for them.
 *
 * Not modelled (earlier, never later than the real deadline): regional and local holidays (see
 * tax-calendar.ts); the eight days of invoices issued by the customer or a third party (the product
 * issues its own invoices); the "antes del día 16" cap is a fixed day and is not moved when the 15th
 * is a Saturday, Sunday or holiday.
 */

import { SII_URGENT_DAYS, SII_WORKING_DAYS, type SiiBook } from '../schemas/sii';
import { addDays, daysBetween, deadlineOf, isWorkingDay } from './tax-calendar';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkIso(iso: string, field: string): void {
  if (!ISO_DATE.test(iso)) throw new RangeError(`${field} is not an ISO date (YYYY-MM-DD): ${iso}`);
}

/**
 * The day `n` working days after `iso` (`iso` itself is not counted; negative `n` counts back).
 * Working days exclude Saturdays, Sundays and the national holidays of tax-calendar.ts, as the last
 * paragraph of art. 69.Tres RIVA excludes them from the four days.
 */
export function addWorkingDays(iso: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Working days must be an integer: ${n}`);
  checkIso(iso, 'date');
  const step = n < 0 ? -1 : 1;
  let day = iso;
  for (let found = 0; found < Math.abs(n); ) {
    day = addDays(day, step);
    if (isWorkingDay(day)) found++;
  }
  return day;
}

/** The 15th of the month after the month of `iso`: the last day "antes del día 16 del mes siguiente". */
export function fifteenthOfNextMonth(iso: string): string {
  checkIso(iso, 'date');
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7));
  return month === 12 ? `${year + 1}-01-15` : `${year}-${String(month + 1).padStart(2, '0')}-15`;
}

const earlier = (a: string, b: string): string => (a < b ? a : b);

export interface SiiDeadlineInput {
  book: SiiBook;
  /** The invoice date (FechaExpedicionFacturaEmisor). */
  issueDate: string;
  /** FR: FechaRegContable (the book date); the issue date when absent. */
  accountingDate?: string | null;
  /**
   * FE: the accrual (devengo, art. 75 LIVA) when it is not the issue date — pass
   * `accrualDateOf(invoice)` of tax-aggregates.ts; OI: the day the transport started or the goods
   * were received. The issue date when absent.
   */
  operationDate?: string | null;
  /** RECC: the day of the collection or payment. */
  paymentDate?: string | null;
  /** BI: the year whose regularisation the record declares; the issue date's year when absent. */
  year?: number;
}

/** The last day (ISO) to send a record of `book` (art. 69.Tres RIVA; see the header of this file). */
export function siiDeadline(input: SiiDeadlineInput): string {
  const { book, issueDate } = input;
  checkIso(issueDate, 'issueDate');
  switch (book) {
    case 'FE': {
      // 69.Tres.1.º: four working days after issue, never after the 15th of the month after accrual.
      const accrual = input.operationDate || issueDate;
      return earlier(addWorkingDays(issueDate, SII_WORKING_DAYS), fifteenthOfNextMonth(accrual));
    }
    case 'FR': {
      // 69.Tres.2.º: four working days after FechaRegContable, never after the 15th of the month after
      // the period the invoice is booked in (the SII period of a received invoice is its book month).
      const booked = input.accountingDate || issueDate;
      return earlier(addWorkingDays(booked, SII_WORKING_DAYS), fifteenthOfNextMonth(booked));
    }
    case 'OI':
      // 69.Tres.4.º: four working days after the transport starts or the goods arrive.
      return addWorkingDays(input.operationDate || issueDate, SII_WORKING_DAYS);
    case 'RECC': {
      // RECC: four working days after the collection or payment.
      if (!input.paymentDate) throw new RangeError('A RECC deadline needs the payment date');
      return addWorkingDays(input.paymentDate, SII_WORKING_DAYS);
    }
    case 'BI': {
      // 69.Tres.3.º: the filing deadline of the year's last return, the December 303 of a monthly
      // filer (every SII taxpayer files monthly: art. 71.3 RIVA), moved off weekends and holidays
      // as that return's deadline is.
      const year = input.year ?? Number(issueDate.slice(0, 4));
      return deadlineOf({ model: '303', year, period: '12' }).dueDate;
    }
  }
}

/**
 * Calendar days from `today` to `deadline` (0 on the day itself, negative when overdue). `today` is
 * the Madrid calendar date (`madridDate`); a longer ISO text is read by its first ten characters.
 */
export function daysUntilDeadline(deadline: string, today: string): number {
  return daysBetween(today.slice(0, 10), deadline.slice(0, 10));
}

/** Urgent: one day or fewer left, overdue included (spec part 3 §9). */
export const isUrgent = (days: number): boolean => days <= SII_URGENT_DAYS;

const madridDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in Madrid at an instant (the AEAT's deadlines are Spanish days). */
export const madridDate = (at: Date): string => madridDay.format(at);
