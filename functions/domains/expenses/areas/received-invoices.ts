/**
 * Routes of one area of the expenses domain, spread into the handler's action map. The type lists
 * exactly the route ids this area serves (shared/api/routes.ts).
 */

import type { AnyAction } from '@functions/platform/http';
import { assignReceivedInvoiceCategoryRoute } from '../actions/assign-received-invoice-category';
import { countExpenseCategoriesRoute } from '../actions/count-expense-categories';
import { createReceivedInvoiceRoute } from '../actions/create-received-invoice';
import { deleteReceivedInvoiceRoute } from '../actions/delete-received-invoice';
import { getExpenseTotalsRoute } from '../actions/get-expense-totals';
import { getExpensesByCategoryRoute } from '../actions/get-expenses-by-category';
import { getReceivedInvoiceRoute } from '../actions/get-received-invoice';
import {
  listCompanyReceivedInvoicesRoute,
  listReceivedInvoicesRoute,
} from '../actions/list-received-invoices';
import { setReceivedInvoiceApprovalRoute } from '../actions/set-received-invoice-approval';
import { updateReceivedInvoiceRoute } from '../actions/update-received-invoice';
import type { ExpensesDeps } from '../store/deps';

export type ReceivedInvoicesActionsRoutes =
  | 'expenseCategories.counts'
  | 'receivedInvoices.list'
  | 'receivedInvoices.listByCompany'
  | 'receivedInvoices.create'
  | 'receivedInvoices.get'
  | 'receivedInvoices.update'
  | 'receivedInvoices.delete'
  | 'receivedInvoices.setApproval'
  | 'receivedInvoices.assignCategory'
  | 'expenses.totals'
  | 'expenses.byCategory';

export const receivedInvoicesActions: { [K in ReceivedInvoicesActionsRoutes]: AnyAction<ExpensesDeps> } = {
  'expenseCategories.counts': countExpenseCategoriesRoute,
  'receivedInvoices.list': listReceivedInvoicesRoute,
  'receivedInvoices.listByCompany': listCompanyReceivedInvoicesRoute,
  'receivedInvoices.create': createReceivedInvoiceRoute,
  'receivedInvoices.get': getReceivedInvoiceRoute,
  'receivedInvoices.update': updateReceivedInvoiceRoute,
  'receivedInvoices.delete': deleteReceivedInvoiceRoute,
  'receivedInvoices.setApproval': setReceivedInvoiceApprovalRoute,
  'receivedInvoices.assignCategory': assignReceivedInvoiceCategoryRoute,
  'expenses.totals': getExpenseTotalsRoute,
  'expenses.byCategory': getExpensesByCategoryRoute,
};
