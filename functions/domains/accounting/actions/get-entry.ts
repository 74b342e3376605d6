import { defineCompanyAction } from '@functions/platform/http';
import { EntryPath, type JournalEntry } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { journalEntryView } from '../store/engine';
import { requireEntry } from '../store/queries';
import { readScope } from './report-scope';

/** GET accounting/entries/{entryId}: one entry with its lines; 404 CORE_006 when absent. */
export const getEntryRoute = defineCompanyAction({
  params: EntryPath,
  run: async ({ auth, scope, params }, deps: AccountingDeps): Promise<JournalEntry> => {
    const settings = await readScope(deps, auth, scope.companyId);
    return journalEntryView(
      await requireEntry(deps, scope.companyId, params.entryId),
      settings.closedThrough,
    );
  },
});
