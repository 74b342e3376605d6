import { ClosingPage } from '@web/features/accounting/components/closing-page';
import { AccountingPlanGate } from './plan-gate';

/** /app/accounting/closing: Cierre del ejercicio. */
export default function ClosingPageRoute() {
  return (
    <AccountingPlanGate>
      <ClosingPage />
    </AccountingPlanGate>
  );
}
