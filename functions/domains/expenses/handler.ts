/**
 * The expenses domain's Lambda: suppliers, expense categories, received invoices and expense totals.
 * The same function is the manifest's `received-invoice-draft` invokable (issue 17): a direct
 * invocation from the documents worker (no `httpMethod`/`requestContext`) is validated against
 * shared/schemas/received-invoice-draft.ts and turns a reading into a draft; API Gateway events go
 * through the pipeline.
 */

import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { withInvocations } from '@functions/platform/invoke';
import { addReceivedPaymentRoute } from './actions/add-received-payment';
import { assignReceivedInvoiceCategoryRoute } from './actions/assign-received-invoice-category';
import { countExpenseCategoriesRoute } from './actions/count-expense-categories';
import { createExpenseCategoryRoute } from './actions/create-expense-category';
import { createReceivedInvoiceRoute } from './actions/create-received-invoice';
import { createSupplierRoute } from './actions/create-supplier';
import { deleteExpenseCategoryRoute } from './actions/delete-expense-category';
import { deleteReceivedInvoiceRoute } from './actions/delete-received-invoice';
import { deleteReceivedPaymentRoute } from './actions/delete-received-payment';
import { deleteSupplierRoute } from './actions/delete-supplier';
import { duplicateExpenseCategoryRoute } from './actions/duplicate-expense-category';
import { getExpenseTotalsRoute } from './actions/get-expense-totals';
import { getExpensesByCategoryRoute } from './actions/get-expenses-by-category';
import { getReceivedInvoiceRoute } from './actions/get-received-invoice';
import { getSupplierRoute } from './actions/get-supplier';
import { getSupplierByTaxIdRoute } from './actions/get-supplier-by-tax-id';
import { listExpenseCategoriesRoute } from './actions/list-expense-categories';
import {
  listCompanyReceivedInvoicesRoute,
  listReceivedInvoicesRoute,
} from './actions/list-received-invoices';
import { listReceivedPaymentsRoute } from './actions/list-received-payments';
import { listSuppliersRoute } from './actions/list-suppliers';
import { reorderExpenseCategoriesRoute } from './actions/reorder-expense-categories';
import { searchSuppliersRoute } from './actions/search-suppliers';
import { setReceivedInvoiceApprovalRoute } from './actions/set-received-invoice-approval';
import { suggestReceivedInvoiceCategoryRoute } from './actions/suggest-received-invoice-category';
import { updateExpenseCategoryRoute } from './actions/update-expense-category';
import { updateReceivedInvoiceRoute } from './actions/update-received-invoice';
import { updateSupplierRoute } from './actions/update-supplier';
import { type ExpensesDeps, makeDeps } from './store/deps';
import { expensesInvocation } from './workers/invocations';

/** Route id -> action: exactly this domain's rows of shared/api/routes.ts (checked by the compiler). */
export const expensesActions: ActionsOf<'expenses', ExpensesDeps> = {
  // suppliers and expense categories
  'suppliers.list': listSuppliersRoute,
  'suppliers.search': searchSuppliersRoute,
  'suppliers.byTaxId': getSupplierByTaxIdRoute,
  'suppliers.create': createSupplierRoute,
  'suppliers.get': getSupplierRoute,
  'suppliers.update': updateSupplierRoute,
  'suppliers.delete': deleteSupplierRoute,
  'expenseCategories.list': listExpenseCategoriesRoute,
  'expenseCategories.create': createExpenseCategoryRoute,
  'expenseCategories.reorder': reorderExpenseCategoriesRoute,
  'expenseCategories.update': updateExpenseCategoryRoute,
  'expenseCategories.delete': deleteExpenseCategoryRoute,
  'expenseCategories.duplicate': duplicateExpenseCategoryRoute,
  // received invoices and expense totals (spec part 2 §3, §7)
  'expenseCategories.counts': countExpenseCategoriesRoute,
  'receivedInvoices.list': listReceivedInvoicesRoute,
  'receivedInvoices.listByCompany': listCompanyReceivedInvoicesRoute,
  'receivedInvoices.create': createReceivedInvoiceRoute,
  'receivedInvoices.get': getReceivedInvoiceRoute,
  'receivedInvoices.update': updateReceivedInvoiceRoute,
  'receivedInvoices.delete': deleteReceivedInvoiceRoute,
  'receivedInvoices.setApproval': setReceivedInvoiceApprovalRoute,
  'receivedInvoices.assignCategory': assignReceivedInvoiceCategoryRoute,
  // the category learned per supplier (issue 17 item 3)
  'receivedInvoices.suggestCategory': suggestReceivedInvoiceCategoryRoute,
  // payments of received invoices (issue 16: the SII's RECC pagos)
  'receivedInvoices.listPayments': listReceivedPaymentsRoute,
  'receivedInvoices.addPayment': addReceivedPaymentRoute,
  'receivedInvoices.deletePayment': deleteReceivedPaymentRoute,
  'expenses.totals': getExpenseTotalsRoute,
  'expenses.byCategory': getExpensesByCategoryRoute,
};

export const handler = withInvocations(
  createApiHandler('expenses', expensesActions, makeDeps),
  expensesInvocation,
);
