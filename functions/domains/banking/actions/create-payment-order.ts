import { defineCompanyAction } from '@functions/platform/http';
import { CreatePaymentOrderBody, type PaymentOrder } from '@shared/schemas/sepa';
import type { BankingDeps } from '../store/deps';
import { createPaymentOrder } from '../store/sepa';

/**
 * POST banking/payment-orders (idempotent): builds the SEPA file (pain.001.001.03 transfers or
 * pain.008.001.02 direct debits) of the selected documents and stores the order. No payment is
 * recorded now: the bank movement that executes it is reconciled later.
 */
export const createPaymentOrderRoute = defineCompanyAction({
  body: CreatePaymentOrderBody,
  status: 201,
  run: async ({ auth, scope, body }, deps: BankingDeps): Promise<PaymentOrder> =>
    createPaymentOrder(deps, scope.companyId, auth.userId, body),
});
