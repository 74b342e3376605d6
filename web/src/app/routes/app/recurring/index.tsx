import { paths } from '@web/lib/paths';
import { Navigate } from 'react-router-dom';

/** /app/invoices/recurring → the dashboard (spec part 2 §2). */
export default function RecurringIndexRoute() {
  return <Navigate to={paths.app.recurring.dashboard} replace />;
}
