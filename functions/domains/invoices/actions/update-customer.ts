import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { type Customer, CustomerPath, UpdateCustomerBody } from '@shared/schemas/customers';
import { replaceCustomer } from '../store/customers';
import type { InvoicesDeps } from '../store/deps';
import { requireCustomer } from './get-customer';

export async function updateCustomer(
  input: { scope: CompanyScope; customerId: string; body: UpdateCustomerBody },
  deps: InvoicesDeps,
): Promise<Customer> {
  const current = await requireCustomer(deps, input.scope.companyId, input.customerId);
  // A replacement: optional fields left out are removed.
  const next: Customer = {
    customerId: current.customerId,
    companyId: current.companyId,
    ...input.body,
    isActive: input.body.isActive ?? current.isActive,
    createdAt: current.createdAt,
    updatedAt: deps.now().toISOString(),
  };
  await replaceCustomer(deps, current, next);
  return next;
}

export const updateCustomerRoute = defineCompanyAction({
  params: CustomerPath,
  body: UpdateCustomerBody,
  run: ({ scope, params, body }, deps: InvoicesDeps) => {
    return updateCustomer({ scope, customerId: params.customerId, body }, deps);
  },
});
