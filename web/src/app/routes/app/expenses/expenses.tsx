import { ExpensesPage } from '@web/features/expenses/components/expenses-page';

/** /app/admin/invoicing/expenses */
export default function ExpensesRoute() {
  return <ExpensesPage />;
}
