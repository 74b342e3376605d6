import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import type { SiiEntry } from '@shared/schemas/sii';
import type { SiiDeps } from '../store/deps';
import { getEntry, type SiiSubmissionSummary, submissionsByIds } from '../store/queries';
import { ENTRY_NOT_FOUND } from '../store/user-moves';
import { submissionSummary } from './list-submissions';
import { entryView, requireSiiCompany, SiiEntryPath } from './sii-scope';

export interface SiiEntryDetail {
  entry: SiiEntry;
  /** The exchanges that carried it (or asked the AEAT about it), newest first. */
  submissions: SiiSubmissionSummary[];
}

/**
 * GET /sii/entries/{book}/{documentId}: one record with its content, history and the submissions
 * its history names (one BatchGet, within the company's partition).
 */
export const getEntryRoute = defineCompanyAction({
  params: SiiEntryPath,
  run: async ({ scope, params }, deps: SiiDeps): Promise<SiiEntryDetail> => {
    const companyId = scope.companyId;
    await requireSiiCompany(deps, companyId);
    const entry = await getEntry(deps, companyId, params.book, params.documentId);
    if (!entry) throw new AppError('CORE_006', ENTRY_NOT_FOUND);
    const ids = [
      ...entry.history.map((h) => h.submissionId).filter((id): id is string => typeof id === 'string'),
      ...(entry.lastSubmissionId ? [entry.lastSubmissionId] : []),
    ];
    const submissions = await submissionsByIds(deps, companyId, ids);
    return {
      entry: entryView(entry),
      submissions: submissions.map(submissionSummary).sort((a, b) => b.sentAt.localeCompare(a.sentAt)),
    };
  },
});
