import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { type BulkOperation, CreateBulkOperationBody } from '@shared/schemas/bulk-operations';
import { madridDate } from '../model/payments';
import { putBulkOperation } from '../store/bulk-operations';
import type { InvoicesDeps } from '../store/deps';

/** The options that apply to the operation; none at all rather than an empty map. */
function optionsOf(body: CreateBulkOperationBody, today: string): Pick<BulkOperation, 'options'> {
  if (body.operation === 'MARK_PAID') {
    return { options: { paidAt: body.options?.paidAt ?? today, method: body.options?.method } };
  }
  if (body.operation === 'CONFIRM' && body.options?.series)
    return { options: { series: body.options.series } };
  return {};
}

/**
 * Starts a bulk operation: ONE write of the operation item (QUEUED). Its INSERT is the async work:
 * the `bulk-dispatch` stream consumer splits it into queue messages, so nothing is lost between
 * this write and the queue. Each invoice's refusal is reported in the operation's `errors`.
 */
export async function createBulkOperation(
  input: { scope: CompanyScope; userId: string; body: CreateBulkOperationBody },
  deps: InvoicesDeps,
): Promise<BulkOperation> {
  const now = deps.now();
  const at = now.toISOString();
  const { body } = input;
  const op: BulkOperation = {
    operationId: deps.newId(),
    companyId: input.scope.companyId,
    operation: body.operation,
    status: 'QUEUED',
    invoiceIds: body.invoiceIds,
    ...optionsOf(body, madridDate(now)),
    total: body.invoiceIds.length,
    processed: 0,
    succeeded: 0,
    failed: 0,
    errors: [],
    zipKey: null,
    createdBy: input.userId,
    createdAt: at,
    updatedAt: at,
    completedAt: null,
  };
  await putBulkOperation(deps, op);
  return op;
}

export const createBulkOperationRoute = defineCompanyAction({
  body: CreateBulkOperationBody,
  status: 202,
  run: ({ auth, scope, body }, deps: InvoicesDeps) => {
    return createBulkOperation({ scope, userId: auth.userId, body }, deps);
  },
});
