import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type BulkOperation, BulkOperationPath } from '@shared/schemas/bulk-operations';
import { getBulkOperation } from '../store/bulk-operations';
import type { InvoicesDeps } from '../store/deps';

/** Looked up only under the caller's company: another company's operation is simply absent. */
export async function requireBulkOperation(
  deps: InvoicesDeps,
  companyId: string,
  operationId: string,
): Promise<BulkOperation> {
  const op = await getBulkOperation(deps, companyId, operationId);
  if (!op) throw new AppError('CORE_006', 'La operación masiva no existe.');
  return op;
}

/** The progress of a bulk operation: status, counters and the errors so far. */
export const getBulkOperationRoute = defineCompanyAction({
  params: BulkOperationPath,
  run: ({ scope, params }, deps: InvoicesDeps) => {
    return requireBulkOperation(deps, scope.companyId, params.operationId);
  },
});
