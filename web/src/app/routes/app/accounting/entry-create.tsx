import { EntryEditorPage } from '@web/features/accounting/components/entry-editor-page';
import { AccountingPlanGate } from './plan-gate';

/** /app/accounting/entries/create: a manual entry. */
export default function EntryCreateRoute() {
  return (
    <AccountingPlanGate>
      <EntryEditorPage />
    </AccountingPlanGate>
  );
}
