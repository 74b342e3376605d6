import { defineCompanyAction } from '@functions/platform/http';
import { toReceivedForAggregates } from '@shared/fiscal/received-invoice-totals';
import { hasDeferredDeduction } from '@shared/fiscal/received-payment-aggregates';
import { supplierTaxIdKey } from '@shared/schemas/expenses';
import { isOutOfBook } from '@shared/schemas/received-invoice-draft';
import { receivedEvent } from '@shared/schemas/received-invoice-events';
import {
  type ReceivedInvoice,
  ReceivedInvoicePath,
  UpdateReceivedInvoiceBody,
} from '@shared/schemas/received-invoices';
import { buildReceivedInvoice } from '../model/received-invoices';
import { checkTotalCoversPayments } from '../model/received-payments';
import { readCompanySii, readTaxProfileVersions } from '../store/company-sii';
import type { ExpensesDeps } from '../store/deps';
import { saveReceivedInvoice } from '../store/received-invoices';
import { listReceivedPayments } from '../store/received-payments';
import { resolveRectification, resolveSupplier, termsInForce } from './create-received-invoice';
import { requireReceivedInvoice } from './get-received-invoice';

/**
 * Corrects a received invoice (a replacement; approval, SII state and payments are kept; the new
 * total may not fall below what was paid). One transaction conditioned on the version read moves the
 * number claim and the category counter, replaces the old contribution to the tax aggregates by the
 * new one (under the criterio de caja, the supplier's or the company's own, decided again from the
 * corrected dates, with its payments' settlements re-stated) and,
 * carries the RECEIVED_UPDATED event (model/received-events.ts). A draft made from a document and
 * not approved yet (out of the book, issue 17 item 3) STAYS out of the book: an edit is not the
 * review the product promises ("nada se contabiliza sin que lo revises"), so it completes the
 * draft (no longer INCOMPLETE: the body is a valid invoice) and only the approval books it
 * (set-received-invoice-approval, or the document's review). A correction that names no withholding kind keeps the invoice's
 * own (a client that predates the kinds must not turn a rent into a professional's fee), else takes
 * the supplier's.
 */
export async function updateReceivedInvoice(
  input: { companyId: string; receivedInvoiceId: string; body: UpdateReceivedInvoiceBody },
  deps: ExpensesDeps,
): Promise<ReceivedInvoice> {
  const current = await requireReceivedInvoice(deps, input.companyId, input.receivedInvoiceId);
  const { supplier, remembered, rememberedCashCriterion, paymentTerms } = await resolveSupplier(
    deps,
    input.companyId,
    input.body,
  );
  const rectification = await resolveRectification(
    deps,
    { companyId: input.companyId, selfId: current.receivedInvoiceId, supplier },
    input.body,
  );
  const [company, profileVersions] = await Promise.all([
    readCompanySii(deps, input.companyId),
    readTaxProfileVersions(deps, input.companyId),
  ]);
  const at = deps.now().toISOString();
  const outOfBook = isOutOfBook(current);
  const built = buildReceivedInvoice(
    input.body,
    {
      supplier,
      rectification,
      rememberedWithholding: current.withholdingKind
        ? { withholdingKind: current.withholdingKind, withholdingKey: current.withholdingKey ?? null }
        : remembered,
      // Not said: the invoice's own mark, or the new supplier's when the supplier changes.
      supplierCashCriterion:
        input.body.supplierCashCriterion ??
        (supplierTaxIdKey(supplier.taxId) === supplierTaxIdKey(current.supplier.taxId)
          ? current.supplierCashCriterion === true
          : rememberedCashCriterion),
      // Decided again: the corrected operation date may fall in another version of the profile.
      companyCashRegime: { versions: profileVersions, vatRegime: company.vatRegime },
      // Issue 19: a correction without due dates takes them from the terms in force again.
      paymentTerms: await termsInForce(deps, input.companyId, input.body, paymentTerms),
    },
    {
      ...current,
      // The SII state and the payments are the invoice's own: a correction keeps them (a draft out
      // of the book has none: its registration is its approval).
      siiStatus: current.siiStatus ?? null,
      paidCents: current.paidCents ?? 0,
      version: current.version + 1,
      updatedAt: at,
    },
  );
  // A draft out of the book keeps its flags, now complete (a person wrote every field) and still
  // unbooked; a booked invoice corrected is an ordinary one (its draft flags dropped).
  const next: ReceivedInvoice =
    outOfBook && current.draft
      ? { ...built, draft: { ...current.draft, needsReview: false, incompleteFields: [], booked: false } }
      : built;
  checkTotalCoversPayments(next);
  // Under the criterio de caja (before or after; the supplier's or the company's own) the payments
  // date the deduction: its settlements are re-stated with the corrected figures (read after the
  // invoice, whose version every payment moves, so the write's condition covers them).
  const deferred = [current, next].some((r) => hasDeferredDeduction(toReceivedForAggregates(r)));
  const payments =
    deferred && (current.paidCents ?? 0) > 0
      ? await listReceivedPayments(deps, input.companyId, current.receivedInvoiceId)
      : [];
  await saveReceivedInvoice(deps, current, next, {
    event: receivedEvent({ company, current, next, at }),
    payments: { before: payments, after: payments },
  });
  return next;
}

export const updateReceivedInvoiceRoute = defineCompanyAction({
  params: ReceivedInvoicePath,
  body: UpdateReceivedInvoiceBody,
  run: ({ scope, params, body }, deps: ExpensesDeps) => {
    return updateReceivedInvoice(
      { companyId: scope.companyId, receivedInvoiceId: params.receivedInvoiceId, body },
      deps,
    );
  },
});
