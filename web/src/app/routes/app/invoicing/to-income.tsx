import { paths } from '@web/lib/paths';
import { Navigate } from 'react-router-dom';

/** /app/invoices and /app/admin/invoicing: to the issued invoices (spec part 2 §2). */
export default function ToIncomeRoute() {
  return <Navigate to={paths.app.invoicing.income} replace />;
}
