/**
 * The due dates of received invoices (issue 19, item 1; the rules in shared/fiscal/due-dates.ts):
 * the body's `dueDates`, else its `dueDate` (one instalment), else the supplier's payment terms,
 * else the company's; they add up to the total payable (base + supplier VAT + recargo − IRPF we
 * withhold). Payments settle them oldest first: the invoice is OVERDUE while a due date before
 * today is not covered, and the overdue index (gsi2, store/received-invoices.ts) holds its earliest
 * due date not covered.
 */

import { AppError } from '@shared/api/errors';
import {
  allocatePayments,
  type DueDate,
  dueDatesOf,
  dueDatesTotal,
  type PaymentTerms,
} from '@shared/fiscal/due-dates';
import { formatEuros } from '@shared/fiscal/money';
import type { ReceivedInvoice, ReceivedPaymentStatus } from '@shared/schemas/received-invoices';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The due dates of a received invoice payable `totalCents` (undefined: none, e.g. a draft read
 * from a document without an issue date, or nothing payable without an explicit due date).
 */
export function receivedDueDates(
  body: { issueDate: string; dueDate?: string | undefined; dueDates?: DueDate[] | undefined },
  totalCents: number,
  terms: PaymentTerms | undefined,
): DueDate[] | undefined {
  if (body.dueDates) {
    const sum = dueDatesTotal(body.dueDates);
    if (sum !== totalCents) {
      throw new AppError(
        'CORE_004',
        `Los vencimientos suman ${formatEuros(sum)} y deben sumar el total a pagar de la factura (${formatEuros(totalCents)}).`,
        { field: 'dueDates', details: { reason: 'DUE_DATES_SUM', sumCents: sum, totalCents } },
      );
    }
    return body.dueDates.map((d) => ({ dueDate: d.dueDate, amountCents: d.amountCents }));
  }
  if (body.dueDate) return [{ dueDate: body.dueDate, amountCents: totalCents }];
  if (terms && totalCents > 0 && ISO_DATE.test(body.issueDate)) {
    return dueDatesOf(body.issueDate, totalCents, terms);
  }
  return undefined;
}

/** The stored due dates, or (an invoice stored before issue 19) its `dueDate` for the whole total. */
export function dueDatesOfReceived(r: Pick<ReceivedInvoice, 'dueDates' | 'dueDate' | 'totals'>): DueDate[] {
  if (r.dueDates) return r.dueDates;
  return r.dueDate ? [{ dueDate: r.dueDate, amountCents: r.totals.totalCents }] : [];
}

/** Each due date with what `paidCents` cover of it (oldest first) and whether it is overdue `today`. */
export const receivedInstalments = (
  r: Pick<ReceivedInvoice, 'dueDates' | 'dueDate' | 'totals'>,
  paidCents: number,
  today: string,
) => allocatePayments(dueDatesOfReceived(r), paidCents, today);

/**
 * Where a received invoice stands with `paidCents` paid on `today`: PAID once the total payable is
 * covered (nothing payable: PAID); OVERDUE while a due date before today is not covered; otherwise
 * PARTIAL or PENDING.
 */
export function receivedStatusAt(
  r: Pick<ReceivedInvoice, 'dueDates' | 'dueDate' | 'totals'>,
  paidCents: number,
  today: string,
): ReceivedPaymentStatus {
  if (paidCents >= r.totals.totalCents) return 'PAID';
  if (receivedInstalments(r, paidCents, today).overdue) return 'OVERDUE';
  return paidCents > 0 ? 'PARTIAL' : 'PENDING';
}

/** Today's date in Spain (Europe/Madrid), as YYYY-MM-DD, of an ISO timestamp. */
export const madridDay = (at: string): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(at));
