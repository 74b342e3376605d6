import { FinancialReportPage } from '@web/features/accounting/components/financial-report-page';
import { AccountingPlanGate } from './plan-gate';

/** /app/accounting/financial-report: Informe financiero. */
export default function FinancialReportPageRoute() {
  return (
    <AccountingPlanGate>
      <FinancialReportPage />
    </AccountingPlanGate>
  );
}
