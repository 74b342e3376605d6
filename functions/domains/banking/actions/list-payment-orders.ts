import { defineCompanyAction } from '@functions/platform/http';
import { ListPaymentOrdersQuery, type PaymentOrderSummary } from '@shared/schemas/sepa';
import type { BankingDeps } from '../store/deps';
import { listPaymentOrders } from '../store/sepa';

/** GET banking/payment-orders?kind: the orders generated, newest first (without items nor file). */
export const listPaymentOrdersRoute = defineCompanyAction({
  query: ListPaymentOrdersQuery,
  run: async ({ scope, query }, deps: BankingDeps): Promise<{ items: PaymentOrderSummary[] }> => ({
    items: await listPaymentOrders(deps, scope.companyId, query.kind),
  }),
});
