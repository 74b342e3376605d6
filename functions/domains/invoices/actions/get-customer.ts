import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type Customer, CustomerPath } from '@shared/schemas/customers';
import { getCustomer } from '../store/customers';
import type { InvoicesDeps } from '../store/deps';

/** Looked up only under the caller's company partition: another company's id is simply absent. */
export async function requireCustomer(
  deps: InvoicesDeps,
  companyId: string,
  customerId: string,
): Promise<Customer> {
  const customer = await getCustomer(deps, companyId, customerId);
  if (!customer) throw new AppError('CORE_006', 'El cliente no existe.');
  return customer;
}

export const getCustomerRoute = defineCompanyAction({
  params: CustomerPath,
  run: ({ scope, params }, deps: InvoicesDeps) => {
    return requireCustomer(deps, scope.companyId, params.customerId);
  },
});
