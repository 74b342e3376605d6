import { EntryEditorPage } from '@web/features/accounting/components/entry-editor-page';
import { useParams } from 'react-router-dom';
import { AccountingPlanGate } from './plan-gate';

/** /app/accounting/entries/:entryId/edit: an unlocked manual entry. */
export default function EntryEditRoute() {
  const { entryId = '' } = useParams();
  return (
    <AccountingPlanGate>
      <EntryEditorPage key={entryId} entryId={entryId} />
    </AccountingPlanGate>
  );
}
