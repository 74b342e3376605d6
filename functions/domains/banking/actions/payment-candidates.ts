import { defineCompanyAction } from '@functions/platform/http';
import { type PaymentCandidate, PaymentCandidatesQuery } from '@shared/schemas/sepa';
import type { BankingDeps } from '../store/deps';
import { listPaymentCandidates } from '../store/sepa';

/**
 * GET banking/payment-candidates?kind: what a payment order may include, by next due date: open
 * received invoices (TRANSFER) or open issued invoices of customers with an active mandate
 * (DIRECT_DEBIT), with the outstanding amount.
 */
export const paymentCandidatesRoute = defineCompanyAction({
  query: PaymentCandidatesQuery,
  run: async ({ scope, query }, deps: BankingDeps): Promise<{ items: PaymentCandidate[] }> => ({
    items: await listPaymentCandidates(deps, scope.companyId, query.kind),
  }),
});
