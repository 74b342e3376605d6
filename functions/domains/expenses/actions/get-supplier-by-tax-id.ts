import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { validateTaxId } from '@shared/fiscal/nif';
import { type Supplier, SupplierTaxIdPath, supplierTaxIdKey } from '@shared/schemas/expenses';
import type { ExpensesDeps } from '../store/deps';
import { getSupplierByTaxIdKey, listSuppliers } from '../store/suppliers';

/**
 * A Spanish NIF is found through its claim item (two GetItems); a foreign identifier, whose type
 * and country the path does not carry, by its value among the company's suppliers.
 */
export async function getSupplierByTaxId(
  input: { companyId: string; taxId: string },
  deps: ExpensesDeps,
): Promise<Supplier> {
  const nif = validateTaxId(input.taxId);
  const found = nif.valid
    ? await getSupplierByTaxIdKey(deps, input.companyId, supplierTaxIdKey(nif.normalized))
    : (await listSuppliers(deps, input.companyId)).find(
        (s) => typeof s.taxId !== 'string' && s.taxId.value === nif.normalized,
      );
  if (!found) throw new AppError('CORE_006', 'No hay ningún proveedor con este identificador fiscal.');
  return found;
}

export const getSupplierByTaxIdRoute = defineCompanyAction({
  params: SupplierTaxIdPath,
  run: ({ scope, params }, deps: ExpensesDeps) => {
    return getSupplierByTaxId({ companyId: scope.companyId, taxId: params.taxId }, deps);
  },
});
