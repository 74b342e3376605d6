import { TrialBalancePage } from '@web/features/accounting/components/trial-balance-page';
import { AccountingPlanGate } from './plan-gate';

/** /app/accounting/trial-balance: Balance de sumas y saldos. */
export default function TrialBalancePageRoute() {
  return (
    <AccountingPlanGate>
      <TrialBalancePage />
    </AccountingPlanGate>
  );
}
