import { ReportsPage } from '@web/features/banking/treasury/reports-page';

/** /app/banking/treasury/reports: Informes de cobro. */
export default function ReportsPageRoute() {
  return <ReportsPage />;
}
