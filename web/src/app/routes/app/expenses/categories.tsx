import { ExpenseCategoriesPage } from '@web/features/expenses/components/expense-categories-page';

/** /app/companies/:companyId/expense-categories and /app/configuration/expense-categories */
export default function ExpenseCategoriesRoute() {
  return <ExpenseCategoriesPage />;
}
