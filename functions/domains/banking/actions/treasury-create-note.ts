import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { CreateNoteBody, type FollowUpNote } from '@shared/schemas/treasury';
import type { BankingDeps } from '../store/deps';
import { getOpenItem } from '../store/open-items';
import { createNote } from '../store/treasury';

/** POST treasury/follow-up-notes: a follow-up note on an issued or received invoice of the company. */
export const treasuryCreateNoteRoute = defineCompanyAction({
  body: CreateNoteBody,
  status: 201,
  run: async ({ auth, scope, body }, deps: BankingDeps): Promise<FollowUpNote> => {
    const item = await getOpenItem(deps, scope.companyId, body.documentKind, body.documentId);
    if (!item) throw new AppError('CORE_006', 'La factura no existe.');
    return createNote(deps, scope.companyId, body, { userId: auth.userId, name: auth.username });
  },
});
