import type { CompanyScope } from '@functions/platform/company-scope';
import { defineAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { CreateInvoiceBody, type Customer, type Invoice, InvoiceSeriesQuery } from '@shared/schemas/invoices';
import { buildDraft } from '../model/build-invoice';
import { assertCanWrite } from '../model/permissions';
import { getCustomer } from '../store/customers';
import type { InvoicesDeps } from '../store/deps';
import { putDraft } from '../store/invoices';
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

/** Builds the draft of a body (every check that refuses it runs before anything is written). */
export async function draftOf(
  deps: InvoicesDeps,
  companyId: string,
  body: CreateInvoiceBody,
): Promise<Invoice> {
  const customer = await customerOf(deps, companyId, body);
  return buildDraft({
    invoiceId: deps.newId(),
    companyId,
    body,
    customer,
    now: deps.now().toISOString(),
  });
}

export async function createInvoice(
  input: { scope: CompanyScope; body: CreateInvoiceBody; series: string | undefined },
  deps: InvoicesDeps,
): Promise<Invoice> {
  const built = await draftOf(deps, input.scope.companyId, input.body);
  // `?series=` on a draft is checked and remembered now; the number is only claimed at confirmation.
  const chosen = input.series ? await resolveSeries(deps, built, input.series) : undefined;
  const draft: Invoice = { ...built, requestedSeriesId: chosen?.seriesId ?? null };
  await putDraft(deps, draft);
  return draft;
}

export const createInvoiceRoute = defineAction({
  query: InvoiceSeriesQuery,
  body: CreateInvoiceBody,
  status: 201,
  run: ({ auth, scope, query, body }, deps: InvoicesDeps) => {
    assertCanWrite(auth, scope);
    return createInvoice({ scope: scope!, body, series: query.series }, deps);
  },
});
