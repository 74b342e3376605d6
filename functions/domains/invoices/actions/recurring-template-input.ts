/**
 * What creating and replacing a recurring template share: the customer and series checks, a sample
 * invoice built with the invoices' own rules (so a template that could never produce a valid
 * invoice is refused when saved, naming the field) and the next occurrence.
 */

import { AppError } from '@shared/api/errors';
import type { Customer } from '@shared/schemas/customers';
import type { CreateRecurringTemplateBody, RecurringTemplate } from '@shared/schemas/recurring-invoices';
import { buildDraft } from '../model/build-invoice';
import { daysInMonth, isoDate, nextOccurrence, parseIsoDate } from '../model/recurrence';
import { invoiceBodyFor, ruleOf, type TemplateContent, templateFieldsOf } from '../model/recurring-template';
import { getCustomer } from '../store/customers';
import type { InvoicesDeps } from '../store/deps';
import { getSeries } from '../store/series';

const invalid = (field: string, reason: string, message: string) =>
  new AppError('CORE_004', message, { field, details: { reason } });

/** The customer a template bills: an active customer of the same company. */
export async function templateCustomer(
  deps: InvoicesDeps,
  companyId: string,
  customerId: string,
): Promise<Customer> {
  const customer = await getCustomer(deps, companyId, customerId);
  if (!customer) throw invalid('customerId', 'CUSTOMER_NOT_FOUND', 'El cliente no existe.');
  if (!customer.isActive) {
    throw invalid('customerId', 'CUSTOMER_INACTIVE', `El cliente ${customer.name} está dado de baja.`);
  }
  return customer;
}

/** A series that may number ordinary invoices: it exists, is active and is not for rectificativas. */
export async function checkTemplateSeries(
  deps: InvoicesDeps,
  companyId: string,
  seriesId: string,
  field = 'seriesId',
): Promise<void> {
  const series = await getSeries(deps, companyId, seriesId);
  if (!series) throw invalid(field, 'SERIES_NOT_FOUND', 'La serie indicada no existe.');
  if (!series.isActive) throw invalid(field, 'SERIES_INACTIVE', `La serie ${series.code} no está activa.`);
  if (series.purpose === 'RECTIFICATIVA') {
    throw invalid(
      field,
      'SERIES_PURPOSE',
      'Una serie de rectificativas solo numera facturas rectificativas.',
    );
  }
}

const endOfMonth = (iso: string) => {
  const { year, month } = parseIsoDate(iso);
  return isoDate(year, month, daysInMonth(year, month));
};

/**
 * The next occurrence of a (possibly edited) schedule: the first one, or after the month of the
 * last generated one, so moving the day never bills the same period twice.
 */
export function nextRunDateOf(content: TemplateContent, lastOccurrenceDate: string | null): string | null {
  return nextOccurrence(ruleOf(content), lastOccurrenceDate ? endOfMonth(lastOccurrenceDate) : null);
}

export interface PreparedTemplate {
  content: TemplateContent;
  customer: Customer;
  totals: RecurringTemplate['totals'];
  nextRunDate: string | null;
}

/** Checks a template body against the company's data; throws CORE_004 naming the field. */
export async function prepareTemplate(
  deps: InvoicesDeps,
  companyId: string,
  body: CreateRecurringTemplateBody,
  lastOccurrenceDate: string | null,
): Promise<PreparedTemplate> {
  const content = templateFieldsOf(body);
  const customer = await templateCustomer(deps, companyId, content.customerId);
  if (content.seriesId) await checkTemplateSeries(deps, companyId, content.seriesId);
  const nextRunDate = nextRunDateOf(content, lastOccurrenceDate);
  if (!nextRunDate && !lastOccurrenceDate) {
    throw invalid(
      'endDate',
      'NO_OCCURRENCES',
      'Entre la fecha de inicio y la de fin no hay ninguna fecha de emisión.',
    );
  }
  // The same rules as a manual invoice (identification, totals, cash limit), on a sample occurrence.
  const sample = buildDraft({
    invoiceId: 'sample',
    companyId,
    body: invoiceBodyFor(content, nextRunDate ?? content.startDate, customer),
    customer,
    now: deps.now().toISOString(),
  });
  return { content, customer, totals: sample.totals, nextRunDate };
}
