import { defineCompanyAction } from '@functions/platform/http';
import { type PaymentOrder, PaymentOrderPath } from '@shared/schemas/sepa';
import type { BankingDeps } from '../store/deps';
import { getPaymentOrder } from '../store/sepa';

/** GET banking/payment-orders/{orderId}: the order with its items (end-to-end ids, parties, amounts). */
export const getPaymentOrderRoute = defineCompanyAction({
  params: PaymentOrderPath,
  run: async ({ scope, params }, deps: BankingDeps): Promise<PaymentOrder> =>
    getPaymentOrder(deps, scope.companyId, params.orderId),
});
