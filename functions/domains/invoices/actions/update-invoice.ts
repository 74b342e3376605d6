import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { CreateInvoiceBody, type Invoice, InvoicePath, isRectificativa } from '@shared/schemas/invoices';
import { buildDraft } from '../model/build-invoice';
import { termsFor } from '../model/due-dates';
import type { InvoicesDeps } from '../store/deps';
import { confirmedIsFinal, replaceDraft } from '../store/invoices';
import { getInvoicingDefaults } from '../store/invoicing-defaults';
import { customerOf } from './create-invoice';
import { requireInvoice } from './get-invoice';

/** Replaces a draft with the body (the contract of POST). A confirmed invoice is refused untouched. */
export async function updateInvoice(
  input: { scope: CompanyScope; invoiceId: string; body: CreateInvoiceBody },
  deps: InvoicesDeps,
): Promise<Invoice> {
  const { companyId } = input.scope;
  const current = await requireInvoice(deps, companyId, input.invoiceId);
  // Art. 6 RD 1619/2012: an issued invoice is never edited; corrections are rectificativas.
  if (current.status !== 'DRAFT') throw confirmedIsFinal();
  // A rectificativa's draft is bound to the invoices it corrects; the ordinary body cannot carry that.
  if (isRectificativa(current.invoiceType)) {
    throw new AppError(
      'CORE_004',
      'Un borrador de rectificativa no se edita: elimínalo y emite de nuevo la rectificativa.',
      { details: { reason: 'RECTIFICATIVA_DRAFT' } },
    );
  }
  const customer = await customerOf(deps, companyId, input.body);
  const built = buildDraft({
    invoiceId: current.invoiceId,
    companyId,
    body: input.body,
    customer,
    now: deps.now().toISOString(),
    createdAt: current.createdAt,
    requestedSeriesId: current.requestedSeriesId,
    // Issue 19: a body without due dates takes them from the terms in force, as at creation.
    paymentTerms: termsFor(customer, (await getInvoicingDefaults(deps, companyId)).paymentTerms),
  });
  // Where the draft came from (recurring, import) stays what it was.
  const next: Invoice = current.origin ? { ...built, origin: current.origin } : built;
  await replaceDraft(deps, current, next);
  return next;
}

export const updateInvoiceRoute = defineCompanyAction({
  params: InvoicePath,
  body: CreateInvoiceBody,
  run: ({ scope, params, body }, deps: InvoicesDeps) => {
    return updateInvoice({ scope, invoiceId: params.invoiceId, body }, deps);
  },
});
