/**
 * SEPA settlement days and the date rules of the orders we generate.
 *
 * SEPA schemes settle on TARGET2 days: Monday to Friday except 1 January, Good Friday, Easter Monday,
 * 1 May, 25 and 26 December (ECB, TARGET closing days; EPC SCT/SDD rulebooks "Banking Business Day").
 *
 * - Credit transfers (SCT rulebook, AEB 34-14): the requested execution date is a TARGET day, today at
 *   the earliest (the bank moves a past date to the next day, we refuse it instead).
 * - Direct debits (SDD Core and B2B rulebooks since November 2016, AEB 19-14/19-44): the collection must
 *   reach the debtor's bank at least one TARGET day before the due date for every sequence type (D-1);
 *   as the file goes to the creditor's bank first, the earliest collection date we accept is the second
 *   TARGET day after today ("D+1 minimum"), and it must itself be a TARGET day.
 */

import { addDays, easterSunday } from '@shared/fiscal/tax-calendar';

const FIXED_CLOSING_DAYS = ['01-01', '05-01', '12-25', '12-26'];

/** True on TARGET2 settlement days. */
export function isTargetDay(iso: string): boolean {
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  if (FIXED_CLOSING_DAYS.includes(iso.slice(5))) return false;
  const easter = easterSunday(Number(iso.slice(0, 4)));
  return iso !== addDays(easter, -2) && iso !== addDays(easter, 1);
}

/** The first TARGET day strictly after `iso`. */
export function nextTargetDay(iso: string): string {
  let day = addDays(iso, 1);
  while (!isTargetDay(day)) day = addDays(day, 1);
  return day;
}

/** `iso` itself if it is a TARGET day, else the next one. */
export function targetDayOnOrAfter(iso: string): string {
  return isTargetDay(iso) ? iso : nextTargetDay(iso);
}

/** The earliest date an order of this kind may ask for, given today in Spain. */
export function earliestExecutionDate(kind: 'TRANSFER' | 'DIRECT_DEBIT', today: string): string {
  if (kind === 'TRANSFER') return targetDayOnOrAfter(today);
  return nextTargetDay(nextTargetDay(today));
}

/** Why `date` cannot be the order's execution / collection date (Spanish, for the user), or null. */
export function executionDateProblem(
  kind: 'TRANSFER' | 'DIRECT_DEBIT',
  date: string,
  today: string,
): string | null {
  const earliest = earliestExecutionDate(kind, today);
  const label = kind === 'TRANSFER' ? 'La fecha de ejecución' : 'La fecha de cobro';
  if (!isTargetDay(date))
    return `${label} debe ser un día hábil SEPA (TARGET2): ni sábado, domingo, 1 de enero, Viernes Santo, Lunes de Pascua, 1 de mayo, 25 ni 26 de diciembre. Primer día posible: ${esDate(earliest)}.`;
  if (date < earliest)
    return kind === 'TRANSFER'
      ? `${label} no puede ser anterior a hoy. Primer día posible: ${esDate(earliest)}.`
      : `${label} debe dejar al menos un día hábil al banco del deudor (D-1 del reglamento SEPA). Primer día posible: ${esDate(earliest)}.`;
  if (date > addDays(today, 365)) return `${label} no puede estar a más de un año vista.`;
  return null;
}

const esDate = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
