import { IncomeStatementPage } from '@web/features/accounting/components/income-statement-page';
import { AccountingPlanGate } from './plan-gate';

/** /app/accounting/income-statement: Cuenta de pérdidas y ganancias. */
export default function IncomeStatementPageRoute() {
  return (
    <AccountingPlanGate>
      <IncomeStatementPage />
    </AccountingPlanGate>
  );
}
