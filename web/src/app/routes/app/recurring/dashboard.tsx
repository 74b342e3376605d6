import { DashboardPage } from '@web/features/recurring/components/dashboard-page';

/** /app/invoices/recurring/dashboard */
export default function RecurringDashboardRoute() {
  return <DashboardPage />;
}
