import { defineCompanyAction } from '@functions/platform/http';
import {
  AssignCategoryBody,
  type ReceivedInvoice,
  ReceivedInvoicePath,
} from '@shared/schemas/received-invoices';
import type { ExpensesDeps } from '../store/deps';
import { saveReceivedInvoice } from '../store/received-invoices';
import { requireReceivedInvoice } from './get-received-invoice';

/**
 * Puts a received invoice in an active expense category (or none, with `null`): one transaction
 * checks the category, moves the counters and writes the invoice on the version read.
 */
export async function assignReceivedInvoiceCategory(
  input: { companyId: string; receivedInvoiceId: string; body: AssignCategoryBody },
  deps: ExpensesDeps,
): Promise<ReceivedInvoice> {
  const current = await requireReceivedInvoice(deps, input.companyId, input.receivedInvoiceId);
  if (current.expenseCategoryId === input.body.categoryId) return current;
  const next: ReceivedInvoice = {
    ...current,
    expenseCategoryId: input.body.categoryId,
    version: current.version + 1,
    updatedAt: deps.now().toISOString(),
  };
  await saveReceivedInvoice(deps, current, next);
  return next;
}

export const assignReceivedInvoiceCategoryRoute = defineCompanyAction({
  params: ReceivedInvoicePath,
  body: AssignCategoryBody,
  run: ({ scope, params, body }, deps: ExpensesDeps) => {
    return assignReceivedInvoiceCategory(
      { companyId: scope.companyId, receivedInvoiceId: params.receivedInvoiceId, body },
      deps,
    );
  },
});
