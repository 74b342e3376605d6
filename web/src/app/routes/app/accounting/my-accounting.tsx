import { MyAccounting } from '@web/features/accounting/components/my-accounting';
import { AccountingPlanGate } from './plan-gate';

/** /app/my-accounting: the client portal's balance sheet and P&L, read-only. */
export default function MyAccountingRoute() {
  return (
    <AccountingPlanGate>
      <MyAccounting />
    </AccountingPlanGate>
  );
}
