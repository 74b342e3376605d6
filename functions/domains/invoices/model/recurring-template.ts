/**
 * Pure rules of recurring templates: the stored shape of a template body, the invoice body of one
 * occurrence (placeholders filled, due date from the days of payment), the settings in force and
 * the monthly normalisation of the stats.
 */

import { roundHalfUp } from '@shared/fiscal/money';
import type { Customer } from '@shared/schemas/customers';
import type { CreateInvoiceBody, InvoiceLineBody } from '@shared/schemas/invoices';
import type {
  CreateRecurringTemplateBody,
  DayOfMonth,
  GenerationMode,
  RecurringSettings,
  RecurringTemplate,
  RecurringTemplateLine,
} from '@shared/schemas/recurring-invoices';
import {
  addDays,
  fillPlaceholders,
  MONTHS_PER_PERIOD,
  parseIsoDate,
  type RecurrenceRule,
} from './recurrence';

/** The start date's day when every month has it, else the month's last day (a start on the 31st bills at month end). */
export function defaultDayOfMonth(startDate: string): DayOfMonth {
  const { day } = parseIsoDate(startDate);
  return day <= 28 ? day : 'LAST';
}

export const ruleOf = (
  t: Pick<
    RecurringTemplate,
    'frequency' | 'interval' | 'startDate' | 'endDate' | 'maxOccurrences' | 'dayOfMonth'
  >,
): RecurrenceRule => ({
  frequency: t.frequency,
  interval: t.interval,
  startDate: t.startDate,
  endDate: t.endDate,
  maxOccurrences: t.maxOccurrences,
  dayOfMonth: t.dayOfMonth,
});

export const storedLine = (l: InvoiceLineBody): RecurringTemplateLine => ({
  description: l.description,
  quantityMilli: l.quantity,
  unitPriceCents: l.unitPriceCents,
  discountBp: l.discountBp,
  vatRateBp: l.vatRateBp,
  ...(l.exemptionCause ? { exemptionCause: l.exemptionCause } : {}),
  ...(l.notSubject ? { notSubject: l.notSubject } : {}),
  ...(l.reverseCharge !== undefined ? { reverseCharge: l.reverseCharge } : {}),
  ...(l.recargo !== undefined ? { recargo: l.recargo } : {}),
});

/** The template fields a body sets (everything but ids, schedule state and timestamps). */
export function templateFieldsOf(body: CreateRecurringTemplateBody) {
  return {
    name: body.name,
    customerId: body.customerId,
    invoiceType: body.invoiceType,
    invoiceLines: body.invoiceLines.map(storedLine),
    irpfRateBp: body.irpfRateBp ?? null,
    paymentMethod: body.paymentMethod ?? null,
    dueDays: body.dueDays ?? null,
    notes: body.notes ?? null,
    frequency: body.frequency,
    interval: body.interval,
    startDate: body.startDate,
    endDate: body.endDate ?? null,
    maxOccurrences: body.maxOccurrences ?? null,
    dayOfMonth: body.dayOfMonth ?? defaultDayOfMonth(body.startDate),
    generationMode: body.generationMode ?? null,
    seriesId: body.seriesId ?? null,
  };
}

export type TemplateContent = ReturnType<typeof templateFieldsOf>;

/**
 * The invoice body of one occurrence, as `buildDraft` takes it: dated on the occurrence, due
 * `dueDays` later (the customer's payment terms when the template gives none: its days, or no due
 * date when it has instalments, which `buildDraft` applies from its `paymentTerms`), with {MES},
 * {AÑO} and {TRIMESTRE} replaced in the descriptions and notes.
 */
export function invoiceBodyFor(
  t: TemplateContent,
  occurrenceDate: string,
  customer: Pick<Customer, 'paymentTermsDays' | 'paymentTerms'>,
): CreateInvoiceBody {
  const byTerms = t.dueDays == null && customer.paymentTerms !== undefined;
  const dueDays = t.dueDays ?? customer.paymentTermsDays;
  return {
    invoiceType: t.invoiceType,
    invoiceDate: occurrenceDate,
    customerId: t.customerId,
    invoiceLines: t.invoiceLines.map((l) => ({
      description: fillPlaceholders(l.description, occurrenceDate),
      quantity: l.quantityMilli,
      unitPriceCents: l.unitPriceCents,
      discountBp: l.discountBp,
      vatRateBp: l.vatRateBp,
      ...(l.exemptionCause ? { exemptionCause: l.exemptionCause } : {}),
      ...(l.notSubject ? { notSubject: l.notSubject } : {}),
      ...(l.reverseCharge !== undefined ? { reverseCharge: l.reverseCharge } : {}),
      ...(l.recargo !== undefined ? { recargo: l.recargo } : {}),
    })),
    ...(t.irpfRateBp != null ? { irpfRateBp: t.irpfRateBp } : {}),
    ...(byTerms ? {} : { dueDate: addDays(occurrenceDate, dueDays) }),
    ...(t.paymentMethod ? { paymentMethod: t.paymentMethod } : {}),
    ...(t.notes ? { notes: fillPlaceholders(t.notes, occurrenceDate) } : {}),
  };
}

export const defaultSettings = (companyId: string): RecurringSettings => ({
  companyId,
  generationMode: 'DRAFT',
  daysInAdvance: 0,
  notifyOnFailure: true,
  defaultSeriesId: null,
  updatedAt: null,
});

export const modeOf = (t: Pick<RecurringTemplate, 'generationMode'>, s: RecurringSettings): GenerationMode =>
  t.generationMode ?? s.generationMode;

/** The series a template's invoices use: its own, else the settings' default (undefined: the company's default). */
export const seriesOf = (t: Pick<RecurringTemplate, 'seriesId'>, s: RecurringSettings): string | undefined =>
  t.seriesId ?? s.defaultSeriesId ?? undefined;

/** An occurrence is generated `daysInAdvance` days before its date (0: on the day). */
export const isDue = (occurrenceDate: string, today: string, daysInAdvance: number): boolean =>
  occurrenceDate <= addDays(today, daysInAdvance);

/** What a template bills per month on average: its amount over the months of its period. */
export function monthlyCents(
  t: Pick<RecurringTemplate, 'frequency' | 'interval'>,
  amountCents: number,
): number {
  return roundHalfUp(amountCents, MONTHS_PER_PERIOD[t.frequency] * Math.max(1, t.interval));
}
