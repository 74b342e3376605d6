import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type Supplier, SupplierPath } from '@shared/schemas/expenses';
import type { ExpensesDeps } from '../store/deps';
import { getSupplier } from '../store/suppliers';

/** The supplier of the caller's company, else 404 (another company's id is simply not found). */
export async function requireSupplier(
  deps: ExpensesDeps,
  companyId: string,
  supplierId: string,
): Promise<Supplier> {
  const supplier = await getSupplier(deps, companyId, supplierId);
  if (!supplier) throw new AppError('CORE_006', 'El proveedor no existe.');
  return supplier;
}

export const getSupplierRoute = defineCompanyAction({
  params: SupplierPath,
  run: ({ scope, params }, deps: ExpensesDeps) => {
    return requireSupplier(deps, scope.companyId, params.supplierId);
  },
});
