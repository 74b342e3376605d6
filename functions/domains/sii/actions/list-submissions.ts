import { defineCompanyAction } from '@functions/platform/http';
import type { Page } from '@shared/api/envelope';
import { paginate } from '@shared/api/listing';
import { type SiiSubmission, SiiSubmissionsQuery } from '@shared/schemas/sii';
import type { SiiDeps } from '../store/deps';
import { listSubmissions, type SiiSubmissionSummary } from '../store/queries';
import { requireSiiCompany } from './sii-scope';

/** A submission without its per-record answers (lists show counts; the detail shows the records). */
export function submissionSummary(s: SiiSubmission | SiiSubmissionSummary): SiiSubmissionSummary {
  const { records: _records, ...summary } = s as SiiSubmission;
  return summary;
}

/**
 * GET /sii/submissions?book=&period=YYYY-MM&status=&page=&size=: the company's exchanges with the
 * AEAT (each a message of up to 10,000 records of one book, or a ConsultaLR), newest first.
 */
export const listSubmissionsRoute = defineCompanyAction({
  query: SiiSubmissionsQuery,
  run: async ({ scope, query }, deps: SiiDeps): Promise<Page<SiiSubmissionSummary>> => {
    await requireSiiCompany(deps, scope.companyId);
    const items = await listSubmissions(deps, scope.companyId, {
      book: query.book,
      period: query.period,
      status: query.status,
    });
    return paginate(items.map(submissionSummary), query.page, query.size);
  },
});
