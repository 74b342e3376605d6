import { JournalPage } from '@web/features/accounting/components/journal-page';
import { AccountingPlanGate } from './plan-gate';

/** /app/accounting/journal: Libro diario. */
export default function JournalPageRoute() {
  return (
    <AccountingPlanGate>
      <JournalPage />
    </AccountingPlanGate>
  );
}
