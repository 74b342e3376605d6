import { ChartPage } from '@web/features/accounting/components/chart-page';
import { AccountingPlanGate } from './plan-gate';

/** /app/accounting/chart: Plan de cuentas. */
export default function ChartPageRoute() {
  return (
    <AccountingPlanGate>
      <ChartPage />
    </AccountingPlanGate>
  );
}
