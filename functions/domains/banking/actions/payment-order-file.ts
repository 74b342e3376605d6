import { binaryResponse, defineCompanyAction } from '@functions/platform/http';
import { PaymentOrderPath } from '@shared/schemas/sepa';
import type { BankingDeps } from '../store/deps';
import { getPaymentOrderFile } from '../store/sepa';

/** GET banking/payment-orders/{orderId}/file: the XML file to upload to the bank's online banking. */
export const paymentOrderFileRoute = defineCompanyAction({
  params: PaymentOrderPath,
  run: async ({ scope, params }, deps: BankingDeps) => {
    const file = await getPaymentOrderFile(deps, scope.companyId, params.orderId);
    return binaryResponse({
      contentType: 'application/xml; charset=utf-8',
      body: new TextEncoder().encode(file.xml),
      filename: file.fileName,
    });
  },
});
