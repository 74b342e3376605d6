import { defineCompanyAction } from '@functions/platform/http';
import { supplierTaxIdKey } from '@shared/schemas/expenses';
import { receivedEvent } from '@shared/schemas/received-invoice-events';
import {
  AssignCategoryBody,
  type ReceivedInvoice,
  ReceivedInvoicePath,
} from '@shared/schemas/received-invoices';
import { readCompanySii } from '../store/company-sii';
import type { ExpensesDeps } from '../store/deps';
import { learnedCategoryPut } from '../store/drafts';
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
  const company = await readCompanySii(deps, input.companyId);
  const at = deps.now().toISOString();
  const next: ReceivedInvoice = {
    ...current,
    expenseCategoryId: input.body.categoryId,
    version: current.version + 1,
    updatedAt: at,
  };
  // Every stored change of an SII company's invoice is an event (the record itself may not change).
  // Issue 17: the category assigned is the one the supplier's next invoice is drafted in (learned).
  const categoryId = input.body.categoryId;
  await saveReceivedInvoice(deps, current, next, {
    event: receivedEvent({ company, current, next, at }),
    extraItems: categoryId
      ? [
          learnedCategoryPut(deps.table, input.companyId, supplierTaxIdKey(current.supplier.taxId), {
            categoryId,
            receivedInvoiceId: current.receivedInvoiceId,
            at,
          }),
        ]
      : [],
  });
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
