/**
 * The due dates of issued invoices (issue 19, item 1; the rules in shared/fiscal/due-dates.ts):
 *
 * - a draft takes the body's `dueDates`, else its `dueDate` (one instalment), else the customer's
 *   payment terms, else the company's; confirmation fixes them (an issued invoice is never edited,
 *   art. 6 RD 1619/2012), filling them for a draft that had none;
 * - they add up to what the customer pays: the total, net of the IRPF withheld (`totals.totalCents`,
 *   the amount `outstandingCents` counts down, shared/fiscal/receivables.ts);
 * - `dueDate` stays the FIRST due date, and the overdue index (gsi2) holds the earliest due date not
 *   covered by the payments and credit applied (oldest first), so the schedule finds an invoice the
 *   day an instalment is missed.
 */

import { AppError } from '@shared/api/errors';
import {
  allocatePayments,
  type DueDate,
  dueDatesOf,
  dueDatesTotal,
  type PaymentTerms,
  storedTerms,
} from '@shared/fiscal/due-dates';
import { formatEuros } from '@shared/fiscal/money';
import type { Customer } from '@shared/schemas/customers';
import type { CreateInvoiceBody, Invoice, InvoiceWithPayments } from '@shared/schemas/invoices';

/** The terms in force for an invoice: the stored customer's (its days when it has no instalments), else the company's. */
export const termsFor = (
  customer: Pick<Customer, 'paymentTerms' | 'paymentTermsDays'> | undefined | null,
  companyTerms: PaymentTerms,
): PaymentTerms => (customer ? storedTerms(customer.paymentTerms, customer.paymentTermsDays) : companyTerms);

/**
 * The due dates of a draft of `totalCents`: the body's (they must add up to the total), its
 * `dueDate` as one instalment, or the terms (only for something to collect: a credit note has no
 * due date). Undefined: none yet (confirmation fills them).
 */
export function draftDueDates(
  body: Pick<CreateInvoiceBody, 'invoiceDate' | 'dueDate' | 'dueDates'>,
  totalCents: number,
  terms: PaymentTerms | undefined,
): DueDate[] | undefined {
  if (body.dueDates) {
    const sum = dueDatesTotal(body.dueDates);
    if (sum !== totalCents) {
      throw new AppError(
        'CORE_004',
        `Los vencimientos suman ${formatEuros(sum)} y deben sumar el importe a cobrar de la factura (${formatEuros(totalCents)}).`,
        { field: 'dueDates', details: { reason: 'DUE_DATES_SUM', sumCents: sum, totalCents } },
      );
    }
    return body.dueDates.map((d) => ({ dueDate: d.dueDate, amountCents: d.amountCents }));
  }
  if (body.dueDate) return [{ dueDate: body.dueDate, amountCents: totalCents }];
  if (terms && totalCents > 0) return dueDatesOf(body.invoiceDate, totalCents, terms);
  return undefined;
}

/**
 * The due dates an invoice is confirmed with: its own, else its `dueDate` as one instalment, else
 * (a positive total) the terms in force, else none (a credit note or a zero total: nothing to collect).
 */
export function confirmedDueDates(inv: Invoice, terms: PaymentTerms | undefined): Invoice {
  if (inv.dueDates) return inv;
  const total = inv.totals.totalCents;
  if (inv.dueDate) return { ...inv, dueDates: [{ dueDate: inv.dueDate, amountCents: total }] };
  if (total <= 0 || !terms) return { ...inv, dueDates: [] };
  const dueDates = dueDatesOf(inv.invoiceDate, total, terms);
  return { ...inv, dueDate: dueDates[0]?.dueDate ?? null, dueDates };
}

/** The stored due dates, or (an invoice stored before issue 19) its `dueDate` for the whole total. */
export function dueDatesOfInvoice(inv: Pick<Invoice, 'dueDates' | 'dueDate' | 'totals'>): DueDate[] {
  if (inv.dueDates) return inv.dueDates;
  return inv.dueDate ? [{ dueDate: inv.dueDate, amountCents: inv.totals.totalCents }] : [];
}

/** What is settled on an invoice: its payments and the credit notes applied to it. */
export const settledCentsOf = (inv: Pick<InvoiceWithPayments, 'paidCents' | 'creditedCents'>): number =>
  (inv.paidCents ?? 0) + (inv.creditedCents ?? 0);

/** The earliest due date that `settledCents` do not cover (null: all covered, or no due dates). */
export function nextUnpaidDueDate(
  inv: Pick<Invoice, 'dueDates' | 'dueDate' | 'totals'>,
  settledCents: number,
): string | null {
  return allocatePayments(dueDatesOfInvoice(inv), settledCents, '0000-00-00').nextDueDate;
}

/** Each due date with what is covered of it today, and whether the invoice is overdue. */
export const instalmentsOf = (inv: InvoiceWithPayments, today: string) =>
  allocatePayments(dueDatesOfInvoice(inv), settledCentsOf(inv), today);
