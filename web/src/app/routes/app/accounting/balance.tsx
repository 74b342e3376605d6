import { BalancePage } from '@web/features/accounting/components/balance-page';
import { AccountingPlanGate } from './plan-gate';

/** /app/accounting/balance: Balance de situación. */
export default function BalancePageRoute() {
  return (
    <AccountingPlanGate>
      <BalancePage />
    </AccountingPlanGate>
  );
}
