import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { CreateCustomerBody, type Customer } from '@shared/schemas/customers';
import { createCustomer as storeCustomer } from '../store/customers';
import type { InvoicesDeps } from '../store/deps';

export async function createCustomer(
  input: { scope: CompanyScope; body: CreateCustomerBody },
  deps: InvoicesDeps,
): Promise<Customer> {
  const now = deps.now().toISOString();
  const customer: Customer = {
    customerId: deps.newId(),
    companyId: input.scope.companyId,
    ...input.body,
    createdAt: now,
    updatedAt: now,
  };
  await storeCustomer(deps, customer);
  return customer;
}

export const createCustomerRoute = defineCompanyAction({
  body: CreateCustomerBody,
  status: 201,
  run: ({ scope, body }, deps: InvoicesDeps) => {
    return createCustomer({ scope, body }, deps);
  },
});
