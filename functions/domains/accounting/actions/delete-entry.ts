import { defineCompanyAction } from '@functions/platform/http';
import { EntryPath } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { deleteManualEntry } from '../store/manual-entries';
import { requireAccountingPlan } from '../store/plan';

/** DELETE accounting/entries/{entryId}: removes a manual, unlocked entry of an open month. */
export const deleteEntryRoute = defineCompanyAction({
  params: EntryPath,
  run: async ({ auth, scope, params }, deps: AccountingDeps): Promise<{ entryId: string; deleted: true }> => {
    await requireAccountingPlan(deps, auth, scope.companyId);
    await deleteManualEntry(deps, { companyId: scope.companyId, entryId: params.entryId });
    return { entryId: params.entryId, deleted: true };
  },
});
