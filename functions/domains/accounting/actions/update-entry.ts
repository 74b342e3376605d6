import { defineCompanyAction } from '@functions/platform/http';
import { EntryPath, type JournalEntry, UpdateEntryBody } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { journalEntryView } from '../store/engine';
import { updateManualEntry } from '../store/manual-entries';
import { requireAccountingPlan } from '../store/plan';

/** PUT accounting/entries/{entryId}: replaces a manual, unlocked entry of an open month. */
export const updateEntryRoute = defineCompanyAction({
  params: EntryPath,
  body: UpdateEntryBody,
  run: async ({ auth, scope, params, body }, deps: AccountingDeps): Promise<JournalEntry> => {
    await requireAccountingPlan(deps, auth, scope.companyId);
    const { entry, settings } = await updateManualEntry(deps, {
      companyId: scope.companyId,
      entryId: params.entryId,
      body,
    });
    return journalEntryView(entry, settings.closedThrough);
  },
});
