import type { CompanyScope } from '@functions/platform/company-scope';
import { defineAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type Invoice, InvoicePath, InvoiceSeriesQuery, RectifyInvoiceBody } from '@shared/schemas/invoices';
import { madridDate } from '../model/payments';
import { assertCanWrite } from '../model/permissions';
import { buildRectificativa } from '../model/rectification';
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
  input: { scope: CompanyScope; invoiceId: string; body: RectifyInvoiceBody; series: string | undefined },
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
  return confirmWithLinks(deps, draft, series, 'create', draft.updatedAt);
}

export const rectifyInvoiceRoute = defineAction({
  params: InvoicePath,
  query: InvoiceSeriesQuery,
  body: RectifyInvoiceBody,
  status: 201,
  run: ({ auth, scope, params, query, body }, deps: InvoicesDeps) => {
    assertCanWrite(auth, scope);
    return rectifyInvoice({ scope: scope!, invoiceId: params.invoiceId, body, series: query.series }, deps);
  },
});
