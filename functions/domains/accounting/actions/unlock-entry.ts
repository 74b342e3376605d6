import { defineCompanyAction } from '@functions/platform/http';
import { EntryPath, type JournalEntry } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { journalEntryView } from '../store/engine';
import { setEntryLock } from '../store/manual-entries';
import { requireAccountingPlan } from '../store/plan';

/** POST accounting/entries/{entryId}/unlock (spec part 2 §4): the owner or gestor only (route policy `accounting.manage`). */
export const unlockEntryRoute = defineCompanyAction({
  params: EntryPath,
  run: async ({ auth, scope, params }, deps: AccountingDeps): Promise<JournalEntry> => {
    await requireAccountingPlan(deps, auth, scope.companyId);
    const { entry, settings } = await setEntryLock(deps, {
      companyId: scope.companyId,
      entryId: params.entryId,
      userId: auth.userId,
      locked: false,
    });
    return journalEntryView(entry, settings.closedThrough);
  },
});
