import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import type { Customer } from '@shared/schemas/customers';
import { CreateInvoiceBody, type Invoice, InvoiceSeriesQuery } from '@shared/schemas/invoices';
import { buildDraft } from '../model/build-invoice';
import { termsFor } from '../model/due-dates';
import { withInvoicingDefaults } from '../model/invoicing-defaults';
import { getCustomer } from '../store/customers';
import type { InvoicesDeps } from '../store/deps';
import { putDraft } from '../store/invoices';
import { getInvoicingDefaults } from '../store/invoicing-defaults';
import { resolveSeries } from './confirm-invoice';

/** The stored customer a body points at, looked up only in the caller's company. */
export async function customerOf(
  deps: InvoicesDeps,
  companyId: string,
  body: CreateInvoiceBody,
): Promise<Customer | undefined> {
  if (!body.customerId) return undefined;
  const customer = await getCustomer(deps, companyId, body.customerId);
  if (!customer) {
    throw new AppError('CORE_004', 'El cliente no existe.', {
      field: 'customerId',
      details: { reason: 'CUSTOMER_NOT_FOUND' },
    });
  }
  return customer;
}

const isCashLimit = (e: unknown) =>
  e instanceof AppError && (e.details as { reason?: string } | undefined)?.reason === 'CASH_LIMIT';

/**
 * Builds the draft of a body (every check that refuses it runs before anything is written). With
 * `defaults`, what the body leaves out comes from the company's settings (model/invoicing-defaults.ts)
 * and the due dates from the customer's terms, else the company's (model/due-dates.ts).
 */
export async function draftOf(
  deps: InvoicesDeps,
  companyId: string,
  body: CreateInvoiceBody,
  opts: { defaults?: boolean } = {},
): Promise<Invoice> {
  const customer = await customerOf(deps, companyId, body);
  const invoiceId = deps.newId();
  const now = deps.now().toISOString();
  if (!opts.defaults) return buildDraft({ invoiceId, companyId, body, customer, now });
  const defaults = await getInvoicingDefaults(deps, companyId);
  const paymentTerms = termsFor(customer, defaults.paymentTerms);
  const build = (b: CreateInvoiceBody) =>
    buildDraft({ invoiceId, companyId, body: b, customer, now, paymentTerms });
  const completed = withInvoicingDefaults(body, defaults);
  try {
    return build(completed);
  } catch (e) {
    // The cash limit refuses what the user chose, not a method the settings proposed.
    if (body.paymentMethod || !isCashLimit(e)) throw e;
    return build({ ...completed, paymentMethod: undefined });
  }
}

export async function createInvoice(
  input: { scope: CompanyScope; body: CreateInvoiceBody; series: string | undefined },
  deps: InvoicesDeps,
): Promise<Invoice> {
  const built = await draftOf(deps, input.scope.companyId, input.body, { defaults: true });
  // `?series=` on a draft is checked and remembered now; the number is only claimed at confirmation.
  const chosen = input.series ? await resolveSeries(deps, built, input.series) : undefined;
  const draft: Invoice = { ...built, requestedSeriesId: chosen?.seriesId ?? null };
  await putDraft(deps, draft);
  return draft;
}

export const createInvoiceRoute = defineCompanyAction({
  query: InvoiceSeriesQuery,
  body: CreateInvoiceBody,
  status: 201,
  run: ({ scope, query, body }, deps: InvoicesDeps) => {
    return createInvoice({ scope, body, series: query.series }, deps);
  },
});
