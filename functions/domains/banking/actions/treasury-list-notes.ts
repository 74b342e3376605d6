import { defineCompanyAction } from '@functions/platform/http';
import { type FollowUpNote, ListNotesQuery } from '@shared/schemas/treasury';
import type { BankingDeps } from '../store/deps';
import { listNotes } from '../store/treasury';

/** GET treasury/follow-up-notes?documentKind=&documentId=: a document's notes (or all), newest first. */
export const treasuryListNotesRoute = defineCompanyAction({
  query: ListNotesQuery,
  run: async ({ scope, query }, deps: BankingDeps): Promise<{ items: FollowUpNote[] }> => ({
    items: await listNotes(
      deps,
      scope.companyId,
      query.documentKind && query.documentId
        ? { kind: query.documentKind, documentId: query.documentId }
        : undefined,
    ),
  }),
});
