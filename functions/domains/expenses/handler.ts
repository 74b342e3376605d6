import { type AnyAction, createApiHandler, type RoutesOf } from '@functions/platform/http';
import { createExpenseCategoryRoute } from './actions/create-expense-category';
import { createSupplierRoute } from './actions/create-supplier';
import { deleteExpenseCategoryRoute } from './actions/delete-expense-category';
import { deleteSupplierRoute } from './actions/delete-supplier';
import { duplicateExpenseCategoryRoute } from './actions/duplicate-expense-category';
import { getSupplierRoute } from './actions/get-supplier';
import { getSupplierByTaxIdRoute } from './actions/get-supplier-by-tax-id';
import { listExpenseCategoriesRoute } from './actions/list-expense-categories';
import { listSuppliersRoute } from './actions/list-suppliers';
import { reorderExpenseCategoriesRoute } from './actions/reorder-expense-categories';
import { searchSuppliersRoute } from './actions/search-suppliers';
import { updateExpenseCategoryRoute } from './actions/update-expense-category';
import { updateSupplierRoute } from './actions/update-supplier';
import { receivedInvoicesActions } from './areas/received-invoices';
import { type ExpensesDeps, makeDeps } from './store/deps';

export const expensesActions: { [K in RoutesOf<'expenses'>]: AnyAction<ExpensesDeps> } = {
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
  ...receivedInvoicesActions,
};

export const handler = createApiHandler('expenses', expensesActions, makeDeps);
