import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { CreateEntryBody, type JournalEntry } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { journalEntryView } from '../store/engine';
import { createManualEntry } from '../store/manual-entries';
import { requireAccountingPlan } from '../store/plan';

/** POST accounting/entries: a manual entry (spec part 2 §5 rules and messages). */
export const createEntryRoute = defineCompanyAction({
  body: CreateEntryBody,
  status: 201,
  run: async ({ auth, scope, body }, deps: AccountingDeps): Promise<JournalEntry> => {
    // The spec's client names the company in the body too: it must be the one selected (the header's).
    if (body.companyId !== undefined && body.companyId !== scope.companyId)
      throw new AppError('CORE_004', 'La empresa del asiento no coincide con la empresa seleccionada.', {
        field: 'companyId',
      });
    await requireAccountingPlan(deps, auth, scope.companyId);
    const { entry, settings } = await createManualEntry(deps, {
      companyId: scope.companyId,
      userId: auth.userId,
      body,
    });
    return journalEntryView(entry, settings.closedThrough);
  },
});
