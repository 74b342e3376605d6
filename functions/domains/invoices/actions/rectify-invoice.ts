import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type Invoice, InvoicePath, InvoiceSeriesQuery } from '@shared/schemas/invoices';
import { RectifyInvoiceBody } from '@shared/schemas/rectificativas';
import { missingAddressParts } from '../model/complete-invoice';
import { invoiceView } from '../model/invoice-view';
import { madridDate } from '../model/payments';
import { buildRectificativa } from '../model/rectification';
import { getCustomer } from '../store/customers';
import type { InvoicesDeps } from '../store/deps';
import { putDraft } from '../store/invoices';
import { confirmWithLinks, resolveSeries } from './confirm-invoice';
import { requireInvoice } from './get-invoice';

/**
 * Issues a rectificativa (art. 15 RD 1619/2012) of one or more confirmed invoices of the same
 * customer. Every check runs before anything is written; with `confirm` (the default) the
 * rectificativa is numbered in a RECTIFICATIVA series and linked from the rectified invoices in
 * ONE transaction, otherwise it is left as a draft (linked when it is confirmed).
 */
export async function rectifyInvoice(
  input: {
    scope: CompanyScope;
    invoiceId: string;
    body: RectifyInvoiceBody;
    series: string | undefined;
    userId?: string | null;
  },
  deps: InvoicesDeps,
): Promise<Invoice> {
  const { companyId } = input.scope;
  const { body } = input;
  const ids = [input.invoiceId, ...(body.additionalInvoiceIds ?? [])];
  if (new Set(ids).size !== ids.length) {
    throw new AppError('CORE_004', 'Una factura aparece más de una vez entre las que se rectifican.', {
      field: 'additionalInvoiceIds',
      details: { reason: 'DUPLICATE_INVOICE' },
    });
  }
  // Looked up only under the caller's company: another company's id is simply absent (404).
  const originals = await Promise.all(ids.map((id) => requireInvoice(deps, companyId, id)));
  await completeRecipient(deps, originals);
  const now = deps.now();
  const draft = buildRectificativa({
    invoiceId: deps.newId(),
    body,
    originals,
    invoiceDate: body.invoiceDate ?? madridDate(now),
    now: now.toISOString(),
    requestedSeriesId: null,
  });
  const series = await resolveSeries(deps, draft, body.series ?? input.series);
  if (!body.confirm) {
    const saved: Invoice = { ...draft, requestedSeriesId: series.seriesId };
    await putDraft(deps, saved);
    return saved;
  }
  return confirmWithLinks(deps, draft, series, 'create', draft.updatedAt, input.userId ?? null);
}

/**
 * The rectificativa goes to the recipient of the invoice it corrects (art. 15 RD 1619/2012). An
 * invoice issued before its customer's domicilio was required may lack it: it is taken from the
 * stored customer then, so completing the customer is enough to issue the rectificativa.
 */
async function completeRecipient(deps: InvoicesDeps, originals: Invoice[]): Promise<void> {
  const first = originals[0]!;
  const c = first.customer;
  if (
    !c?.customerId ||
    missingAddressParts({ street: c.address, postalCode: c.postalCode, city: c.city }).length === 0
  ) {
    return;
  }
  const stored = await getCustomer(deps, first.companyId, c.customerId);
  if (!stored) return;
  originals[0] = {
    ...first,
    customer: {
      ...c,
      address: c.address || stored.address.street,
      postalCode: c.postalCode || stored.address.postalCode,
      city: c.city || stored.address.city,
    },
  };
}

export const rectifyInvoiceRoute = defineCompanyAction({
  params: InvoicePath,
  query: InvoiceSeriesQuery,
  body: RectifyInvoiceBody,
  status: 201,
  run: ({ auth, scope, params, query, body }, deps: InvoicesDeps) => {
    return rectifyInvoice(
      { scope, invoiceId: params.invoiceId, body, series: query.series, userId: auth?.userId ?? null },
      deps,
    ).then(invoiceView);
  },
});
