import { TaxDashboard } from '@web/features/tax/components/tax-dashboard';

/** /app/tax/dashboard */
export default function TaxDashboardRoute() {
  return <TaxDashboard />;
}
