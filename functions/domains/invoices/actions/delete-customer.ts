import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { type Customer, CustomerPath } from '@shared/schemas/customers';
import { replaceCustomer } from '../store/customers';
import type { InvoicesDeps } from '../store/deps';
import { requireCustomer } from './get-customer';

/**
 * A soft delete: issued invoices keep referring to their customer (Art. 6 RD 1619/2012 data must
 * stay reconstructible), so the customer is only marked inactive and keeps its tax-id claim.
 */
export async function deleteCustomer(
  input: { scope: CompanyScope; customerId: string },
  deps: InvoicesDeps,
): Promise<Customer> {
  const current = await requireCustomer(deps, input.scope.companyId, input.customerId);
  if (!current.isActive) return current;
  const next: Customer = { ...current, isActive: false, updatedAt: deps.now().toISOString() };
  await replaceCustomer(deps, current, next);
  return next;
}

export const deleteCustomerRoute = defineCompanyAction({
  params: CustomerPath,
  run: ({ scope, params }, deps: InvoicesDeps) => {
    return deleteCustomer({ scope, customerId: params.customerId }, deps);
  },
});
