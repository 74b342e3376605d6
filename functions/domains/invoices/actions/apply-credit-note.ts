import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  ApplyCreditBody,
  InvoicePath,
  type InvoiceView,
  type InvoiceWithPayments,
} from '@shared/schemas/invoices';
import { planCreditApplication } from '../model/credit-application';
import { invoiceView } from '../model/invoice-view';
import { madridDate } from '../model/payments';
import { applyCreditWrite, lostCreditRace } from '../store/credit-applications';
import type { InvoicesDeps } from '../store/deps';
import { MAX_PAYMENT_ATTEMPTS } from '../store/payments';
import { requireInvoice } from './get-invoice';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * POST /invoices/{invoiceId}/apply-credit: applies the credit not yet used of a credit note (a
 * rectificativa by differences with a negative total) to another open invoice of the same
 * customer, lowering what is owed on it, in one transaction. A lost race reads both again.
 */
export async function applyCreditNote(
  input: { scope: CompanyScope; userId: string; creditNoteId: string; body: ApplyCreditBody },
  deps: InvoicesDeps,
): Promise<{ creditNote: InvoiceView; invoice: InvoiceView }> {
  const { companyId } = input.scope;
  for (let attempt = 0; attempt < MAX_PAYMENT_ATTEMPTS; attempt++) {
    const creditNote = (await requireInvoice(deps, companyId, input.creditNoteId)) as InvoiceWithPayments;
    const target = (await requireInvoice(deps, companyId, input.body.targetInvoiceId)) as InvoiceWithPayments;
    const at = deps.now();
    const plan = planCreditApplication({
      creditNote,
      target,
      amountCents: input.body.amountCents,
      at: at.toISOString(),
      by: input.userId,
      today: madridDate(at),
    });
    try {
      await applyCreditWrite(deps, creditNote, target, plan);
      return {
        creditNote: invoiceView({
          ...creditNote,
          appliedCreditCents: plan.creditNote.appliedCreditCents,
          paymentStatus: plan.creditNote.paymentStatus,
          creditApplications: [...(creditNote.creditApplications ?? []), plan.creditNote.application],
        }),
        invoice: invoiceView({
          ...target,
          creditedCents: plan.target.creditedCents,
          paymentStatus: plan.target.paymentStatus,
          creditsReceived: [...(target.creditsReceived ?? []), plan.target.received],
        }),
      };
    } catch (e) {
      if (!lostCreditRace(e)) throw e;
      await sleep(Math.random() * Math.min(500, 20 * 2 ** attempt));
    }
  }
  throw new AppError('CONCURRENT_UPDATE', 'Las facturas han cambiado a la vez; inténtalo de nuevo.', {
    details: { reason: 'CREDIT_CONTENTION' },
  });
}

export const applyCreditNoteRoute = defineCompanyAction({
  params: InvoicePath,
  body: ApplyCreditBody,
  run: ({ auth, scope, params, body }, deps: InvoicesDeps) =>
    applyCreditNote({ scope, userId: auth.userId, creditNoteId: params.invoiceId, body }, deps),
});
